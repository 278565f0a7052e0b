import { type KeyboardEvent, useRef } from 'react';

const ARROW_KEYS = new Set(['ArrowDown', 'ArrowUp', 'ArrowLeft', 'ArrowRight']);

/**
 * Tells a choice made with the arrow keys from one made by click, Enter or Space. Mantine's
 * radio cards select the card an arrow key moves to (by clicking it during the key press): a
 * keyboard user passing over the cards must not be carried to the next step by that, only a
 * deliberate click, Enter or Space moves on. Spread `handlers` on an element around the cards.
 */
export function useArrowKeyChoice() {
  const arrowKeyDown = useRef(false);
  return {
    handlers: {
      // Capture runs before the card's own key handler, the bubble phase after it.
      onKeyDownCapture: (event: KeyboardEvent) => {
        arrowKeyDown.current = ARROW_KEYS.has(event.key);
      },
      onKeyDown: () => {
        arrowKeyDown.current = false;
      },
    },
    /** Whether the choice being made now comes from an arrow key. */
    byArrowKey: () => arrowKeyDown.current,
  };
}
