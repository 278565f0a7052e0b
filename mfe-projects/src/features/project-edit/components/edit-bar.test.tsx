import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoutes } from '@trek/shared/testing/render';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { EditBar } from './edit-bar';

/** The bar as the page drives it: a hint that comes and goes. */
function Bar() {
  const [hint, setHint] = useState<string | null>(null);
  return (
    <>
      <EditBar
        canDiscard
        canReview={hint === null}
        needsDuration={false}
        hint={hint}
        onDiscard={() => setHint(null)}
        onReview={() => {}}
      />
      <button type="button" onClick={() => setHint('Select at least one language to continue')}>
        Untick the last language
      </button>
    </>
  );
}

describe('EditBar', () => {
  it('keeps its live region in the page, shown and empty, and changes only its text', async () => {
    const user = userEvent.setup();
    renderRoutes([{ path: '/', element: <Bar /> }]);
    const bar = screen.getByRole('region', { name: 'Your changes' });
    const live = bar.querySelector('[aria-live="polite"]');
    expect(live).not.toBeNull();
    expect(live?.closest('[hidden]')).toBeNull();
    expect(live?.textContent).toBe('');

    await user.click(screen.getByRole('button', { name: 'Untick the last language' }));
    expect(bar.querySelector('[aria-live="polite"]')).toBe(live);
    expect(live?.textContent).toBe('Select at least one language to continue');

    await user.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(bar.querySelector('[aria-live="polite"]')).toBe(live);
    expect(live?.textContent).toBe('');
  });
});
