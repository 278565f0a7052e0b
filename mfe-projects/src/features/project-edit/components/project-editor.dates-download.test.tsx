import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { buildProject } from '@trek/shared/testing/builders';
import { json, mockApi } from '@trek/shared/testing/mock-api';
import { describe, expect, it, vi } from 'vitest';
import { renderProjectsApp } from '../../../test/render';

// The dates editor's code, as the network brings it: a failed download while `offline`.
const network = vi.hoisted(() => ({ offline: true, fetched: 0 }));
vi.mock('./load-dates-editor', () => ({
  loadDatesEditor: async () => {
    network.fetched += 1;
    if (network.offline) {
      const error = new Error('Loading chunk 512 failed.\n(error: /static/js/async/512.js)');
      error.name = 'ChunkLoadError';
      throw error;
    }
    return import('./dates-editor');
  },
}));

// The builder's Lares trek (January 2030, fixed dates), for two.
const project = buildProject({ groupSize: 2 });
const ID = project.id;

const row = (name: string) => screen.getByRole('region', { name });

describe('the dates editor of the edit page, fetched on its own', () => {
  it('is fetched once the page is idle; a failed download keeps the other edits and offers Retry in the Dates row', async () => {
    mockApi({ routes: { 'GET /api/projects/:id': () => json(project) } });
    const user = userEvent.setup();
    renderProjectsApp(`/u/projects/${ID}/edit`);
    await screen.findByRole('region', { name: 'Trek' });
    // Asked for before anyone edits the dates.
    await waitFor(() => expect(network.fetched).toBeGreaterThan(0));

    await user.click(within(row('Travelers')).getByRole('button', { name: 'Edit travelers' }));
    await user.type(within(row('Travelers')).getByRole('textbox'), '{Backspace}3{Enter}');
    await user.click(within(row('Dates')).getByRole('button', { name: 'Edit dates' }));

    const alert = await within(row('Dates')).findByRole('alert');
    expect(within(alert).getByText('The calendar could not be loaded')).toBeTruthy();
    // The page stays, and so does every edit.
    expect(screen.getByRole('heading', { level: 1, name: 'Edit Project Overview' })).toBeTruthy();
    expect(within(row('Travelers')).getByText('3 travelers')).toBeTruthy();
    expect(within(row('Travelers')).getByText('Edited')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Review & Confirm' }).hasAttribute('disabled')).toBe(
      false,
    );

    network.offline = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() =>
      expect(
        within(row('Dates')).getByRole('checkbox', { name: 'My dates are flexible' }),
      ).toBeTruthy(),
    );
    expect(within(row('Dates')).queryByRole('alert')).toBeNull();
    // The keyboard, on Retry, goes into the calendar that came (its start date).
    await waitFor(() => expect(row('Dates').contains(document.activeElement)).toBe(true));
    expect(document.activeElement?.tagName).toBe('BUTTON');
    expect(document.activeElement?.textContent).not.toBe('Retry');
    expect(within(row('Travelers')).getByText('3 travelers')).toBeTruthy();
  });
});
