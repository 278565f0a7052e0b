import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoutes } from '@trek/shared/testing/render';
import { describe, expect, it, vi } from 'vitest';
import { EditableField } from './editable-field';

function renderField(
  onSave = vi.fn<(value: string) => Promise<true | false | string>>(async () => true),
  value = 'Ana Quispe',
) {
  renderRoutes([
    {
      path: '/',
      element: (
        <EditableField
          label="Display name"
          value={value}
          initialValue={value}
          validate={(value) => (value.trim() ? null : 'Please enter a display name.')}
          normalise={(value) => value.trim()}
          onSave={onSave}
          saving={false}
        />
      ),
    },
  ]);
  return onSave;
}

/** The field is where its message is read: focused, invalid, described by the message. */
async function expectFocusedWithError(message: string) {
  const input = screen.getByRole('textbox', { name: 'Display name' });
  await waitFor(() => expect(document.activeElement).toBe(input));
  expect(input.getAttribute('aria-invalid')).toBe('true');
  expect(screen.getByRole('textbox', { description: message })).toBe(input);
}

describe('EditableField', () => {
  it('moves the focus from Save to the field when its value is refused', async () => {
    const onSave = renderField();
    await userEvent.click(screen.getByRole('button', { name: 'Edit display name' }));
    await userEvent.clear(screen.getByRole('textbox', { name: 'Display name' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Please enter a display name.')).toBeTruthy();
    await expectFocusedWithError('Please enter a display name.');
    expect(onSave).not.toHaveBeenCalled();
  });

  it("moves the focus to the field when the server's refusal is shown on it", async () => {
    renderField(
      vi.fn<(value: string) => Promise<true | false | string>>(
        async () => 'Too many requests. Please try again in 10 minutes.',
      ),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Edit display name' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Display name' }), ' Q');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await expectFocusedWithError('Too many requests. Please try again in 10 minutes.');
  });

  it('keeps the Edit button whole beside a long value, which wraps instead', () => {
    const long = 'Wolfeschlegelsteinhausenbergerdorff Jr';
    renderField(undefined, long);
    // The row is a flex line that does not wrap: only the value may give up width.
    expect(screen.getByRole('button', { name: 'Edit display name' }).style.flexShrink).toBe('0');
    expect(screen.getByText(long).style.overflowWrap).toBe('anywhere');
  });
});
