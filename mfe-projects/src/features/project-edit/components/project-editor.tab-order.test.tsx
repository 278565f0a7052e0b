import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { buildProject } from '@trek/shared/testing/builders';
import { json, mockApi } from '@trek/shared/testing/mock-api';
import { describe, expect, it } from 'vitest';
import { renderProjectsApp } from '../../../test/render';

// The builder's Lares trek (January 2030), for two, on flexible dates: every editor has a field.
const project = buildProject({ groupSize: 2, flexible: true, flexibilityWindowDays: 3 });
const ID = project.id;

const row = (name: string) => screen.getByRole('region', { name });

describe('an open field of the edit page, by keyboard', () => {
  it.each([
    ['Trek', 'trek'],
    ['Duration', 'duration'],
    ['Dates', 'dates'],
    ['Travelers', 'travelers'],
    ['Guide language preference', 'guide language preference'],
  ])(
    '%s: Tab from its editor reaches its Save, then its Cancel, then leaves it',
    async (label, name) => {
      mockApi({ routes: { 'GET /api/projects/:id': () => json(project) } });
      const user = userEvent.setup();
      renderProjectsApp(`/u/projects/${ID}/edit`);
      await screen.findByRole('region', { name: 'Trek' });

      await user.click(within(row(label)).getByRole('button', { name: `Edit ${name}` }));
      const save = await within(row(label)).findByRole('button', { name: `Save ${name}` });
      const cancel = within(row(label)).getByRole('button', { name: `Cancel ${name} changes` });
      // The keyboard is in the editor: one of its controls, not Save or Cancel.
      await waitFor(() => {
        const focused = document.activeElement;
        expect(row(label).contains(focused)).toBe(true);
        expect(focused?.matches('input, button, [role="combobox"], [role="spinbutton"]')).toBe(
          true,
        );
      });
      expect([save, cancel]).not.toContain(document.activeElement);

      // Through the editor's own controls, then Save and Cancel: none of them before the editor.
      const reached: Element[] = [];
      for (let step = 0; step < 20 && !reached.includes(cancel); step += 1) {
        await user.tab();
        if (document.activeElement) reached.push(document.activeElement);
        expect(row(label).contains(document.activeElement)).toBe(true);
      }
      expect(reached.slice(-2)).toEqual([save, cancel]);
      await user.tab();
      expect(row(label).contains(document.activeElement)).toBe(false);
    },
  );
});
