import type { Page } from '@playwright/test';
import { hrefTo, PATHS } from '@trek/shared/contract';
import { expectNoAxeViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { holdRequests } from '../support/hold-requests';
import { createProject } from '../support/projects';
import { signIn } from '../support/sessions';
import { dayLabel, dayNextMonth } from '../support/wizard';

/**
 * The one accessibility sweep of the suite: axe-core (every WCAG 2.0-2.2 A/AA rule) over every
 * page of the route table, signed out and signed in, at desktop and mobile widths, then over the
 * states and dialogs a page only shows after something happens. The pages come from the
 * contract's PATHS, so a page added to the site is swept without touching this file.
 */

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'mobile', width: 390, height: 844 },
] as const;

const NOT_FOUND_PATH = '/a/trail/nobody/walked';

/** Every page of the site as a URL to open: `:id` is `id`, plus a path no route matches. */
function sitePages(id: string): string[] {
  const paths = Object.values(PATHS).map((pattern) =>
    pattern.includes(':id') ? hrefTo(pattern as typeof PATHS.project, { id }) : pattern,
  );
  return [...paths, NOT_FOUND_PATH];
}

/** Waits until the page shows its main heading and has stopped fetching. */
async function settled(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
}

async function sweep(page: Page, urls: string[], who: string): Promise<void> {
  for (const url of urls) {
    await page.goto(url);
    await settled(page);
    await expectNoAxeViolations(page, `${url} (${who}, landed on ${new URL(page.url()).pathname})`);
  }
}

for (const viewport of VIEWPORTS) {
  test.describe(`${viewport.name} (${viewport.width} px)`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('every page of the route table, signed out, has no axe violation', async ({ page }) => {
      test.setTimeout(120_000);
      await sweep(page, sitePages('00000000-0000-4000-8000-000000000000'), 'signed out');
    });

    test('every page of the route table, signed in, has no axe violation', async ({
      travelerPage: page,
      browser,
    }) => {
      test.setTimeout(150_000);
      const project = await createProject(page.request);
      await sweep(page, sitePages(project.id), 'traveler');
      // The admin's own page, as the admin.
      const admin = await browser.newContext({ viewport: page.viewportSize() });
      await signIn(admin, 'admin');
      const adminPage = await admin.newPage();
      await sweep(adminPage, [PATHS.adminGuides], 'admin');
      await admin.close();
    });

    test('each wizard step, the calendar and the sign-in modal in every state', async ({
      page,
    }) => {
      test.setTimeout(90_000);
      await page.goto(PATHS.createProject);
      await settled(page);
      await page.getByRole('radio', { name: 'Lares', exact: true }).click();
      await expect(page.getByText('2 out of 4')).toBeVisible();
      await expectNoAxeViolations(page, 'the duration step');
      await page.getByRole('radio', { name: /4 days \/ 3 nights/ }).click();
      await expect(page.getByText('3 out of 4')).toBeVisible();
      await expectNoAxeViolations(page, 'the dates step');
      await page.getByRole('button', { name: 'Start date' }).click();
      await page.getByRole('button', { name: 'Next month' }).click();
      await expectNoAxeViolations(page, 'the calendar popover');
      await page.getByRole('button', { name: dayLabel(dayNextMonth(15)), exact: true }).click();
      await page.getByLabel("Yes / I'm flexible").check();
      await expect(page.getByText(/Flexibility window/)).toBeVisible();
      await expectNoAxeViolations(page, 'the dates step, flexible');
      await page.getByRole('button', { name: 'Next', exact: true }).click();
      await expect(page.getByText('Select at least one language to continue')).toBeVisible();
      await expectNoAxeViolations(page, 'the preferences step');
      await page.getByRole('checkbox', { name: 'English' }).check();

      await page.getByRole('button', { name: 'Submit request' }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByLabel('First Name *')).toBeVisible();
      await expectNoAxeViolations(page, 'the sign-in modal');
      const send = dialog.getByRole('button', { name: 'Email me a sign-in link' });
      await send.click();
      await expect(dialog.getByText('Please enter your first name.')).toBeVisible();
      await expectNoAxeViolations(page, 'the sign-in modal with an error');

      await dialog.getByLabel('First Name *').fill('Ana');
      await dialog.getByLabel('Last Name *').fill('Quispe');
      await dialog.getByLabel('Email *').fill(`sweep-${viewport.name}-${Date.now()}@example.com`);
      await page.route('**/api/auth/request-magic-link', (route) =>
        route.fulfill({
          status: 429,
          headers: { 'retry-after': '30' },
          json: { code: 'RATE_LIMITED', message: 'Too many requests.' },
        }),
      );
      await send.click();
      await expect(
        dialog.getByText('Too many requests. Please try again in a minute.'),
      ).toBeVisible();
      await expectNoAxeViolations(page, 'the sign-in modal, rate-limited');

      await page.unroute('**/api/auth/request-magic-link');
      const held = holdRequests();
      await page.route('**/api/auth/request-magic-link', held.handler);
      await send.click();
      await expect(send).toHaveAttribute('data-loading', 'true');
      await expectNoAxeViolations(page, 'the sign-in modal, sending');
      held.release();
      await expect(dialog.getByText('The magic link is valid for 15 minutes.')).toBeVisible();
      await expectNoAxeViolations(page, 'the sign-in modal, sent');
    });

    test('the submitting overlay and the signed-in header menu', async ({ travelerPage: page }) => {
      await page.goto(PATHS.projects);
      await settled(page);
      await page.getByRole('button', { name: 'Ana, account menu' }).click();
      await expect(page.getByRole('menuitem', { name: 'Log out' })).toBeVisible();
      await expectNoAxeViolations(page, 'the open user menu');
      await page.keyboard.press('Escape');

      await page.goto(PATHS.createProject);
      await settled(page);
      // Lares: other specs check that the traveler's list holds no other treks of theirs.
      await page.getByRole('radio', { name: 'Lares', exact: true }).click();
      await page.getByRole('radio', { name: /4 days \/ 3 nights/ }).click();
      await page.getByRole('button', { name: 'Start date' }).click();
      await page.getByRole('button', { name: 'Next month' }).click();
      await page.getByRole('button', { name: dayLabel(dayNextMonth(27)), exact: true }).click();
      await page.getByRole('button', { name: 'Next', exact: true }).click();
      await page.getByRole('checkbox', { name: 'Spanish' }).check();
      const held = holdRequests();
      await page.route('**/api/projects', held.handler);
      await page.getByRole('button', { name: 'Submit request' }).click();
      await expect(page.getByRole('alertdialog')).toBeVisible();
      await expectNoAxeViolations(page, 'the submitting overlay');
      held.release();
      await expect(page).toHaveURL(PATHS.projectSuccess);
    });

    test('the sign-in page and the conflict page in each of their states', async ({ page }) => {
      await page.goto(`${PATHS.signIn}?error=access_denied`);
      await settled(page);
      await expectNoAxeViolations(page, 'the sign-in page with an error');

      const conflict = `${PATHS.authConflict}?email=ana%40example.com&provider=google&token=${'t'.repeat(32)}`;
      await page.route('**/api/auth/send-magic-link', (route) =>
        route.fulfill({ status: 502, json: { code: 'MAIL_NOT_SENT', message: 'Not sent.' } }),
      );
      await page.goto(conflict);
      await settled(page);
      await page.getByRole('button', { name: 'Send verification link' }).click();
      await expect(page.getByRole('alert')).toBeVisible();
      await expectNoAxeViolations(page, 'the conflict page, send failed');
      await page.unroute('**/api/auth/send-magic-link');
      await page.route('**/api/auth/send-magic-link', (route) =>
        route.fulfill({ json: { success: true, message: 'Check your email for a sign-in link.' } }),
      );
      await page.getByRole('button', { name: 'Send verification link' }).click();
      await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
      await expectNoAxeViolations(page, 'the conflict page, sent');
    });

    test("the projects pages' dialogs", async ({ travelerPage: page }) => {
      const project = await createProject(page.request, {
        trek: 'Salkantay',
        duration: '5 days / 4 nights',
        nights: 4,
      });
      await page.goto(hrefTo(PATHS.project, { id: project.id }));
      await settled(page);
      await page.getByRole('button', { name: 'Cancel project' }).click();
      await expect(page.getByRole('dialog', { name: 'Cancel this project?' })).toBeVisible();
      await expectNoAxeViolations(page, 'the cancel dialog');
      await page.getByRole('button', { name: 'Keep project' }).click();

      await page.goto(hrefTo(PATHS.projectEdit, { id: project.id }));
      await settled(page);
      const trek = page.getByRole('region', { name: 'Trek', exact: true });
      await trek.getByRole('button', { name: 'Edit trek' }).click();
      await page.getByRole('radio', { name: 'Huayhuash' }).check();
      await expect(page.getByText('Selection required')).toBeVisible();
      await expectNoAxeViolations(page, 'the edit page, a duration forced');
      await page.getByRole('radio', { name: /10 days \/ 9 nights/ }).check();
      await trek.getByRole('button', { name: 'Save trek' }).click();
      await page.getByRole('button', { name: 'Review & Confirm' }).click();
      await expect(page.getByRole('dialog', { name: 'Confirm your updates' })).toBeVisible();
      await expectNoAxeViolations(page, 'the review dialog');
    });
  });
}
