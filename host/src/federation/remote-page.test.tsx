import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes, stubApi } from '../test/render';
import { RemoteUnavailableError } from './remote-unavailable-error';

vi.mock('./runtime', () => ({ resetRemote: vi.fn(), loadRemotePage: vi.fn() }));

const { remotePage } = await import('./remote-page');
const { resetRemote } = await import('./runtime');

function Projects() {
  return <h1>My Projects from the remote</h1>;
}

describe('remotePage', () => {
  it('shows the remote page once its module has loaded', async () => {
    stubApi(null);
    const Page = remotePage('projects', 'ProjectsPage', async () => ({ default: Projects }));
    renderRoutes([{ path: '/', element: <Page /> }]);
    expect(
      await screen.findByRole('heading', { name: 'My Projects from the remote' }),
    ).toBeTruthy();
  });

  it('shows a fallback with Retry in the page area, and Retry recovers once the remote is back', async () => {
    stubApi(null);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let remoteUp = false;
    const load = vi.fn(async () => {
      if (!remoteUp) throw new RemoteUnavailableError('projects');
      return { default: Projects };
    });
    const Page = remotePage('projects', 'ProjectsPage', load);
    renderRoutes([
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

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This page could not be loaded');
    expect(screen.getByText('Header still here')).toBeTruthy();

    remoteUp = true;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(
      await screen.findByRole('heading', { name: 'My Projects from the remote' }),
    ).toBeTruthy();
    expect(resetRemote).toHaveBeenCalledWith('projects');
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });
});
