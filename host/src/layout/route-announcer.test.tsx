import { act, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
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

/** Ends the read of the page below: its placeholder gives way to the project or to an error. */
let finishRead: (shown: 'error' | 'not-found' | 'project') => void = () => {};

/**
 * A page whose data is read after its code, as the project page's: first a placeholder with a
 * hidden heading and the page's title, then what the read found, with its own heading and title.
 */
function ReadPage() {
  const [shown, setShown] = useState<'loading' | 'error' | 'not-found' | 'project'>('loading');
  finishRead = (next) => act(() => setShown(next));
  const [title, heading] = {
    loading: ['Project details', 'Project details'],
    error: ['Failed to fetch project', 'Failed to fetch project'],
    'not-found': ['Project not found', 'Project not found'],
    project: ['Project details', 'Salkantay'],
  }[shown];
  return (
    <>
      <title>{title}</title>
      <Link to="/u/projects">Back to My Projects</Link>
      {/* A new element for each, as React draws a different component in the placeholder's place. */}
      <h1 key={shown}>{heading}</h1>
    </>
  );
}

function Site() {
  const { pathname } = useLocation();
  return (
    <>
      <header>
        <Link to="/u/projects/1">Salkantay</Link>
      </header>
      <main id="main">{pathname === '/u/projects' ? <h1>My Projects</h1> : <ReadPage />}</main>
      <RouteAnnouncer mainId="main" />
    </>
  );
}

/** Every text the status line takes, in order (each one is read out once). */
function announcements() {
  const said: string[] = [];
  const status = screen.getByRole('status');
  const observer = new MutationObserver(() => {
    if (status.textContent) said.push(status.textContent);
  });
  observer.observe(status, { childList: true, subtree: true, characterData: true });
  return said;
}

async function openProjectFromTheList() {
  renderRoutes([{ path: '*', element: <Site /> }], { path: '/u/projects' });
  const said = announcements();
  const link = await screen.findByRole('link', { name: 'Salkantay' });
  link.focus();
  act(() => link.click());
  const placeholder = await screen.findByRole('heading', { name: 'Project details' });
  await waitFor(() => expect(document.activeElement).toBe(placeholder), { timeout: 2_000 });
  await waitFor(() => expect(said).toEqual(['Project details']));
  return said;
}

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

  it.each([
    ['an error', 'error', 'Failed to fetch project'],
    ['a not-found page', 'not-found', 'Project not found'],
  ] as const)(
    'gives focus to the heading of %s that replaced the placeholder it was on, and announces its title once',
    async (_, shown, heading) => {
      const said = await openProjectFromTheList();
      finishRead(shown);
      await waitFor(() =>
        expect(document.activeElement).toBe(screen.getByRole('heading', { name: heading })),
      );
      await waitFor(() => expect(said).toEqual(['Project details', heading]));
      await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
      expect(said).toEqual(['Project details', heading]);
    },
  );

  it('gives focus to the loaded page heading that replaced the placeholder, without saying the same title again', async () => {
    const said = await openProjectFromTheList();
    finishRead('project');
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Salkantay' })),
    );
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    expect(said).toEqual(['Project details']);
  });

  it('leaves focus the person moved while the page loaded', async () => {
    await openProjectFromTheList();
    const back = screen.getByRole('link', { name: 'Back to My Projects' });
    back.focus();
    finishRead('error');
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    expect(document.activeElement).toBe(back);
  });

  it('takes no focus on the first page, whose placeholder it never focused', async () => {
    renderRoutes([{ path: '*', element: <Site /> }], { path: '/u/projects/1' });
    const said = announcements();
    await screen.findByRole('heading', { name: 'Project details' });
    finishRead('error');
    await screen.findByRole('heading', { name: 'Failed to fetch project' });
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    expect(document.activeElement).toBe(document.body);
    expect(said).toEqual([]);
  });
});
