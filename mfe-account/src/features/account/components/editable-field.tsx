import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { busyButtonProps } from '@trek/shared';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';

export interface EditableFieldProps {
  /** The field's name, e.g. "Display name"; the Edit button is named after it. */
  label: string;
  /** What the view state shows. */
  value: ReactNode;
  /** Where editing starts from. */
  initialValue: string;
  type?: 'text' | 'email';
  autoComplete?: string;
  /** The message of a value that cannot be saved, or null. */
  validate: (value: string) => string | null;
  /**
   * The value as it would be saved (trimmed, say), to tell an unchanged value: saving one goes
   * back to the view state without calling `onSave` (nothing to send, nothing to announce).
   */
  normalise: (value: string) => string;
  /**
   * Saves the value: resolves true to go back to the view state, or a message to show on the
   * field (the server refused the value), or false to stay as is (a toast said why).
   */
  onSave: (value: string) => Promise<true | false | string>;
  saving: boolean;
  /** Said under the input while editing. */
  description?: string;
}

/** A value with a view state and an edit state; saving returns to view (spec section 4). */
export function EditableField({
  label,
  value,
  initialValue,
  type = 'text',
  autoComplete,
  validate,
  normalise,
  onSave,
  saving,
  description,
}: EditableFieldProps) {
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const returnFocus = useRef(false);
  const labelId = useId();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { value: initialValue },
    validate: { value: (current) => validate(current) },
  });

  useEffect(() => {
    if (!editing && returnFocus.current) {
      returnFocus.current = false;
      editButton.current?.focus();
    }
  }, [editing]);

  const startEditing = () => {
    form.setValues({ value: initialValue });
    form.clearErrors();
    setEditing(true);
  };
  const stopEditing = () => {
    returnFocus.current = true;
    setEditing(false);
  };
  // The message under the field is in no live region: a screen reader reads it (the field's
  // aria-describedby, aria-invalid) once the focus is on the field, as in the sign-in forms.
  const focusField = () => input.current?.focus();

  if (!editing) {
    return (
      <Group justify="space-between" wrap="nowrap" align="center">
        <Stack gap={2} miw={0}>
          <Text fz="sm" c="dimmed" id={labelId}>
            {label}
          </Text>
          <Text fw={500} style={{ overflowWrap: 'anywhere' }} aria-labelledby={labelId}>
            {value}
          </Text>
        </Stack>
        <Button
          ref={editButton}
          variant="default"
          size="xs"
          onClick={startEditing}
          aria-label={`Edit ${label.toLowerCase()}`}
          // A flex item shrinks by default: beside a long name or e-mail at 390 px the button
          // lost its width and its label was cut ('Edi'); the value wraps instead.
          style={{ flexShrink: 0 }}
        >
          Edit
        </Button>
      </Group>
    );
  }

  return (
    <form
      noValidate
      onSubmit={form.onSubmit(async ({ value: next }) => {
        if (normalise(next) === normalise(initialValue)) {
          stopEditing();
          return;
        }
        const outcome = await onSave(next);
        if (outcome === true) stopEditing();
        else if (typeof outcome === 'string') {
          form.setFieldError('value', outcome);
          focusField();
        }
      }, focusField)}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !saving) stopEditing();
      }}
    >
      <Stack gap="xs">
        <TextInput
          label={label}
          type={type}
          autoComplete={autoComplete}
          description={description}
          // Focus moves into the field as it opens (and back to Edit as it closes).
          autoFocus
          ref={input}
          key={form.key('value')}
          {...form.getInputProps('value')}
        />
        <Group gap="xs">
          <Button type="submit" size="xs" {...busyButtonProps(saving)}>
            Save
          </Button>
          <Button variant="default" size="xs" onClick={stopEditing} disabled={saving}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
