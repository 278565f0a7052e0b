import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../testing/test-api.js';
import { newEmailChange, pendingEmailChange, saveEmailChange } from './email-change.js';

describe('saveEmailChange', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  it('keeps one change when two are saved at once (two tabs), instead of failing the second', async () => {
    const ana = await api.signIn('two-tabs@example.com');
    const now = api.clock.now;
    const first = newEmailChange('one@example.com', now);
    const second = newEmailChange('two@example.com', now);
    await Promise.all([
      saveEmailChange(api.db, ana.userId, first, now),
      saveEmailChange(api.db, ana.userId, second, now),
    ]);
    const pending = await pendingEmailChange(api.db, ana.userId, now);
    expect([first.change, second.change]).toContainEqual(pending);
  });
});
