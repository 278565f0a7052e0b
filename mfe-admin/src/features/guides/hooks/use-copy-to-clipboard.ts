import { useCallback } from 'react';
import { showToast } from '../model/toasts';

/**
 * Copies text and says so in a toast, which screen readers announce: 'Copied!', or 'Failed to
 * copy to clipboard' with the text to copy by hand (a browser that refuses, or an insecure page).
 */
export function useCopyToClipboard() {
  return useCallback(async (text: string, what: string) => {
    try {
      if (!navigator.clipboard) throw new Error('The Clipboard API is not available');
      await navigator.clipboard.writeText(text);
      showToast({ color: 'teal', title: 'Copied!', message: `${what} copied to the clipboard.` });
    } catch {
      showToast({
        color: 'red',
        title: 'Failed to copy to clipboard',
        message: `Copy it by hand: ${text}`,
      });
    }
  }, []);
}
