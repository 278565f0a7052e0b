import type { Page } from '@playwright/test';
import { PATHS } from '@trek/shared/contract';
import { expect, test } from '../support/fixtures';
import { createProject } from '../support/projects';

/**
 * Labels are read in full at small widths: a card, badge or button label that does not fit wraps
 * or grows, never ends in an ellipsis ('CLAS...', 'Continue with Google (unavailab').
 */
async function cutLabels(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((element) => {
        if (!element.textContent?.trim() || element.getClientRects().length === 0) return false;
        const style = getComputedStyle(element);
        const ellipsis =
          style.textOverflow === 'ellipsis' && element.scrollWidth > element.clientWidth;
        const clamped =
          style.webkitLineClamp !== 'none' &&
          style.webkitLineClamp !== '' &&
          element.scrollHeight > element.clientHeight;
        return ellipsis || clamped;
      })
      .map((element) => element.textContent?.trim() ?? ''),
  );
}

const WIDTHS = [320, 390, 768];

/** How far the page scrolls sideways, in CSS pixels. */
function sidewaysScroll(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

for (const width of WIDTHS) {
  test(`every label of the wizard's steps and the sign-in modal reads in full at ${width} px`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.route('**/api/auth/providers', (route) =>
      route.fulfill({ json: { google: { available: false }, facebook: { available: false } } }),
    );
    await page.goto(PATHS.createProject);
    await expect(page.getByText('1 out of 4')).toBeVisible();
    expect(await cutLabels(page), 'the trek step').toEqual([]);
    await page.getByRole('radio', { name: 'Salkantay', exact: true }).click();
    await expect(page.getByText('2 out of 4')).toBeVisible();
    expect(await cutLabels(page), 'the duration step').toEqual([]);
    await page.getByRole('radio').first().click();
    await expect(page.getByText('3 out of 4')).toBeVisible();
    expect(await cutLabels(page), 'the dates step').toEqual([]);
    await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).click();
    await expect(
      page.getByRole('button', { name: 'Continue with Google (unavailable)' }),
    ).toBeVisible();
    expect(await cutLabels(page), 'the sign-in modal').toEqual([]);
  });

  test(`every label of My Projects reads in full at ${width} px`, async ({
    travelerPage: page,
  }) => {
    await createProject(page.request, {
      trek: 'Choquequirao',
      duration: '5 days / 4 nights',
      nights: 4,
    });
    await page.setViewportSize({ width, height: 800 });
    await page.goto(PATHS.projects);
    await expect(page.getByRole('article').first()).toBeVisible();
    expect(await cutLabels(page)).toEqual([]);
  });
}

test("the magic link's Continue and expired pages fit a phone", async ({ page }) => {
  // One link for every width: opening its Continue page does not use it up.
  const asked = await page.request.post('/api/auth/request-magic-link', {
    data: {
      email: `a-rather-long-address-on-a-phone-${Date.now()}@example.com`,
      firstName: 'Nina',
      lastName: 'Quispe',
    },
  });
  const { magicLink } = (await asked.json()) as { magicLink: string };
  for (const width of [320, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(magicLink);
    await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible();
    expect(await sidewaysScroll(page), `the Continue page at ${width} px`).toBe(0);
    await page.goto(magicLink.replace(/token=[\w-]+/, 'token=short'));
    await expect(
      page.getByRole('heading', { name: 'This sign-in link has expired or was already used.' }),
    ).toBeVisible();
    expect(await sidewaysScroll(page), `the expired page at ${width} px`).toBe(0);
  }
});

test.describe('on a phone (390 px, mobile emulation)', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("the sign-in modal's country list opens inside the screen and a country can be tapped", async ({
    page,
  }) => {
    await page.goto(PATHS.createProject);
    await expect(page.getByText('1 out of 4')).toBeVisible();
    await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign in' });
    await dialog.getByRole('combobox', { name: 'Country' }).click();
    // Inside the dialog, where a screen reader kept to the aria-modal dialog reaches it.
    const list = dialog.getByRole('listbox');
    await expect(list).toBeVisible();
    const box = await list.boundingBox();
    expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? Number.POSITIVE_INFINITY)).toBeLessThanOrEqual(390);
    expect(await sidewaysScroll(page)).toBe(0);
    // Not clipped by the dialog's scrolling box: its top and bottom edges are the list's own.
    const unclipped = await list.evaluate((node) => {
      const { left, width, top, bottom } = node.getBoundingClientRect();
      const at = (y: number) => node.contains(document.elementFromPoint(left + width / 2, y));
      return at(top + 2) && at(bottom - 2);
    });
    expect(unclipped).toBe(true);
    await dialog.getByRole('option', { name: 'Peru (+51)' }).tap();
    await expect(dialog.getByRole('combobox', { name: 'Country' })).toHaveValue('Peru (+51)');
  });
});
