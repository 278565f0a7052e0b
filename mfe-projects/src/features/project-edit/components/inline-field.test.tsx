import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StartDateInput } from '@trek/shared/dates';
import { renderRoutes } from '@trek/shared/testing/render';
import { lazy, Suspense, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { InlineField } from './inline-field';

let arrive = () => {};
/** An editor whose code comes later, as the dates' calendar does. */
const LateEditor = lazy(
  () =>
    new Promise<{ default: () => React.JSX.Element }>((resolve) => {
      arrive = () => resolve({ default: () => <input aria-label="Start date" /> });
    }),
);

function Field() {
  const [editing, setEditing] = useState(false);
  return (
    <>
      <InlineField
        label="Dates"
        value="Mon 05 Jan 2026"
        edited={false}
        editing={editing}
        onEdit={() => setEditing(true)}
        onSave={() => setEditing(false)}
        onCancel={() => setEditing(false)}
      >
        <Suspense fallback={<p>Loading the calendar</p>}>
          <LateEditor />
        </Suspense>
      </InlineField>
      <button type="button">Elsewhere</button>
    </>
  );
}

/** A field whose value the traveler has already changed from the project's 2 to 7. */
function EditedField() {
  const [editing, setEditing] = useState(false);
  const [travelers, setTravelers] = useState(7);
  return (
    <InlineField
      label="Travelers"
      value={`${travelers} travelers`}
      edited={travelers !== 2}
      editing={editing}
      onEdit={() => setEditing(true)}
      onSave={() => setEditing(false)}
      onCancel={() => {
        setTravelers(2);
        setEditing(false);
      }}
    >
      <input aria-label="Number of travelers" defaultValue={travelers} />
    </InlineField>
  );
}

function FlexibleDates() {
  const [editing, setEditing] = useState(false);
  return (
    <InlineField
      label="Dates"
      value="Mon 05 Jan 2026 · ±3 days"
      edited={false}
      editing={editing}
      onEdit={() => setEditing(true)}
      onSave={() => setEditing(false)}
      onCancel={() => setEditing(false)}
    >
      <button type="button">Start date</button>
      <label>
        <input type="checkbox" defaultChecked /> My dates are flexible
      </label>
      <label>
        <input type="radio" name="window" defaultChecked /> ±3 days
      </label>
    </InlineField>
  );
}

/** The dates' field with the real calendar, a popup of its own that Escape closes. */
function CalendarField() {
  const [editing, setEditing] = useState(false);
  const [cancelled, setCancelled] = useState(0);
  return (
    <InlineField
      label="Dates"
      value={`Cancelled ${cancelled} times`}
      edited={false}
      editing={editing}
      onEdit={() => setEditing(true)}
      onSave={() => setEditing(false)}
      onCancel={() => {
        setCancelled((count) => count + 1);
        setEditing(false);
      }}
    >
      <StartDateInput value={null} onChange={() => {}} />
    </InlineField>
  );
}

describe('InlineField', () => {
  it('cancels on Escape as its Cancel does: the value restored, the keyboard back on the pencil', async () => {
    renderRoutes([{ path: '/', element: <EditedField /> }]);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Edit travelers' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('textbox', { name: 'Number of travelers' })).toBeNull();
    expect(screen.getByText('2 travelers')).toBeTruthy();
    expect(screen.queryByText('Edited')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit travelers' }));
  });

  it('lets an open calendar in the editor close on Escape first; the next Escape cancels', async () => {
    renderRoutes([{ path: '/', element: <CalendarField /> }]);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Edit dates' }));
    await user.click(await screen.findByRole('button', { name: 'Start date' }));
    await screen.findByRole('dialog', { name: 'Start date' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Start date' })).toBeNull());
    // The editor is still open, the keyboard back on the field.
    expect(screen.getByRole('button', { name: 'Cancel dates changes' })).toBeTruthy();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Start date' })),
    );
    await user.keyboard('{Escape}');
    expect(screen.getByText('Cancelled 1 times')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit dates' }));
  });

  it('keeps the keyboard on the pencil when a double click on Save lands its second click on the blank where Save was', async () => {
    renderRoutes([
      {
        path: '/',
        // The host's <main> takes focus by script, as Chromium gives it a press on blank space.
        element: (
          <main tabIndex={-1}>
            <EditedField />
          </main>
        ),
      },
    ]);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Edit travelers' }));
    const save = screen.getByRole('button', { name: 'Save travelers' });
    const actions = save.parentElement as HTMLElement;
    await user.click(save);
    const pencil = screen.getByRole('button', { name: 'Edit travelers' });
    expect(document.activeElement).toBe(pencil);
    // The pencil took Cancel's place; the room of Save stays in the same area, blank.
    expect(pencil.parentElement).toBe(actions);
    expect(actions.style.minWidth).toContain('2.125rem');
    await user.pointer({ keys: '[MouseLeft]', target: actions });
    expect(document.activeElement).toBe(pencil);
    expect(screen.getByText('7 travelers')).toBeTruthy();
  });

  it('gives the start date the keyboard, not the ticked options below it', async () => {
    renderRoutes([{ path: '/', element: <FlexibleDates /> }]);
    await userEvent.click(screen.getByRole('button', { name: 'Edit dates' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Start date' }));
  });

  it("a double click on the pencil opens the editor and keeps the edit (Cancel takes the pencil's place)", async () => {
    renderRoutes([{ path: '/', element: <EditedField /> }]);
    await userEvent.click(screen.getByRole('button', { name: 'Edit travelers' }));
    // The second click of the double click, where the pencil was (a click count of 2).
    fireEvent.click(screen.getByRole('button', { name: 'Cancel travelers changes' }), {
      detail: 2,
    });
    expect(screen.getByRole('textbox', { name: 'Number of travelers' })).toBeTruthy();
    expect(screen.getByText('Edited')).toBeTruthy();
    // One click of its own still cancels.
    await userEvent.click(screen.getByRole('button', { name: 'Cancel travelers changes' }));
    expect(screen.getByText('2 travelers')).toBeTruthy();
    expect(screen.queryByText('Edited')).toBeNull();
  });

  it("a double tap on the pencil opens the editor and keeps the edit (Cancel takes the pencil's place)", () => {
    renderRoutes([{ path: '/', element: <EditedField /> }]);
    // Touch browsers report each tap as a first click (a count of 1); the second comes at once,
    // on the Cancel the first put where the pencil was.
    const tap = (name: string) => {
      const control = screen.getByRole('button', { name });
      fireEvent.pointerDown(control, { pointerType: 'touch' });
      fireEvent.click(control, { detail: 1 });
    };
    tap('Edit travelers');
    tap('Cancel travelers changes');
    expect(screen.getByRole('textbox', { name: 'Number of travelers' })).toBeTruthy();
    expect(screen.getByText('Edited')).toBeTruthy();
    // The keyboard's press is never the second half of a tap.
    fireEvent.click(screen.getByRole('button', { name: 'Cancel travelers changes' }), {
      detail: 0,
    });
    expect(screen.getByText('2 travelers')).toBeTruthy();
    expect(screen.queryByText('Edited')).toBeNull();
  });

  it('follows into an editor whose code comes later, once its first control is there', async () => {
    renderRoutes([{ path: '/', element: <Field /> }]);
    await userEvent.click(screen.getByRole('button', { name: 'Edit dates' }));
    expect(screen.getByText('Loading the calendar')).toBeTruthy();
    arrive();
    const field = await screen.findByRole('textbox', { name: 'Start date' });
    expect(document.activeElement).toBe(field);
    await userEvent.click(screen.getByRole('button', { name: 'Save dates' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit dates' }));
  });
});
