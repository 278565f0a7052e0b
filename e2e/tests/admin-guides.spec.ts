import type { Page } from '@playwright/test';
import {
  signedHeaders,
  statusUpdatePayload,
  textMessagesPayload,
} from '../../api/src/testing/whatsapp';
import { expectNoAxeViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { BASE_URL, WHATSAPP } from '../support/suite-env';

const WEBHOOK = '/api/webhooks/whatsapp';

/** Tests share the suite's database: each makes guides and numbers of its own. */
function unique(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
}
function phoneNumber(): string {
  return `519${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
}

function guideCard(page: Page, name: string) {
  return page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name }) });
}

function toast(page: Page, text: string) {
  return page.getByRole('alert').filter({ hasText: text });
}

/** The list's search shows from 7 guides on: makes guides until there are that many. */
async function enoughGuidesForSearch(page: Page) {
  const listed = page.getByRole('region', { name: 'Guides' }).getByRole('heading', { level: 3 });
  await expect(listed.first()).toBeVisible();
  for (let i = await listed.count(); i < 7; i += 1) {
    await createGuide(page, `Filler ${unique()}`);
  }
}

async function createGuide(page: Page, name: string, zones = 'Cusco, Sacred Valley') {
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('textbox', { name: 'Zones' }).fill(zones);
  await page.getByRole('button', { name: 'Create guide' }).click();
  await expect(toast(page, 'Guide created successfully')).toContainText(name);
  await expect(guideCard(page, name)).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('');
}

test('an admin creates a guide, copies its code, and sees it connected once the guide sends it on WhatsApp', async ({
  adminPage: page,
  context,
  request,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE_URL });
  await page.goto('/admin/guides');
  await expect(page.getByRole('heading', { level: 1, name: 'Guide management' })).toBeVisible();

  const name = `Rosa Huaman ${unique()}`;
  await page.getByRole('textbox', { name: 'Name' }).fill(`  ${name}  `);
  await page.getByRole('combobox', { name: 'Locale' }).selectOption('fr');
  await page.getByRole('textbox', { name: 'Zones' }).fill(' Cusco, , Sacred Valley ,');
  await page.getByRole('button', { name: 'Create guide' }).click();
  await expect(toast(page, 'Guide created successfully')).toBeVisible();

  const card = guideCard(page, name);
  await expect(card.getByText('Pending activation')).toBeVisible();
  await expect(card.getByText('Cusco, Sacred Valley')).toBeVisible();
  await expect(card.getByText(/French \(fr\)/)).toBeVisible();

  // Copied by keyboard, and announced.
  await card.getByRole('button', { name: `Copy join code for ${name}` }).focus();
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Copied!')).toBeVisible();
  const code = await page.evaluate(() => navigator.clipboard.readText());
  expect(code).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{10}$/);
  await expect(card.getByText(code, { exact: true })).toBeVisible();
  await expect(
    card.getByRole('link', { name: `Open activation link for ${name}` }),
  ).toHaveAttribute('href', `https://wa.me/${WHATSAPP.number}?text=JOIN-${code}`);

  // The guide sends the code: Meta's servers call the webhook at the site's address, signed.
  const from = phoneNumber();
  const unsigned = textMessagesPayload({ id: `wamid.${unique()}`, from, body: `JOIN-${code}` });
  const refused = await request.post(WEBHOOK, {
    data: unsigned,
    headers: { 'content-type': 'application/json' },
  });
  expect(refused.status()).toBe(401);
  const body = textMessagesPayload({
    id: `wamid.${unique()}`,
    from,
    body: ` join-${code.toLowerCase()} `,
  });
  const delivered = await request.post(WEBHOOK, {
    data: body,
    headers: signedHeaders(WHATSAPP.appSecret, body),
  });
  expect(delivered.status()).toBe(200);
  // Delivery reports arrive too, and change nothing.
  const status = statusUpdatePayload('wamid.status');
  const report = await request.post(WEBHOOK, {
    data: status,
    headers: signedHeaders(WHATSAPP.appSecret, status),
  });
  expect(report.status()).toBe(200);

  // The page shows it once the list is read again.
  await expect(card.getByText('Pending activation')).toBeVisible();
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(card.getByText('WhatsApp connected')).toBeVisible();
  await expect(card.getByText(`WhatsApp +${from}`, { exact: false })).toBeVisible();
});

test('a double click on Create guide creates one guide; a failure is announced and leaves the focus on the button', async ({
  adminPage: page,
}) => {
  const name = `Double ${unique()}`;
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/admin/guides'))
      posts.push(request.url());
  });
  await page.route('**/api/admin/guides', async (route) => {
    if (route.request().method() === 'POST') await new Promise((r) => setTimeout(r, 800));
    await route.continue();
  });
  await page.goto('/admin/guides');
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  const create = page.getByRole('button', { name: 'Create guide' });
  await create.dblclick();
  await expect(create).toBeFocused();
  await expect(create).toHaveAttribute('aria-disabled', 'true');
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Guide created successfully')).toContainText(name);
  await expect(guideCard(page, name)).toHaveCount(1);
  expect(posts).toHaveLength(1);
  const listed = (await (await page.request.get('/api/admin/guides')).json()) as {
    guides: Array<{ name: string }>;
  };
  expect(listed.guides.filter((guide) => guide.name === name)).toHaveLength(1);

  await page.unroute('**/api/admin/guides');
  await page.route('**/api/admin/guides', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ code: 'INTERNAL', message: 'Internal server error' }),
        })
      : route.continue(),
  );
  await page.getByRole('textbox', { name: 'Name' }).fill(`Refused ${unique()}`);
  await create.click();
  await expect(toast(page, 'Failed to create guide')).toBeVisible();
  await expect(create).toBeFocused();
});

test('the webhook answers Meta’s verification handshake through the site', async ({ request }) => {
  const query = (token: string) =>
    `${WEBHOOK}?hub.mode=subscribe&hub.verify_token=${token}&hub.challenge=1158201444`;
  const ok = await request.get(query(WHATSAPP.verifyToken));
  expect(ok.status()).toBe(200);
  expect(await ok.text()).toBe('1158201444');
  expect((await request.get(query('a-guess'))).status()).toBe(403);
});

test("a traveler is turned away from /admin/guides with 'Access Denied', and the API refuses them", async ({
  travelerPage: page,
}) => {
  await page.goto('/admin/guides');
  await expect(toast(page, 'Access Denied')).toContainText('Admin access required');
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Guide management' })).toHaveCount(0);
  expect((await page.request.get('/api/admin/guides')).status()).toBe(403);

  await page.getByRole('button', { name: 'Ana, account menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Settings' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Guide management' })).toHaveCount(0);
});

test('the admin reaches the page from the user menu', async ({ adminPage: page }) => {
  await page.goto('/landing');
  await page.getByRole('button', { name: 'Rosa, account menu' }).click();
  await page.getByRole('menuitem', { name: 'Guide management' }).click();
  await expect(page).toHaveURL('/admin/guides');
  await expect(page.getByRole('heading', { level: 1, name: 'Guide management' })).toBeVisible();
});

test('works by keyboard alone: create a guide, switch it off, find it by zone', async ({
  adminPage: page,
}) => {
  await page.goto('/admin/guides');
  const name = `Keyboard Guide ${unique()}`;
  const zone = `Zone${unique()}`;
  const nameField = page.getByRole('textbox', { name: 'Name' });
  await nameField.focus();
  // A blank name is refused with the spec's message, and the focus stays on the field.
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Guide name is required')).toBeVisible();
  await expect(nameField).toBeFocused();
  await page.keyboard.type(name);
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('textbox', { name: 'Zones' })).toBeFocused();
  await page.keyboard.type(`${zone}, Lares`);
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Guide created successfully')).toBeVisible();
  await expect(nameField).toBeFocused();

  const toggle = guideCard(page, name).getByRole('switch', { name: `Active for ${name}` });
  await expect(toggle).toBeChecked();
  await toggle.focus();
  await page.keyboard.press('Space');
  await expect(toast(page, 'Guide updated successfully')).toBeVisible();
  await expect(toggle).not.toBeChecked();

  // Enough guides by now for the search (this test makes them if the suite has not yet).
  await enoughGuidesForSearch(page);
  await page.reload();
  const search = page.getByRole('searchbox', { name: 'Search guides' });
  await search.focus();
  await page.keyboard.type(zone.toLowerCase());
  await expect(page.getByText('Showing 1 of')).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Guides' }).getByRole('heading', { level: 3 }),
  ).toHaveText([name]);
});

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`fits a ${viewport.width} px screen and has no accessibility violations`, async ({
    adminPage: page,
  }) => {
    test.setTimeout(60_000);
    const noSideScroll = async () =>
      expect(
        await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        ),
      ).toBe(0);
    await page.setViewportSize(viewport);
    await page.goto('/admin/guides');
    await createGuide(page, `Layout Guide ${unique()}`);
    await noSideScroll();
    await expectNoAxeViolations(page);

    // The long list's search and status filter, with a search that finds nothing.
    await enoughGuidesForSearch(page);
    await page.getByRole('searchbox', { name: 'Search guides' }).fill(`nobody-${unique()}`);
    await expect(page.getByText('No guide matches this search.')).toBeVisible();
    await noSideScroll();
    await expectNoAxeViolations(page);
    // Each status of the filter reads in full, inside the filter's box.
    const filters = page.getByRole('search', { name: 'Filter guides' });
    const box = await filters.boundingBox();
    for (const status of ['All', 'Pending activation', 'WhatsApp connected', 'Inactive']) {
      const label = filters.getByText(status, { exact: true });
      const labelBox = await label.boundingBox();
      expect(
        box && labelBox && labelBox.x >= box.x && labelBox.x + labelBox.width <= box.x + box.width,
        status,
      ).toBe(true);
      expect(await label.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(
        true,
      );
    }
  });
}

test('a list that cannot be loaded says so, offers Retry, and is accessible meanwhile', async ({
  adminPage: page,
}) => {
  await page.route('**/api/admin/guides', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ code: 'INTERNAL', message: 'Internal server error' }),
    }),
  );
  await page.goto('/admin/guides');
  const failure = page.getByRole('alert').filter({ hasText: "We couldn't load the guides" });
  await expect(failure).toBeVisible();
  await expectNoAxeViolations(page);

  await page.unroute('**/api/admin/guides');
  await failure.getByRole('button', { name: 'Retry' }).click();
  await expect(failure).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 2, name: 'Guides' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Name' })).toBeVisible();
});
