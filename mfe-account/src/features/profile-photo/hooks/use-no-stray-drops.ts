import { useEffect } from 'react';

/**
 * While `active` (the photo dialog is open): a file dragged over or dropped anywhere but the drop
 * area does nothing. The browser's own default opens the file in the tab, leaving the settings
 * page and any half-typed name or e-mail behind; the dialog's header, its buttons, the overlay and
 * the whole file-chosen stage have no drop area. Only drags that carry files: text dropped into a
 * field keeps working.
 */
export function useNoStrayDrops(active: boolean) {
  useEffect(() => {
    if (!active) return;
    const refuse = (event: DragEvent) => {
      // The drop area took it: React's listeners, on the root, run before the window's.
      if (event.defaultPrevented || !event.dataTransfer?.types.includes('Files')) return;
      event.preventDefault();
      // The pointer shows there is no dropping here.
      event.dataTransfer.dropEffect = 'none';
    };
    window.addEventListener('dragover', refuse);
    window.addEventListener('drop', refuse);
    return () => {
      window.removeEventListener('dragover', refuse);
      window.removeEventListener('drop', refuse);
    };
  }, [active]);
}
