import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { buildGuide, buildGuideList, buildUser } from '@trek/shared/testing/builders';
import { json, mockApi } from '@trek/shared/testing/mock-api';
import { renderRoutes } from '@trek/shared/testing/render';
import { describe, expect, it } from 'vitest';
import { GuideManagement } from './guide-management';

describe('GuideList: a guide switched out of the filtered list', () => {
  it('gives the focus to the next card, else the previous one, else the count line', async () => {
    const inactive = ['Ana', 'Beto', 'Carla'].map((name) => buildGuide({ name, isActive: false }));
    const active = ['Dario', 'Elena', 'Fabio', 'Gina'].map((name) => buildGuide({ name }));
    const guides = [...inactive, ...active];
    mockApi({
      user: buildUser({ isAdmin: true }),
      routes: {
        'GET /api/admin/guides': json(buildGuideList(guides)),
        // Only the switch writes: the answer is the guide switched.
        'PATCH /api/admin/guides/:id': ({ params }) => {
          const guide = guides.find((candidate) => candidate.id === params.id);
          return json(guide && { ...guide, isActive: !guide.isActive });
        },
      },
    });
    renderRoutes([{ path: '*', element: <GuideManagement /> }], { path: '/admin/guides' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: 'Inactive' }));
    const toggle = (name: string) => screen.getByRole('switch', { name: `Active for ${name}` });
    /** Switches `name` on by keyboard, and waits for its card to leave the list. */
    const switchOn = async (name: string) => {
      toggle(name).focus();
      await user.keyboard(' ');
      await waitFor(() => expect(screen.queryByRole('heading', { name })).toBeNull());
    };

    await switchOn('Beto');
    await waitFor(() => expect(document.activeElement).toBe(toggle('Carla')));
    await switchOn('Carla');
    await waitFor(() => expect(document.activeElement).toBe(toggle('Ana')));
    await switchOn('Ana');
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByText('Showing 0 of 7 guides')),
    );
  });
});
