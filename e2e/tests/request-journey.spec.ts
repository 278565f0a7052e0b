import { expect, test } from '../support/fixtures';
import { waitForMagicLink } from '../support/mailbox';
import { tabTo } from '../support/projects';
import { signIn } from '../support/sessions';
import { BASE_URL } from '../support/suite-env';
import { completeWizardWithMouse, dayLabel, dayNextMonth } from '../support/wizard';

test('a visitor completes the four steps with the mouse; a reload keeps the answers', async ({
  page,
}) => {
  await page.goto('/create-project');
  await expect(page.getByText('1 out of 4')).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Inca Trail (coming soon)' })).toBeDisabled();

  await page.getByRole('radio', { name: 'Salkantay', exact: true }).click();
  await expect(page.getByText('2 out of 4')).toBeVisible();
  await page.getByRole('radio', { name: /5 days \/ 4 nights/ }).click();
  await expect(page.getByText('3 out of 4')).toBeVisible();

  await page.reload();
  await expect(page.getByText('3 out of 4')).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('radio', { name: /5 days \/ 4 nights/ })).toHaveAttribute(
    'data-checked',
    'true',
  );
  await page.getByRole('button', { name: 'Next', exact: true }).click();

  await page.getByRole('button', { name: 'Start date' }).click();
  await page.getByRole('button', { name: 'Next month' }).click();
  const start = dayNextMonth(12);
  await page.getByRole('button', { name: dayLabel(start), exact: true }).click();
  // The step asks about flexibility too: choosing the date closes the calendar and stays here.
  await expect(page.getByRole('button', { name: dayLabel(start), exact: true })).toBeHidden();
  await expect(page.getByLabel('No / Fixed dates')).toBeFocused();
  await expect(page.getByText('3 out of 4')).toBeVisible();
  // End date = start + 4 nights, shown like 'Mon 05 Jan 2026'.
  const end = new Date(start.getFullYear(), start.getMonth(), start.getDate() + 4);
  const shown = end
    .toLocaleDateString('en-GB', {
      weekday: 'short',
      day: '2-digit',
      month: 'short',
      year: 'numeric',
    })
    .replace(/,/g, '');
  await expect(page.getByLabel('End date')).toHaveValue(shown);

  await page.getByLabel("Yes / I'm flexible").check();
  await page.getByLabel('Flexible by up to 2 days').check();
  await expect(
    page.getByText(
      'Flexibility window: ±2 days around your selected dates. Guides can propose alternative dates within this range.',
    ),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByText('Select at least one language to continue')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit request' })).toBeDisabled();
  await page
    .getByRole('radiogroup', { name: 'Number of travelers' })
    .getByText('3', { exact: true })
    .click();
  await page.getByRole('checkbox', { name: 'Spanish' }).check();
  await page.getByRole('button', { name: 'Submit request' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
});

test('the calendar starts weeks on Monday and refuses past dates', async ({ page }) => {
  await page.clock.setFixedTime(new Date('2026-11-18T10:00:00'));
  // Trek and duration already answered: the wizard resumes on the dates step.
  await page.addInitScript(() => {
    localStorage.setItem(
      'trek.wizardFormData',
      JSON.stringify({
        trek: 'Lares',
        duration: '4 days / 3 nights',
        dates: { flexible: false, flexibilityWindowDays: null, start: '', end: '', baseDate: '' },
        travelers: 1,
        languages: [],
        utm: { source: '', medium: '', campaign: '' },
      }),
    );
  });
  await page.goto('/create-project');
  await expect(page.getByText('3 out of 4')).toBeVisible();
  await page.getByRole('button', { name: 'Start date' }).click();
  const weekdays = page.locator('thead th');
  await expect(weekdays.first()).toHaveText('Mo');
  await expect(weekdays.last()).toHaveText('Su');
  await expect(page.getByRole('button', { name: 'Previous month' })).toBeDisabled();
  await expect(page.getByRole('button', { name: '17 November 2026' })).toBeDisabled();
  await expect(page.getByRole('button', { name: '18 November 2026' })).toBeEnabled();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: '18 November 2026' })).toBeHidden();
});

test('a visitor completes the wizard with the keyboard only', async ({ page }) => {
  await page.goto('/create-project');
  await expect(page.getByText('1 out of 4')).toBeVisible();
  // The trek cards are one Tab stop, the first trek; the arrow keys move to another.
  const first = page.getByRole('radio', { name: 'Salkantay' });
  for (
    let i = 0;
    i < 40 && !(await first.evaluate((el) => el === document.activeElement));
    i += 1
  ) {
    await page.keyboard.press('Tab');
  }
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: 'Choquequirao' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('heading', { name: 'How long would you like to trek?' }),
  ).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'When would you like to trek?' })).toBeFocused();

  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Start date' })).toBeFocused();
  await page.keyboard.press('Enter');
  const target = dayLabel(dayNextMonth(20));
  const day = page.getByRole('button', { name: target, exact: true });
  const next = page.getByRole('button', { name: 'Next month' });
  for (let i = 0; i < 10 && !(await next.evaluate((el) => el === document.activeElement)); i += 1) {
    await page.keyboard.press('Tab');
  }
  await page.keyboard.press('Enter');
  for (let i = 0; i < 50 && !(await day.evaluate((el) => el === document.activeElement)); i += 1) {
    await page.keyboard.press(i < 5 ? 'Tab' : 'ArrowRight');
  }
  await page.keyboard.press('Enter');
  // Focus moves on to the flexibility question of the same step; Next moves on.
  await expect(page.getByLabel('No / Fixed dates')).toBeFocused();
  await tabTo(page, 'Next');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Group & preferences' })).toBeFocused();

  const english = page.getByRole('checkbox', { name: 'English' });
  for (
    let i = 0;
    i < 20 && !(await english.evaluate((el) => el === document.activeElement));
    i += 1
  ) {
    await page.keyboard.press('Tab');
  }
  await page.keyboard.press('Space');
  await expect(english).toBeChecked();
  const submit = page.getByRole('button', { name: 'Submit request' });
  for (
    let i = 0;
    i < 10 && !(await submit.evaluate((el) => el === document.activeElement));
    i += 1
  ) {
    await page.keyboard.press('Tab');
  }
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.getByLabel('First Name *')).toBeVisible();
});

test('the sign-in modal shows each validation message in order', async ({ page }) => {
  await page.goto('/create-project');
  await completeWizardWithMouse(page);
  await page.getByRole('button', { name: 'Submit request' }).click();
  const dialog = page.getByRole('dialog');
  const send = dialog.getByRole('button', { name: 'Email me a sign-in link' });
  const steps: Array<[string, string, string]> = [
    ['First Name *', 'Ana', 'Please enter your first name.'],
    ['Last Name *', 'Quispe', 'Please enter your last name.'],
    ['Email *', 'ana@example', 'Please enter your email address.'],
  ];
  for (const [label, value, message] of steps) {
    await send.click();
    await expect(dialog.getByText(message)).toBeVisible();
    await dialog.getByLabel(label).fill(value);
  }
  await send.click();
  await expect(dialog.getByText('Please enter a valid email address.')).toBeVisible();
  await dialog.getByLabel('Email *').fill('ana@example.com');
  await dialog.getByLabel('WhatsApp (optional)').fill('12');
  await send.click();
  await expect(dialog.getByText('Please enter a valid WhatsApp number')).toBeVisible();

  await dialog.getByRole('combobox', { name: 'Country' }).fill('per');
  await page.getByRole('option', { name: 'Peru (+51)' }).click();
  await expect(dialog.getByText('+51', { exact: true })).toBeVisible();
});

test('the magic link arrives by SMTP, signs the visitor in and creates the request exactly once', async ({
  page,
  browser,
}) => {
  const email = `walker-${Date.now()}@example.com`;
  await page.goto('/create-project?utm_source=newsletter');
  await completeWizardWithMouse(page, { trek: 'Lares', duration: '4 days / 3 nights', day: 9 });
  await page.getByRole('button', { name: 'Submit request' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('First Name *').fill('Walker');
  await dialog.getByLabel('Last Name *').fill('Mamani');
  await dialog.getByLabel('Email *').fill(email);
  await dialog.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await expect(dialog.getByText('The magic link is valid for 15 minutes.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: /Resend in \d+s/ })).toBeDisabled();

  const link = await waitForMagicLink(email);
  // The link opens a page; only its Continue button signs in.
  await page.goto(link);
  await expect(page.getByText(`Continue to sign in as ${email}`)).toBeVisible();
  const creates: string[] = [];
  let successPageFetchedOn = '';
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/projects'))
      creates.push(request.url());
    if (request.url().includes('ProjectSuccessPage') && !successPageFetchedOn)
      successPageFetchedOn = new URL(page.url()).pathname;
  });
  await page.getByRole('button', { name: 'Continue' }).dblclick();

  await expect(page).toHaveURL('/project-success');
  await expect(page.getByRole('heading', { name: 'Trek Request Submitted!' })).toBeVisible();
  // The success page's code was fetched ahead, while the request was being created.
  expect(successPageFetchedOn).toBe('/create-project');
  await expect(page.getByText('Lares')).toBeVisible();
  await expect(page.getByText('4 days / 3 nights')).toBeVisible();
  await expect(page.getByText('1 traveler', { exact: true })).toBeVisible();
  const viewProject = page.getByRole('link', { name: 'View My Project' });
  await expect(viewProject).toHaveAttribute('href', /^\/u\/projects\/[0-9a-f-]{36}$/);

  // Exactly one project, whatever the double click did; reloading does not submit again.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Trek Request Submitted!' })).toBeVisible();
  const projects = await page.request.get('/api/projects');
  const list = (await projects.json()) as Array<{
    id: string;
    destination: string;
    status: string;
  }>;
  expect(list).toHaveLength(1);
  expect(list[0]).toMatchObject({ destination: 'Lares', status: 'pending' });
  expect(creates.length).toBeLessThanOrEqual(1);

  // A second traveler cannot see the first one's project.
  const other = await browser.newContext({ baseURL: BASE_URL });
  await signIn(other, 'admin');
  const peek = await other.request.get(`/api/projects/${list[0]?.id}`);
  expect(peek.status()).toBe(404);
  const theirs = await other.request.get('/api/projects');
  expect(await theirs.json()).toEqual([]);
  await other.close();
});

test("a request sent from the magic link's tab is not sent again from the tab that asked for the link", async ({
  page,
  context,
}) => {
  const email = `two-tabs-${Date.now()}@example.com`;
  await page.goto('/create-project');
  await completeWizardWithMouse(page, { trek: 'Lares', duration: '4 days / 3 nights', day: 11 });
  await page.getByRole('button', { name: 'Submit request' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('First Name *').fill('Tupac');
  await dialog.getByLabel('Last Name *').fill('Yupanqui');
  await dialog.getByLabel('Email *').fill(email);
  await dialog.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await expect(dialog.getByText('The magic link is valid for 15 minutes.')).toBeVisible();

  // The e-mailed link opens in a tab of its own, which sends the saved request.
  const linkTab = await context.newPage();
  await linkTab.goto(await waitForMagicLink(email));
  await linkTab.getByRole('button', { name: 'Continue' }).click();
  await expect(linkTab.getByRole('heading', { name: 'Trek Request Submitted!' })).toBeVisible();

  // The first tab lets go of the answers it no longer holds alone: no dialog, no step 4 to send.
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByText('Your trek request was sent')).toBeVisible();
  await expect(page.getByText('1 out of 4')).toBeVisible();
  await expect(page.getByRole('link', { name: 'View My Projects' })).toHaveAttribute(
    'href',
    '/u/projects',
  );
  const projects = await page.request.get('/api/projects');
  expect(await projects.json()).toHaveLength(1);
  // Nor does a reload bring the sent answers back.
  await page.reload();
  await expect(page.getByText('1 out of 4')).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Lares', exact: true })).not.toBeChecked();
});
