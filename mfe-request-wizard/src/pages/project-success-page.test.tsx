import { screen } from '@testing-library/react';
import { STORAGE_KEYS } from '@trek/shared';
import { renderRoutes } from '@trek/shared/testing/render';
import { describe, expect, it } from 'vitest';
import ProjectSuccessPage from './project-success-page';

function openSuccessPage() {
  return renderRoutes(
    [
      { path: '/project-success', element: <ProjectSuccessPage /> },
      { path: '/create-project', element: <h1>The wizard</h1> },
    ],
    { path: '/project-success' },
  );
}

describe('ProjectSuccessPage (exposed as wizard/ProjectSuccessPage)', () => {
  it('shows the request just sent, with a link to its page', async () => {
    localStorage.setItem(
      STORAGE_KEYS.createdProjectSummary,
      JSON.stringify({
        id: '7d2f9c1e-3b4a-4c5d-8e6f-0a1b2c3d4e5f',
        trek: 'Lares',
        dates: {
          start: '2030-01-07',
          end: '2030-01-10',
          flexible: false,
          flexibilityWindowDays: null,
        },
        duration: '4 days / 3 nights',
        travelers: 2,
      }),
    );
    const { router } = openSuccessPage();
    expect(await screen.findByRole('heading', { name: 'Trek Request Submitted!' })).toBeTruthy();
    expect(screen.getByText('Lares')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View My Project' }).getAttribute('href')).toBe(
      '/u/projects/7d2f9c1e-3b4a-4c5d-8e6f-0a1b2c3d4e5f',
    );
    expect(router.state.location.pathname).toBe('/project-success');
  });

  it('goes to the wizard, in place of its own history entry, when no request was just sent', async () => {
    const { router } = openSuccessPage();
    expect(await screen.findByRole('heading', { name: 'The wizard' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/create-project');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.queryByRole('heading', { name: 'Trek Request Submitted!' })).toBeNull();
  });

  it('goes to the wizard when what is stored cannot be read', async () => {
    localStorage.setItem(STORAGE_KEYS.createdProjectSummary, '{"trek": 42');
    const { router } = openSuccessPage();
    expect(await screen.findByRole('heading', { name: 'The wizard' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/create-project');
  });
});
