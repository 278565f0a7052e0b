import { test as base, type Page } from '@playwright/test';
import { signIn } from './sessions';

/** `travelerPage` and `adminPage`: the test's page, signed in as one of the seeded users. */
export const test = base.extend<{ travelerPage: Page; adminPage: Page }>({
  travelerPage: async ({ page, context }, use) => {
    await signIn(context, 'traveler');
    await use(page);
  },
  adminPage: async ({ page, context }, use) => {
    await signIn(context, 'admin');
    await use(page);
  },
});

export { expect } from '@playwright/test';
