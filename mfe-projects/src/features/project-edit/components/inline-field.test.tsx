import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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

describe('InlineField', () => {
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
