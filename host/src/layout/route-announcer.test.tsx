import { act, screen, waitFor } from '@testing-library/react';
import { Link } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../test/render';
import { RouteAnnouncer } from './route-announcer';

/** A page whose heading stays the same on both paths, as the wizard's does on /create-project and /trek/new. */
function Shell({ dialog }: { dialog?: boolean }) {
  return (
    <>
      <header>
        <Link to="/trek/new">Sign In</Link>
      </header>
      <main id="main">
        <h1>Create your trek request</h1>
      </main>
      {dialog && (
        // As Mantine's Modal draws it: a header element holding the title and Close button.
        <div role="dialog" aria-label="Sign in">
          <header>
            <button type="button">Close</button>
          </header>
          <input aria-label="First Name" />
        </div>
      )}
      <RouteAnnouncer mainId="main" />
    </>
  );
}

const SETTLE_MS = 500;

describe('RouteAnnouncer', () => {
  it('moves focus from the header link that navigated to the page heading', async () => {
    renderRoutes([{ path: '*', element: <Shell /> }], { path: '/create-project' });
    const link = await screen.findByRole('link', { name: 'Sign In' });
    link.focus();
    act(() => link.click());
    const heading = screen.getByRole('heading', { name: 'Create your trek request' });
    await waitFor(() => expect(document.activeElement).toBe(heading), { timeout: 2_000 });
  });

  it.each([
    ['a field', () => screen.getByLabelText('First Name')],
    [
      "the Close button in the dialog's header",
      () => screen.getByRole('button', { name: 'Close' }),
    ],
  ])('leaves focus on %s of a dialog the page opened after the navigation', async (_, target) => {
    renderRoutes([{ path: '*', element: <Shell dialog /> }], { path: '/create-project' });
    const link = await screen.findByRole('link', { name: 'Sign In' });
    act(() => link.click());
    const focused = target();
    focused.focus();
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS + 200));
    expect(document.activeElement).toBe(focused);
  });

  it('leaves focus on the header link that a dialog, opened and closed before the heading settled, gave it back to', async () => {
    renderRoutes([{ path: '*', element: <Shell dialog /> }], { path: '/create-project' });
    const link = await screen.findByRole('link', { name: 'Sign In' });
    act(() => link.click());
    // The dialog opens with focus in its first field; Escape closes it and returns focus.
    screen.getByLabelText('First Name').focus();
    link.focus();
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS + 200));
    expect(document.activeElement).toBe(link);
  });
});
