import {
  type ComponentPropsWithoutRef,
  type ReactNode,
  type SyntheticEvent,
  useCallback,
  useEffect,
  useRef,
} from 'react';

/** How long after an action focus is watched: a dialog's closing transition and a re-read list. */
export const KEEP_FOCUS_MS = 1500;
const CHECK_EVERY_MS = 25;

type FocusTarget = HTMLElement | null | undefined;
/** Where focus lost after an action goes: the first of these still on the page that can take it. */
export type FocusFallback = () => FocusTarget | FocusTarget[];

/**
 * Focus that is nowhere a person put it: on `<body>`, on an element gone from the page or
 * disabled, or on the
 * page's `<main>` (focusable by script for the host's route announcer: Chromium gives it the
 * focus when a click lands on a disabled button inside it, as the second click of a double
 * click does).
 */
function isLost(element: Element | null): boolean {
  return (
    element === null ||
    element === document.body ||
    !element.isConnected ||
    // Chromium moves it to <body> at once; not every browser (nor jsdom) does.
    element.matches(':disabled') ||
    element.tagName === 'MAIN'
  );
}

/** Focuses `target`, making a heading or other static element focusable by script first. */
function focusElement(target: HTMLElement): void {
  if (target.tabIndex < 0 && !target.hasAttribute('tabindex'))
    target.setAttribute('tabindex', '-1');
  target.focus();
}

/**
 * Keeps the keyboard focus from falling to `<body>` after an action: the button that had it
 * disappears (a notice sent, a method unlinked), a dialog closes whose opener is gone, a button
 * is disabled (Chromium moves the focus of a disabled element to `<body>`). Returns
 * `keepFocus(fallback)`: call it as the action ends; for the next moments (`KEEP_FOCUS_MS`, a
 * dialog's closing transition and a list read again), if focus is lost it goes to `fallback()`,
 * the first of its elements still on the page (e.g. the opener, else the page's heading), as
 * often as it is lost again meanwhile.
 * Focus the person moved somewhere else is left alone.
 */
export function useKeepFocus(): (fallback: FocusFallback) => void {
  const timer = useRef<ReturnType<typeof setInterval> | undefined>(undefined);
  useEffect(() => () => clearInterval(timer.current), []);

  return useCallback((fallback) => {
    clearInterval(timer.current);
    const until = Date.now() + KEEP_FOCUS_MS;
    const check = () => {
      if (isLost(document.activeElement)) {
        const candidates = [fallback()].flat();
        // A fallback that cannot take focus (a disabled button) gives way to the next one.
        const target = candidates.find(
          (element) => element?.isConnected && !element.matches(':disabled'),
        );
        // Watching goes on: the fallback itself may be replaced as the page settles (a list
        // read again draws the row anew).
        if (target) focusElement(target);
      }
      if (Date.now() > until) clearInterval(timer.current);
    };
    timer.current = setInterval(check, CHECK_EVERY_MS);
    check();
  }, []);
}

type ButtonProps = Pick<ComponentPropsWithoutRef<'button'>, 'aria-disabled' | 'onClickCapture'> & {
  loading?: boolean;
  'data-disabled'?: boolean;
  renderRoot?: (props: Record<string, unknown>) => ReactNode;
};

function ignore(event: SyntheticEvent) {
  // Also stops the submit of a form's button, by click or by Enter in a field.
  event.preventDefault();
  event.stopPropagation();
}

/**
 * Props for a Mantine `Button` whose write is on its way: it shows it is busy and ignores clicks,
 * but stays focusable. Mantine's `loading` and `disabled` set the native `disabled`, and Chromium
 * then moves the focus to `<body>` (a keyboard user is thrown back to the top of the page); here
 * the button keeps `aria-disabled` instead. `spinner: false` keeps the label in view (Mantine's
 * spinner hides it), for a label that itself says what is happening ('Deleting...').
 */
export function busyButtonProps(busy: boolean, { spinner = true } = {}): ButtonProps {
  if (!busy) return {};
  return {
    'aria-disabled': true,
    onClickCapture: ignore,
    ...(spinner
      ? {
          loading: true,
          // Mantine renders `disabled` with its spinner: the root is drawn without it.
          renderRoot: ({ disabled: _native, ...props }) => <button {...props} />,
        }
      : { 'data-disabled': true }),
  };
}
