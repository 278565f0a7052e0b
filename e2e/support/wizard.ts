import { expect, type Page } from '@playwright/test';

/** A day of next month, always in the future whatever day the tests run. */
export function dayNextMonth(day: number): Date {
  const now = new Date();
  return new Date(now.getFullYear(), now.getMonth() + 1, day);
}

/** The calendar's name for a day, e.g. '15 December 2026'. */
export function dayLabel(date: Date): string {
  return date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
}

/** Trek, duration, a start date next month, English: every step by mouse. */
export async function completeWizardWithMouse(
  page: Page,
  { trek = 'Lares', duration = '4 days / 3 nights', day = 15 } = {},
): Promise<void> {
  await page.getByRole('radio', { name: trek, exact: true }).click();
  await page.getByRole('radio', { name: new RegExp(duration.replace('/', '\\/')) }).click();
  await expect(page.getByRole('heading', { name: 'When would you like to trek?' })).toBeVisible();
  await page.getByRole('button', { name: 'Start date' }).click();
  await page.getByRole('button', { name: 'Next month' }).click();
  await page.getByRole('button', { name: dayLabel(dayNextMonth(day)), exact: true }).click();
  // The dates step also asks about flexibility: choosing a date stays on it, Next moves on.
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Group & preferences' })).toBeVisible();
  await page.getByRole('checkbox', { name: 'English' }).check();
}
