import { type APIRequestContext, type Browser, expect, type Page } from '@playwright/test';
import { trekRequestDescription } from '@trek/shared/schemas';
import { waitForMagicLink } from './mailbox';
import { BASE_URL } from './suite-env';
import { dayNextMonth } from './wizard';

/** A project as the API answers it (the fields the tests read). */
export interface CreatedProject {
  id: string;
  title: string;
  destination: string;
}

const isoDate = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

let created = 0;

/**
 * A trek request created through the API, as the wizard sends it, for whoever `request` is
 * signed in as. Each one starts on another day next month, so none is a blocked duplicate.
 */
export async function createProject(
  request: APIRequestContext,
  { trek = 'Lares', duration = '4 days / 3 nights', nights = 3, travelers = 2 } = {},
): Promise<CreatedProject> {
  created += 1;
  const startDay = dayNextMonth(1 + (created % 20));
  const start = isoDate(startDay);
  const end = isoDate(
    new Date(startDay.getFullYear(), startDay.getMonth(), startDay.getDate() + nights),
  );
  const response = await request.post('/api/projects', {
    headers: { origin: BASE_URL },
    data: {
      title: trek,
      description: trekRequestDescription(duration, travelers),
      destination: trek,
      startDate: start,
      endDate: end,
      maxBudget: 'TBD',
      groupSize: travelers,
      difficulty: 'medium',
      formData: {
        trek,
        duration,
        dates: { flexible: false, flexibilityWindowDays: null, start, end, baseDate: start },
        travelers,
        languages: ['english'],
        utm: { source: '', medium: '', campaign: '' },
      },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as CreatedProject;
}

/**
 * Another traveler, signed in through the real magic link in a browser context of their own
 * (closed by the caller).
 */
export async function signInNewTraveler(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: BASE_URL });
  const asked = await context.request.post('/api/auth/request-magic-link', {
    headers: { origin: BASE_URL },
    data: { email, firstName: 'Lucia', lastName: 'Huaman', redirectTo: '/u/projects' },
  });
  expect(asked.status()).toBe(200);
  const page = await context.newPage();
  await page.goto(await waitForMagicLink(email));
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/u\/projects$/);
  return page;
}

/**
 * Presses Tab until the focused element is the one named `name` (a keyboard-only user moving
 * through the page), and fails if it never gets there.
 */
export async function tabTo(page: Page, name: string | RegExp, maxPresses = 40): Promise<void> {
  for (let i = 0; i < maxPresses; i += 1) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      if (!element) return '';
      const labelledBy = element.getAttribute('aria-labelledby');
      const label =
        element.getAttribute('aria-label') ??
        (labelledBy ? document.getElementById(labelledBy)?.textContent : null) ??
        (element.id ? document.querySelector(`label[for="${element.id}"]`)?.textContent : null) ??
        element.textContent;
      return (label ?? '').trim();
    });
    if (typeof name === 'string' ? focused === name : name.test(focused)) return;
  }
  throw new Error(`Tab never reached "${name}"`);
}
