import { createBrowserRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { giveLoadedPageAHistoryKey } from './history-key';

describe('giveLoadedPageAHistoryKey', () => {
  afterEach(() => window.history.replaceState(null, ''));

  const routerKey = () => {
    const router = createBrowserRouter([{ path: '*', element: null }]);
    const { key } = router.state.location;
    router.dispose();
    return key;
  };

  it('gives each page loaded afresh a key of its own, which React Router takes', () => {
    window.history.replaceState(null, '');
    expect(routerKey()).toBe('default');
    giveLoadedPageAHistoryKey();
    const first = routerKey();
    expect(first).not.toBe('default');
    window.history.replaceState(null, '');
    giveLoadedPageAHistoryKey();
    expect(routerKey()).not.toBe(first);
  });

  it("keeps the key of an entry that has one (a reload, Back), and the state's other fields", () => {
    window.history.replaceState({ usr: null, key: 'k1', idx: 3, trekWizardStep: 2 }, '');
    giveLoadedPageAHistoryKey();
    expect(window.history.state).toEqual({ usr: null, key: 'k1', idx: 3, trekWizardStep: 2 });
    expect(routerKey()).toBe('k1');
  });
});
