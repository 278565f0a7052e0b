import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { waitForMagicLink } from '../support/mailbox';
import { createProject, signInNewTraveler, tabTo } from '../support/projects';
import { dayLabel, dayNextMonth } from '../support/wizard';

const overview = (page: Page) => page.getByRole('region', { name: 'Trek Overview' });
const field = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

test('list → project → edit travelers and trek (a duration forced, the acknowledgement) → the project shows the new values', async ({
  travelerPage: page,
}) => {
  const project = await createProject(page.request, { trek: 'Lares', travelers: 2 });
  await page.goto('/u/projects');
  await expect(page.getByRole('heading', { level: 1, name: 'My Projects' })).toBeVisible();
  const card = page.getByRole('article').filter({ has: page.getByRole('link', { name: 'Lares' }) });
  await expect(card.first()).toContainText('Pending guide responses');
  await expect(card.first()).toContainText('2 travelers');
  await page.locator(`a[href="/u/projects/${project.id}"]`).click();

  await expect(page).toHaveURL(`/u/projects/${project.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Lares' })).toBeVisible();
  await expect(page.getByText(project.id)).toBeVisible();
  await expect(page.getByText(/^Created: \w{3} \d{2} \w{3} \d{4} at \d{2}:\d{2}$/)).toBeVisible();
  await expect(overview(page)).toContainText('4 days / 3 nights');
  await page.getByRole('link', { name: 'Modify project' }).click();

  await expect(
    page.getByRole('heading', { level: 1, name: 'Edit Project Overview' }),
  ).toBeVisible();
  await field(page, 'Travelers').getByRole('button', { name: 'Edit travelers' }).click();
  await page.getByRole('textbox', { name: 'Number of travelers' }).fill('4');
  await field(page, 'Travelers').getByRole('button', { name: 'Save travelers' }).click();
  await expect(field(page, 'Travelers')).toContainText('4 travelers');
  await expect(field(page, 'Travelers')).toContainText('Edited');

  await field(page, 'Trek').getByRole('button', { name: 'Edit trek' }).click();
  await expect(page.getByRole('radio', { name: 'Inca Trail' })).toBeDisabled();
  await page.getByRole('radio', { name: 'Huayhuash' }).check();
  await expect(field(page, 'Duration')).toContainText('Selection required');
  await expect(field(page, 'Duration')).toContainText(
    'Vous devez sélectionner une durée valide pour le trek Huayhuash',
  );
  await expect(page.getByRole('button', { name: 'Select Duration First' })).toBeDisabled();
  await page.getByRole('radio', { name: /10 days \/ 9 nights/ }).check();
  await field(page, 'Trek').getByRole('button', { name: 'Save trek' }).click();

  await page.getByRole('button', { name: 'Review & Confirm' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm your updates' });
  await expect(dialog).toContainText('Lares');
  await expect(dialog).toContainText('Huayhuash');
  await expect(dialog).toContainText('10 days / 9 nights');
  await expect(dialog).toContainText('4 travelers');
  const confirm = dialog.getByRole('button', { name: 'Confirm changes' });
  await expect(confirm).toBeDisabled();
  await dialog
    .getByRole('checkbox', { name: 'I understand this may reset ongoing proposals.' })
    .check();
  await confirm.click();

  await expect(page).toHaveURL(`/u/projects/${project.id}`);
  await expect(page.getByText('Project updated and guides notified.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Huayhuash' })).toBeVisible();
  await expect(overview(page)).toContainText('Huayhuash');
  await expect(overview(page)).toContainText('10 days / 9 nights');
  await expect(overview(page)).toContainText('4 travelers');
  // The server saved it: a reload reads the same.
  await page.reload();
  await expect(overview(page)).toContainText('10 days / 9 nights');
  const saved = await (await page.request.get(`/api/projects/${project.id}`)).json();
  expect(saved).toMatchObject({
    destination: 'Huayhuash',
    groupSize: 4,
    duration: '10 days / 9 nights',
  });
});

test('two saves whose guide notices failed: the project page sends both with one press, then says so', async ({
  travelerPage: page,
}) => {
  const project = await createProject(page.request, { trek: 'Lares', travelers: 2 });
  const notifyUrl = `**/api/projects/${project.id}/notify-guides`;
  await page.route(notifyUrl, (route) =>
    route.fulfill({ status: 503, json: { error: 'UNAVAILABLE', message: 'Try again later' } }),
  );
  const saveTravelers = async (travelers: string) => {
    await page.getByRole('link', { name: 'Modify project' }).click();
    await field(page, 'Travelers').getByRole('button', { name: 'Edit travelers' }).click();
    await page.getByRole('textbox', { name: 'Number of travelers' }).fill(travelers);
    await field(page, 'Travelers').getByRole('button', { name: 'Save travelers' }).click();
    await page.getByRole('button', { name: 'Review & Confirm' }).click();
    await page
      .getByRole('dialog', { name: 'Confirm your updates' })
      .getByRole('button', { name: 'Confirm changes' })
      .click();
    // The newest toast: the first save's may still be on its way out.
    await expect(
      page.getByText('Saved, but notification failed. You can retry from the project page.').last(),
    ).toBeVisible();
    await expect(page).toHaveURL(`/u/projects/${project.id}`);
    await expect(overview(page)).toContainText(`${travelers} travelers`);
  };
  await page.goto(`/u/projects/${project.id}`);
  await saveTravelers('3');
  await saveTravelers('4');
  const notYet = page.getByRole('alert').filter({ hasText: 'Guides have not been notified yet' });
  await expect(notYet).toBeVisible();

  // The guides' side is back; both change sets go, the first save's first.
  await page.unroute(notifyUrl);
  const sent: { changeSetId: string; status: number }[] = [];
  page.on('response', async (response) => {
    if (response.url().endsWith('/notify-guides'))
      sent.push({
        changeSetId: (response.request().postDataJSON() as { changeSetId: string }).changeSetId,
        status: response.status(),
      });
  });
  // A reload first: what is kept to send survives it.
  await page.reload();
  await notYet.getByRole('button', { name: 'Notify guides' }).click();
  await expect(page.getByText('Guides will see your updated trek request.')).toBeVisible();
  await expect(notYet).toBeHidden();
  expect(sent).toHaveLength(2);
  expect(sent.map(({ status }) => status)).toEqual([202, 202]);
  expect(new Set(sent.map(({ changeSetId }) => changeSetId)).size).toBe(2);
  await page.reload();
  await expect(overview(page)).toContainText('4 travelers');
  await expect(notYet).toBeHidden();
});

test('cancel: Keep project keeps it; Delete project deletes it and lands on My Projects', async ({
  travelerPage: page,
}) => {
  const project = await createProject(page.request, { trek: 'Choquequirao' });
  await page.goto(`/u/projects/${project.id}`);
  const cancel = page.getByRole('button', { name: 'Cancel project' });
  await cancel.click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this project?' });
  await expect(dialog).toContainText('permanently deleted');
  await expect(dialog.getByRole('button', { name: 'Keep project' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Keep project' }).click();
  await expect(dialog).toBeHidden();
  await expect(cancel).toBeFocused();
  expect((await page.request.get(`/api/projects/${project.id}`)).status()).toBe(200);

  await cancel.click();
  await dialog.getByRole('button', { name: 'Delete project' }).click();
  await expect(page).toHaveURL('/u/projects');
  await expect(page.getByText('Project cancelled')).toBeVisible();
  await expect(page.locator(`a[href="/u/projects/${project.id}"]`)).toHaveCount(0);
  expect((await page.request.get(`/api/projects/${project.id}`)).status()).toBe(404);
  // Back to the deleted project's page: it is gone, not shown from the cache.
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Project not found' })).toBeVisible();
});

test('a double click on Delete project deletes once; the busy button keeps the focus, then My Projects has it', async ({
  travelerPage: page,
}) => {
  const project = await createProject(page.request, { trek: 'Salkantay' });
  const deletes: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'DELETE') deletes.push(request.url());
  });
  // The answer is held a moment, so the busy state can be seen.
  await page.route(`**/api/projects/${project.id}`, async (route) => {
    if (route.request().method() === 'DELETE') await new Promise((r) => setTimeout(r, 800));
    await route.continue();
  });
  await page.goto(`/u/projects/${project.id}`);
  await page.getByRole('button', { name: 'Cancel project' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this project?' });
  await dialog.getByRole('button', { name: 'Delete project' }).dblclick();
  const deleting = dialog.getByRole('button', { name: 'Deleting...' });
  await expect(deleting).toBeFocused();
  await expect(deleting).toHaveAttribute('aria-disabled', 'true');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/u/projects');
  await expect(page.getByRole('heading', { level: 1, name: 'My Projects' })).toBeFocused();
  expect(deletes).toHaveLength(1);
});

test('Discard changes, disabled once there is nothing to discard, gives the focus to the heading', async ({
  travelerPage: page,
}) => {
  const project = await createProject(page.request, { trek: 'Lares' });
  await page.goto(`/u/projects/${project.id}/edit`);
  await field(page, 'Travelers').getByRole('button', { name: 'Edit travelers' }).click();
  await page.getByRole('textbox', { name: 'Number of travelers' }).fill('5');
  await field(page, 'Travelers').getByRole('button', { name: 'Save travelers' }).click();
  await page.getByRole('button', { name: 'Discard changes' }).dblclick();
  await expect(field(page, 'Travelers')).toContainText('2 travelers');
  await expect(page.getByRole('button', { name: 'Discard changes' })).toBeDisabled();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Edit Project Overview' }),
  ).toBeFocused();
});

test('unsaved edits come back after a reload of the tab, and Discard forgets them', async ({
  travelerPage: page,
}) => {
  const project = await createProject(page.request, { trek: 'Lares' });
  await page.goto(`/u/projects/${project.id}/edit`);
  await field(page, 'Travelers').getByRole('button', { name: 'Edit travelers' }).click();
  await page.getByRole('textbox', { name: 'Number of travelers' }).fill('5');
  await field(page, 'Travelers').getByRole('button', { name: 'Save travelers' }).click();
  await expect(field(page, 'Travelers')).toContainText('5 travelers');

  // The browser asks before a reload loses edits; the traveler reloads all the same.
  page.once('dialog', (dialog) => void dialog.accept());
  await page.reload();
  await expect(field(page, 'Travelers')).toContainText('5 travelers');
  await expect(field(page, 'Travelers')).toContainText('Edited');

  await page.getByRole('button', { name: 'Discard changes' }).click();
  await expect(field(page, 'Travelers')).toContainText('2 travelers');
  await page.reload();
  await expect(field(page, 'Travelers')).toContainText('2 travelers');
  await expect(field(page, 'Travelers')).not.toContainText('Edited');
});

test("someone else's project is 'Project not found' and never in the traveler's list", async ({
  travelerPage: page,
  browser,
}) => {
  const other = await signInNewTraveler(browser, `lucia-${Date.now()}@example.com`);
  try {
    const theirs = await createProject(other.request, {
      trek: 'Colca Canyon',
      duration: '3 days / 2 nights',
      nights: 2,
    });
    for (const path of [
      `/u/projects/${theirs.id}`,
      `/projects/${theirs.id}`,
      `/u/projects/${theirs.id}/edit`,
      '/u/projects/not-a-project',
    ]) {
      await page.goto(path);
      await expect(
        page.getByRole('heading', { level: 1, name: 'Project not found' }),
        path,
      ).toBeVisible();
      await expect(page.getByText('Colca Canyon')).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'Back to My Projects' })).toHaveAttribute(
        'href',
        '/u/projects',
      );
    }
    await page.goto('/u/projects');
    await expect(page.getByRole('article').first()).toBeVisible();
    await expect(page.locator(`a[href="/u/projects/${theirs.id}"]`)).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Colca Canyon' })).toHaveCount(0);
    // Their own list has it.
    await other.goto('/u/projects');
    await expect(other.getByRole('link', { name: 'Colca Canyon' })).toBeVisible();
  } finally {
    await other.context().close();
  }
});

test('leaving the edit page with unsaved edits asks first, the browser back button included', async ({
  travelerPage: page,
}) => {
  const project = await createProject(page.request, {
    trek: 'Ausangate',
    duration: '5 days / 4 nights',
    nights: 4,
  });
  await page.goto(`/u/projects/${project.id}`);
  await page.getByRole('link', { name: 'Modify project' }).click();
  await field(page, 'Travelers').getByRole('button', { name: 'Edit travelers' }).click();
  await page.getByRole('textbox', { name: 'Number of travelers' }).fill('6');
  await field(page, 'Travelers').getByRole('button', { name: 'Save travelers' }).click();

  await page.goBack();
  const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Keep editing' }).click();
  await expect(page).toHaveURL(`/u/projects/${project.id}/edit`);
  await expect(field(page, 'Travelers')).toContainText('6 travelers');

  await page.getByRole('link', { name: 'Back to project' }).click();
  await leave.getByRole('button', { name: 'Leave without saving' }).click();
  await expect(page).toHaveURL(`/u/projects/${project.id}`);
  await expect(overview(page)).toContainText('2 travelers');
});

test.describe('on a 390 px wide phone, by keyboard only', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the three pages fit the screen and work without a mouse', async ({
    travelerPage: page,
  }) => {
    const project = await createProject(page.request, {
      trek: 'Salkantay',
      duration: '5 days / 4 nights',
      nights: 4,
    });
    const fitsTheScreen = async () =>
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        390,
      );

    await page.goto('/u/projects');
    await expect(page.getByRole('link', { name: 'New Trek Request' })).toBeVisible();
    await expect(page.getByRole('article').first()).toBeVisible();
    await fitsTheScreen();
    await tabTo(page, 'Salkantay');
    await expect(page.locator(':focus')).toHaveAttribute('href', /\/u\/projects\//);
    await page.goto(`/u/projects/${project.id}`);
    await expect(overview(page)).toBeVisible();
    await fitsTheScreen();

    // Cancel dialog by keyboard: focus goes in, Escape closes it, focus comes back.
    await tabTo(page, 'Cancel project');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'Cancel this project?' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Keep project' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(page.getByRole('button', { name: 'Cancel project' })).toBeFocused();

    await tabTo(page, 'Modify project');
    await page.keyboard.press('Enter');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Edit Project Overview' }),
    ).toBeVisible();
    await fitsTheScreen();
    const bar = page.getByRole('region', { name: 'Your changes' });
    await expect(bar.getByRole('button', { name: 'Review & Confirm' })).toBeInViewport({
      ratio: 1,
    });
    await expect(bar.getByRole('button', { name: 'Discard changes' })).toBeInViewport({ ratio: 1 });
    // Scrolled to the end, the bar rests above the footer: its legal links are not under it.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const legal = page.getByRole('navigation', { name: 'Legal' }).getByRole('link').last();
    await expect(legal).toBeInViewport({ ratio: 1 });
    const [barBox, legalBox] = [await bar.boundingBox(), await legal.boundingBox()];
    expect(barBox && legalBox && legalBox.y >= barBox.y + barBox.height).toBe(true);

    await tabTo(page, 'Edit travelers');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('textbox', { name: 'Number of travelers' })).toBeFocused();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('5');
    await tabTo(page, 'Save travelers');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Edit travelers' })).toBeFocused();
    await expect(field(page, 'Travelers')).toContainText('5 travelers');

    // Arrow keys move through the treks: another one asks for its duration, and the bar's two
    // buttons still fit; the project's own trek brings its duration back.
    await tabTo(page, 'Edit trek');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('radio', { name: 'Salkantay' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('radio', { name: 'Ausangate' })).toBeChecked();
    const forced = bar.getByRole('button', { name: 'Select Duration First' });
    await expect(forced).toBeDisabled();
    await expect(forced).toBeInViewport({ ratio: 1 });
    await expect(bar.getByRole('button', { name: 'Discard changes' })).toBeInViewport({ ratio: 1 });
    await page.keyboard.press('ArrowUp');
    await expect(page.getByRole('radio', { name: 'Salkantay' })).toBeChecked();
    await expect(bar.getByRole('button', { name: 'Review & Confirm' })).toBeEnabled();
    await tabTo(page, 'Save trek');
    await page.keyboard.press('Enter');

    await tabTo(page, 'Review & Confirm');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Confirm your updates' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Back to editing' })).toBeFocused();
    await fitsTheScreen();
    await tabTo(page, 'Confirm changes');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(`/u/projects/${project.id}`);
    await expect(overview(page)).toContainText('5 travelers');
  });
});

test('on a short phone screen the edit page keeps the keyboard in sight and in place', async ({
  travelerPage: page,
}) => {
  await page.setViewportSize({ width: 390, height: 700 });
  const project = await createProject(page.request, { trek: 'Lares' });
  await page.goto(`/u/projects/${project.id}/edit`);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Edit Project Overview' }),
  ).toBeVisible();
  const bar = page.getByRole('region', { name: 'Your changes' });
  // The title shows while the project loads; the form (and its bar) comes with the project.
  await expect(bar).toBeVisible();
  const header = page.getByRole('banner');

  // Every pencil reached by Tab shows whole, clear of the sticky header and of the changes bar.
  for (const name of ['trek', 'duration', 'dates', 'travelers', 'guide language preference']) {
    await tabTo(page, `Edit ${name}`);
    const [pencil, barBox, headerBox] = await Promise.all([
      page.getByRole('button', { name: `Edit ${name}` }).boundingBox(),
      bar.boundingBox(),
      header.boundingBox(),
    ]);
    expect(pencil && barBox && headerBox, name).toBeTruthy();
    if (pencil && barBox && headerBox) {
      expect(pencil.y + pencil.height, `Edit ${name} above the bar`).toBeLessThanOrEqual(barBox.y);
      expect(pencil.y, `Edit ${name} below the header`).toBeGreaterThanOrEqual(
        headerBox.y + headerBox.height,
      );
    }
  }

  // The dates' editor, opened for the first time (its calendar's code comes then), gives the
  // keyboard its first field, not an unnamed box.
  await page.getByRole('button', { name: 'Edit dates' }).focus();
  await page.keyboard.press('Enter');
  const start = page.getByRole('button', { name: 'Start date' });
  await expect(start).toBeFocused();
  const [startBox, endBox] = await Promise.all([
    start.boundingBox(),
    page.getByRole('textbox', { name: 'End date' }).boundingBox(),
  ]);
  // One column on a phone (at 1280, below, the two boxes sit level).
  expect(startBox && endBox && endBox.y > startBox.y).toBe(true);

  // A date chosen in the calendar by the keyboard gives the focus back to the field.
  await page.keyboard.press('Enter');
  const day = page.getByRole('button', { name: dayLabel(dayNextMonth(25)), exact: true });
  await day.focus();
  await page.keyboard.press('Enter');
  await expect(day).toBeHidden();
  await expect(start).toBeFocused();
  await expect(start).toContainText('25');

  await page.setViewportSize({ width: 1280, height: 800 });
  const [wideStart, wideEnd] = await Promise.all([
    start.boundingBox(),
    page.getByRole('textbox', { name: 'End date' }).boundingBox(),
  ]);
  expect(wideStart && wideEnd).toBeTruthy();
  if (wideStart && wideEnd) expect(Math.round(wideEnd.y)).toBe(Math.round(wideStart.y));
});

test("another traveler signing in from a second tab never sees the first one's projects in the first tab", async ({
  browser,
}) => {
  const first = await signInNewTraveler(browser, `first-${Date.now()}@example.com`);
  const project = await createProject(first.request);
  await first.goto('/u/projects');
  await expect(first.locator(`a[href="/u/projects/${project.id}"]`).first()).toBeVisible();

  // In a second tab of the same browser, someone else follows their own e-mailed link.
  const second = `second-${Date.now()}@example.com`;
  const asked = await first.request.post('/api/auth/request-magic-link', {
    headers: { origin: new URL(first.url()).origin },
    data: { email: second, firstName: 'Rosa', lastName: 'Quispe', redirectTo: '/u/projects' },
  });
  expect(asked.status()).toBe(200);
  const otherTab = await first.context().newPage();
  await otherTab.goto(await waitForMagicLink(second));
  await otherTab.getByRole('button', { name: 'Continue' }).click();
  await expect(
    otherTab.getByRole('link', { name: 'Create Your First Trek Request' }),
  ).toBeVisible();

  // The first tab now shows the new traveler's (empty) list, not the cached one.
  await expect(first.getByRole('link', { name: 'Create Your First Trek Request' })).toBeVisible();
  await expect(first.locator(`a[href="/u/projects/${project.id}"]`)).toHaveCount(0);
  await first.context().close();
});
