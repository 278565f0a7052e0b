import { type CSSVariablesResolver, createTheme } from '@mantine/core';

/** System fonts only: nothing is downloaded at run time. */
const systemFonts =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif';

export const theme = createTheme({
  primaryColor: 'teal',
  // teal.9: white text on buttons and teal links on white reach 4.5:1 (teal.8 is 3.9:1).
  primaryShade: { light: 9, dark: 6 },
  fontFamily: systemFonts,
  headings: { fontFamily: systemFonts, fontWeight: '750' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  // Travelers who ask their system for less motion get Mantine's transitions switched off.
  respectReducedMotion: true,
  components: {
    // Plain objects, not Tooltip.extend and the like: the theme is on every page, and naming a
    // component here would load its code (and its Mantine slice) on every page
    // (docs/decisions/0007-what-the-browser-receives.md).
    // The tooltip delay of docs/product/site.md.
    Tooltip: { defaultProps: { openDelay: 700 } },
    // Mantine's close button is an icon: screen readers need its name.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    // The same for every toast's close button (axe: button-name).
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } } },
    // A dialog's title bar is a <header>: without this it reads as a second page banner.
    ModalHeader: { defaultProps: { role: 'none' } },
  },
});

/**
 * CSS variables the theme object cannot set: dimmed text is gray.7 in light mode, which reads at
 * 8:1 on white (Mantine's gray.6 is 3.3:1, below the 4.5:1 small text needs).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: {},
});
