import type { CSSProperties } from 'react';

/**
 * Secondary text of this page in the theme's gray 7 instead of its "dimmed" gray 6, which is
 * below WCAG AA contrast (4.5:1) on white. Set on the page and on each dialog (dialogs render in
 * a portal, outside the page).
 */
export const READABLE_TEXT = {
  '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
} as CSSProperties;
