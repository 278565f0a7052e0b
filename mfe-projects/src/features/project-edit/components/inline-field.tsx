import { ActionIcon, Badge, Box, Group, Stack, Text, Title } from '@mantine/core';
import { useOnePress } from '@trek/shared';
import {
  createContext,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  useContext,
  useEffect,
  useId,
  useRef,
} from 'react';
import { CheckIcon, CloseIcon, PencilIcon } from '../../../components/icons';
import classes from './inline-field.module.css';

export interface InlineFieldProps {
  label: string;
  /** The value as it reads while not editing. */
  value: ReactNode;
  edited: boolean;
  editing: boolean;
  /** Opens the editor (the keyboard follows into it). */
  onEdit: () => void;
  /** Keeps the value and closes the editor. */
  onSave: () => void;
  /** Restores the value of the project as loaded and closes the editor. */
  onCancel: () => void;
  saveDisabled?: boolean;
  /** Shown above the editor whether it is open or not (a choice still to make). */
  notice?: ReactNode;
  children: ReactNode;
}

const SaveField = createContext<(() => void) | null>(null);

/**
 * The field's own Save (the keyboard then goes back to its pencil), for an editor that saves on
 * Enter as a one-line field is expected to; null while saving is disabled or outside a field.
 */
export const useSaveField = () => useContext(SaveField);

/**
 * Where the keyboard lands in an opened editor: its first control, or, when that is one of a list
 * of options (treks, durations, languages), the chosen one. Options further down (the dates'
 * 'My dates are flexible' and window) do not take it from the start date before them.
 */
function focusInto(editor: HTMLElement | null) {
  const first = editor?.querySelector<HTMLElement>('input:not([disabled]), button:not([disabled])');
  const chosen =
    first instanceof HTMLInputElement && (first.type === 'radio' || first.type === 'checkbox')
      ? editor?.querySelector<HTMLElement>(`input[type="${first.type}"]:checked:not([disabled])`)
      : null;
  (chosen ?? first ?? editor)?.focus();
}

/**
 * Whether an Escape is one an inner layer of the field answers first: a popup it opened (a
 * calendar, a list) closes, and the field stays open. The popup's own handler has run by now, but
 * the page is drawn again only after the event, so its opener still reads as expanded
 * (`aria-expanded`, the popup named by its `aria-controls`). A popup drawn in a portal is outside
 * the field's elements, though React passes its events up to the field.
 */
function escapeClosesInnerLayer(event: KeyboardEvent, field: HTMLElement): boolean {
  const target = event.target as Node;
  if (event.defaultPrevented || !field.contains(target)) return true;
  return [...field.querySelectorAll('[aria-expanded="true"]')].some((opener) => {
    const popup = opener.getAttribute('aria-controls');
    return (
      opener.contains(target) ||
      (popup !== null && !!document.getElementById(popup)?.contains(target))
    );
  });
}

/** The room of Save and Cancel: two lg ActionIcons (2.125rem) and the gap of 6 between them. */
const ACTIONS_WIDTH = 'calc((2 * 2.125rem + 0.375rem) * var(--mantine-scale))';

/** A press on the blank part of a field's action area leaves the focus where it is. */
function keepFocusOnBlankPress(event: MouseEvent<HTMLElement>) {
  if (event.target === event.currentTarget) event.preventDefault();
}

/**
 * One field of the edit page: its value with an 'Edited' badge, a pencil to edit it inline, and
 * save and cancel icons while editing. Closing the editor gives focus back to the pencil.
 */
export function InlineField({
  label,
  value,
  edited,
  editing,
  onEdit,
  onSave,
  onCancel,
  saveDisabled = false,
  notice,
  children,
}: InlineFieldProps) {
  const headingId = useId();
  const editorRef = useRef<HTMLDivElement>(null);
  const editButtonRef = useRef<HTMLButtonElement>(null);
  // Focus moves only after the traveler's own click: a trek change that opens the duration, or
  // Discard closing every editor, must not pull the keyboard elsewhere.
  const moveFocus = useRef<'editor' | 'pencil' | null>(null);
  const name = label.toLowerCase();

  useEffect(() => {
    const editor = editorRef.current;
    let arriving: MutationObserver | undefined;
    if (editing && moveFocus.current === 'editor') {
      focusInto(editor);
      // An editor whose code is still coming (the dates' calendar) has no control yet, and the
      // focus rests on its unnamed box: it follows into the editor once a control arrives, unless
      // the traveler has moved it meanwhile.
      if (editor && document.activeElement === editor) {
        arriving = new MutationObserver(() => {
          if (document.activeElement === editor) focusInto(editor);
          if (document.activeElement !== editor) arriving?.disconnect();
        });
        arriving.observe(editor, { childList: true, subtree: true });
      }
    }
    if (!editing && moveFocus.current === 'pencil') editButtonRef.current?.focus();
    moveFocus.current = null;
    return () => arriving?.disconnect();
  }, [editing]);

  const after = (target: 'editor' | 'pencil', action: () => void) => () => {
    moveFocus.current = target;
    action();
  };
  // The pencil and Cancel take each other's place: the second click of a double click, or tap of
  // a double tap (which touch browsers count as a first click), lands on the one the first just
  // put there, and would undo it. So the pencil, Save and Cancel are one group: a double click or
  // tap does what one press does.
  const press = useOnePress();

  // Escape in the open field does what its Cancel does, focus back to the pencil included, once any
  // popup inside it has closed. What is typed is left first, as a click on Cancel leaves it (the
  // travelers' field reads its number on leaving), so the cancel comes after and wins.
  const cancelOnEscape = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape' || event.nativeEvent.isComposing) return;
    if (escapeClosesInnerLayer(event, event.currentTarget)) return;
    event.preventDefault();
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
    after('pencil', onCancel)();
  };

  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      className={classes.field}
      py="md"
      // Its Save and Cancel included.
      onKeyDown={editing ? cancelOnEscape : undefined}
    >
      <Stack gap={4} miw={0} className={classes.head}>
        <Group gap="xs">
          <Title order={2} fz="md" id={headingId}>
            {label}
          </Title>
          {edited && (
            <Badge size="sm" variant="light" color="blue">
              Edited
            </Badge>
          )}
        </Group>
        {!editing && <Text style={{ overflowWrap: 'anywhere' }}>{value}</Text>}
      </Stack>
      {notice && <div className={classes.notice}>{notice}</div>}
      {editing && (
        <Box
          mt="sm"
          ref={editorRef}
          tabIndex={-1}
          className={classes.editor}
          style={{ outline: 'none' }}
        >
          <SaveField value={saveDisabled ? null : after('pencil', onSave)}>{children}</SaveField>
        </Box>
      )}
      {/* After the editor, so Tab goes from the field to its Save and Cancel; drawn at the top
          right all the same (the grid's areas). The pencil stands where Cancel stood, and the
          area keeps the room of Save and Cancel while closed: the second click of a double click
          on Save lands on its blank part, and a press there is not one on the page (Chromium
          would give the focus, which the save gave the pencil, to <main>). A double click on
          Cancel lands on the pencil. */}
      <Group
        gap={6}
        wrap="nowrap"
        justify="flex-end"
        miw={ACTIONS_WIDTH}
        className={classes.actions}
        onMouseDown={keepFocusOnBlankPress}
      >
        {editing ? (
          <>
            <ActionIcon
              variant="light"
              color="teal"
              size="lg"
              aria-label={`Save ${name}`}
              {...press('field', after('pencil', onSave))}
              disabled={saveDisabled}
            >
              <CheckIcon />
            </ActionIcon>
            <ActionIcon
              variant="light"
              color="gray"
              size="lg"
              aria-label={`Cancel ${name} changes`}
              {...press('field', after('pencil', onCancel))}
            >
              <CloseIcon />
            </ActionIcon>
          </>
        ) : (
          <ActionIcon
            ref={editButtonRef}
            variant="subtle"
            size="lg"
            aria-label={`Edit ${name}`}
            {...press('field', after('editor', onEdit))}
          >
            <PencilIcon />
          </ActionIcon>
        )}
      </Group>
    </Box>
  );
}
