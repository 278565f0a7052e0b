import { screen } from '@testing-library/react';
import { mockApi } from '@trek/shared/testing/mock-api';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../test/render';
import { createProjectHref, LandingPage } from './landing-page';

describe('landing page', () => {
  it('passes the campaign tags it was reached with on to the wizard, and nothing else', async () => {
    mockApi({ user: null });
    renderRoutes([{ path: '/landing', element: <LandingPage /> }], {
      path: '/landing?utm_source=newsletter&utm_campaign=andes%202027&ref=x&utm_medium=email',
    });
    expect(
      (await screen.findByRole('link', { name: 'Create Trek Request' })).getAttribute('href'),
    ).toBe('/create-project?utm_source=newsletter&utm_campaign=andes+2027&utm_medium=email');
  });

  it('links to the bare wizard when it was reached without campaign tags', () => {
    expect(createProjectHref('')).toBe('/create-project');
    expect(createProjectHref('?ref=x&utm_term=boots')).toBe('/create-project');
  });
});
