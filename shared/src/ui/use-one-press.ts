import { useRef } from 'react';

/**
 * A second tap within this long is the second half of a double tap (Android's double-tap timeout
 * is 300 ms), not a press meant for what the first tap brought.
 */
export const DOUBLE_TAP_MS = 400;

/**
 * One press per change, for controls that stay where they are (or take each other's place) while
 * what they act on changes under them: the second click of a double click, or tap of a double
 * tap, would otherwise press what the first one brought (the wizard's next step, the Cancel that
 * replaces a pencil) unseen. `press(group, action)` gives a control's `onPointerDown` and
 * `onClick`; a second press of a double click or tap on a control of the same group is ignored,
 * a keyboard's press always acts.
 */
export function useOnePress() {
  const lastTap = useRef<{ group: string; at: number } | null>(null);
  const pointerType = useRef('');
  return (group: string, action: () => void) => ({
    onPointerDown: (event: { pointerType: string }) => {
      pointerType.current = event.pointerType;
    },
    onClick: (event: { detail: number; timeStamp: number }) => {
      const touch = pointerType.current === 'touch';
      // A press by the keyboard after a tap is not a tap.
      pointerType.current = '';
      // The browser's own count: a second click in place within the system's double-click time.
      if (event.detail > 1) return;
      // Touch browsers count each tap as a first click: time them.
      const previous = lastTap.current;
      lastTap.current = touch ? { group, at: event.timeStamp } : null;
      if (touch && previous?.group === group && event.timeStamp - previous.at < DOUBLE_TAP_MS) {
        return;
      }
      action();
    },
  });
}
