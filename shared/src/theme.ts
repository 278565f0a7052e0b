import { createTheme } from '@mantine/core';

/** System fonts only: nothing is downloaded at run time. */
const systemFonts =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif';

export const theme = createTheme({
  primaryColor: 'teal',
  primaryShade: { light: 8, dark: 6 },
  fontFamily: systemFonts,
  headings: { fontFamily: systemFonts, fontWeight: '750' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  // Travelers who ask their system for less motion get Mantine's transitions switched off.
  respectReducedMotion: true,
  components: {
    // The tooltip delay of docs/product/site.md. A plain object, not Tooltip.extend: the theme
    // is on every page, the tooltip's code only where one is shown.
    Tooltip: { defaultProps: { openDelay: 700 } },
  },
});
