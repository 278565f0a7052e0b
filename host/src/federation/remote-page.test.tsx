import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazyWithRetry, RETRY_FAILED_AGAIN } from '@trek/shared';
import { mockApi } from '@trek/shared/testing/mock-api';
import { type ComponentType, Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../test/render';
import { IncompatibleRemoteError } from './incompatible-remote-error';
import { RemoteUnavailableError } from './remote-unavailable-error';

vi.mock('./runtime', () => ({ resetRemote: vi.fn(), loadRemotePage: vi.fn() }));

const { remotePage } = await import('./remote-page');
const { capturePrerenderedPage } = await import('./prerendered-page');
const { resetRemote } = await import('./runtime');

function Projects() {
  return <h1>My Projects from the remote</h1>;
}

/** The page as a route, beside a header that must outlive whatever the page does. */
function renderBesideHeader(Page: ComponentType) {
  return renderRoutes([
    {
      path: '/',
      element: (
        <>
          <header>Header still here</header>
          <Page />
        </>
      ),
    },
  ]);
}

const flaky = { broken: true };
/** A loaded page with a bug: it throws while rendering until the test mends it. */
function FlakyProjects() {
  if (flaky.broken) throw new Error('projects is not iterable');
  return <h1>My Projects from the remote</h1>;
}

/** A step of a loaded page whose code is fetched when it is shown, and fails the first time. */
const fetchStep = vi
  .fn<() => Promise<{ default: ComponentType }>>()
  .mockRejectedValueOnce(
    Object.assign(new Error('Loading chunk 731 failed.\n(error: /wizard/dates-step.js)'), {
      name: 'ChunkLoadError',
    }),
  )
  .mockResolvedValue({ default: () => <p>Pick your dates</p> });
const DatesStep = lazyWithRetry(fetchStep);
function Wizard() {
  return (
    <>
      <h1>Create your trek</h1>
      <Suspense fallback={<p>Loading the step</p>}>
        <DatesStep />
      </Suspense>
    </>
  );
}

describe('remotePage', () => {
  it('shows the remote page once its module has loaded', async () => {
    mockApi({ user: null }).fetch;
    const Page = remotePage('projects', 'ProjectsPage', async () => ({ default: Projects }));
    renderRoutes([{ path: '/', element: <Page /> }]);
    expect(
      await screen.findByRole('heading', { name: 'My Projects from the remote' }),
    ).toBeTruthy();
  });

  it("keeps showing the page's markup the server sent until its code comes, then the skeleton for later loads", async () => {
    mockApi({ user: null }).fetch;
    const sent = document.createElement('div');
    sent.innerHTML =
      '<header>Frame</header><div data-prerendered-page="wizard/RequestWizardPage" inert><h1>Choose your trek</h1></div>';
    const sentPage = sent.querySelector('[data-prerendered-page]');
    document.title = 'Choose your trek | TrekPeru';
    capturePrerenderedPage(sent);
    document.title = 'TrekPeru';
    sent.replaceChildren(); // as the first render clears the root
    let arrive: (module: { default: ComponentType }) => void = () => {};
    const Wizard = remotePage(
      'wizard',
      'RequestWizardPage',
      () => new Promise((resolve) => (arrive = resolve)),
    );
    const Other = remotePage('projects', 'ProjectsPage', () => new Promise(() => {}));
    const { unmount } = renderRoutes([{ path: '/', element: <Other /> }]);
    // Another page's place never shows it.
    expect(screen.getByRole('status').textContent).toContain('Loading…');
    unmount();

    const view = renderRoutes([{ path: '/', element: <Wizard /> }]);
    // The very elements the server sent, still inert.
    const shown = view.container.querySelector(
      '[data-prerendered-page="wizard/RequestWizardPage"]',
    );
    expect(shown).toBe(sentPage);
    expect(shown?.textContent).toBe('Choose your trek');
    expect(shown?.hasAttribute('inert')).toBe(true);
    // What the inert markup cannot say to a screen reader, and the page's title with it.
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    await waitFor(() => expect(document.title).toBe('Choose your trek | TrekPeru'));

    arrive({ default: () => <h1>The live wizard</h1> });
    expect(await screen.findByRole('heading', { name: 'The live wizard' })).toBeTruthy();
    expect(view.container.querySelector('[data-prerendered-page]')).toBeNull();
    view.unmount();

    // Past: a later load of the page (another visit in the same tab) shows the skeleton.
    const Again = remotePage('wizard', 'RequestWizardPage', () => new Promise(() => {}));
    renderRoutes([{ path: '/', element: <Again /> }]);
    expect(screen.getByRole('status').textContent).toContain('Loading…');
  });

  it('shows a fallback with Retry in the page area, and Retry recovers once the remote is back', async () => {
    mockApi({ user: null }).fetch;
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let remoteUp = false;
    const load = vi.fn(async () => {
      if (!remoteUp) throw new RemoteUnavailableError('projects');
      return { default: Projects };
    });
    const Page = remotePage('projects', 'ProjectsPage', load);
    renderBesideHeader(Page);

    const alert = await screen.findByRole('alert', { name: 'This page could not be loaded' });
    // Its title is the page's heading (every page has an h1).
    expect(screen.getByRole('heading', { level: 1, name: 'This page could not be loaded' })).toBe(
      alert.querySelector('h1'),
    );
    // A page that never showed took no focus from anyone: the fallback leaves it.
    expect(document.activeElement).toBe(document.body);
    // The tab's title says it too (the route announcer reads it out).
    await waitFor(() => expect(document.title).toBe('This page could not be loaded | TrekPeru'));
    expect(screen.getByText('Header still here')).toBeTruthy();

    remoteUp = true;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(
      await screen.findByRole('heading', { name: 'My Projects from the remote' }),
    ).toBeTruthy();
    expect(resetRemote).toHaveBeenCalledWith('projects');
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('tells a page that crashed while rendering from one that could not be loaded, and logs the remote', async () => {
    mockApi({ user: null }).fetch;
    vi.mocked(resetRemote).mockClear();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    flaky.broken = true;
    const load = vi.fn(async () => ({ default: FlakyProjects }));
    const Page = remotePage('projects', 'ProjectsPage', load);
    renderBesideHeader(Page);

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This page stopped working');
    expect(alert.textContent).not.toContain('could not be loaded');
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(screen.getByText('Header still here')).toBeTruthy();
    expect(logged).toHaveBeenCalledWith(
      expect.stringContaining('[projects] The page projects/ProjectsPage failed while rendering'),
      expect.objectContaining({ message: 'projects is not iterable' }),
      expect.any(String),
    );

    // Showing it again renders the page anew; its code is not fetched again.
    flaky.broken = false;
    await userEvent.click(screen.getByRole('button', { name: 'Show the page again' }));
    expect(
      await screen.findByRole('heading', { name: 'My Projects from the remote' }),
    ).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
    expect(resetRemote).not.toHaveBeenCalled();
  });

  it('explains a remote that needs a newer shared package, with a reload instead of Retry', async () => {
    mockApi({ user: null }).fetch;
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const load = vi.fn(async () => {
      throw new IncompatibleRemoteError('projects', '^2.2.0', '2.1.0');
    });
    const Page = remotePage('projects', 'ProjectsPage', load);
    renderRoutes([{ path: '/', element: <Page /> }]);

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This page needs a newer TrekPeru');
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('says a remote built for an older site is being updated, and Retry reads it anew', async () => {
    mockApi({ user: null }).fetch;
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const load = vi.fn(async (): Promise<{ default: ComponentType }> => {
      throw new IncompatibleRemoteError('projects', '^2.0.0', '3.1.0', { builtAgainstOlder: true });
    });
    const Page = remotePage('projects', 'ProjectsPage', load);
    renderRoutes([{ path: '/', element: <Page /> }]);

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This page is being updated');
    expect(alert.textContent).not.toContain('newer');
    expect(screen.queryByRole('button', { name: 'Reload the page' })).toBeNull();

    // The remote's team has deployed a build for this site.
    vi.mocked(resetRemote).mockClear();
    load.mockResolvedValueOnce({ default: Projects });
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(
      await screen.findByRole('heading', { name: 'My Projects from the remote' }),
    ).toBeTruthy();
    expect(resetRemote).toHaveBeenCalledWith('projects');
  });

  it('keeps the alert and its Retry, busy and focused, until the remote answers; then focuses the page heading and reads its title', async () => {
    mockApi({ user: null }).fetch;
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let answer: (module?: { default: ComponentType }) => void = () => {};
    const load = vi
      .fn<() => Promise<{ default: ComponentType }>>()
      .mockRejectedValueOnce(new RemoteUnavailableError('projects'))
      .mockImplementation(
        () =>
          new Promise((resolve, reject) => {
            answer = (module) =>
              module ? resolve(module) : reject(new RemoteUnavailableError('projects'));
          }),
      );
    const Page = remotePage('projects', 'ProjectsPage', load);
    renderBesideHeader(Page);

    const alert = await screen.findByRole('alert');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    // On its way: the same alert, its Retry busy and still focused, no skeleton in its place.
    const retry = screen.getByRole('button', { name: 'Retry' });
    expect(retry.getAttribute('aria-disabled')).toBe('true');
    expect(document.activeElement).toBe(retry);
    expect(screen.getByRole('alert')).toBe(alert);

    // Down again: the alert says so, and the focus stays on Retry.
    await act(async () => answer());
    await waitFor(() => expect(alert.textContent).toContain(RETRY_FAILED_AGAIN));
    expect(retry.getAttribute('aria-disabled')).toBeNull();
    expect(document.activeElement).toBe(retry);

    // Back: the page, its heading focused and its title read out.
    await userEvent.click(retry);
    await act(async () =>
      answer({
        default: () => (
          <>
            <title>My Projects | TrekPeru</title>
            <h1>My Projects from the remote</h1>
          </>
        ),
      }),
    );
    const heading = await screen.findByRole('heading', { name: 'My Projects from the remote' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    await waitFor(() =>
      expect(
        screen
          .getAllByRole('status')
          .some((status) => status.textContent === 'My Projects | TrekPeru'),
      ).toBe(true),
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the page on another URL of its route once the remote is back, as Back and Forward do', async () => {
    mockApi({ user: null }).fetch;
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let remoteUp = false;
    const Page = remotePage('projects', 'ProjectDetailPage', async () => {
      if (!remoteUp) throw new RemoteUnavailableError('projects');
      return { default: Projects };
    });
    const { router } = renderRoutes([{ path: '/projects/:id', element: <Page /> }], {
      path: '/projects/1',
    });
    expect((await screen.findByRole('alert')).textContent).toContain(
      'This page could not be loaded',
    );

    remoteUp = true;
    await act(() => router.navigate('/projects/2'));
    expect(
      await screen.findByRole('heading', { name: 'My Projects from the remote' }),
    ).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says a part of a loaded page whose code could not be fetched could not be loaded, and Retry fetches it', async () => {
    mockApi({ user: null }).fetch;
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const load = vi.fn(async () => ({ default: Wizard }));
    const Page = remotePage('wizard', 'RequestWizardPage', load);
    renderBesideHeader(Page);

    const alert = await screen.findByRole('alert', { name: 'This page could not be loaded' });
    expect(alert.textContent).not.toContain('stopped working');
    // The page that held the focus is gone: its heading takes it, not the page's body.
    await waitFor(() => expect(document.activeElement).toBe(alert.querySelector('h1')));
    expect(logged).toHaveBeenCalledWith(
      expect.stringContaining(
        '[wizard] Part of the page wizard/RequestWizardPage could not be fetched',
      ),
      expect.objectContaining({ name: 'ChunkLoadError' }),
      expect.any(String),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Pick your dates')).toBeTruthy();
    expect(fetchStep).toHaveBeenCalledTimes(2);
    // The page's own code was there all along.
    expect(load).toHaveBeenCalledTimes(1);
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('heading', { name: 'Create your trek' }),
      ),
    );
  });
});
