import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from '@mantine/core';
import inputFocus from './ui/input-focus.module.css';

/** System fonts only: nothing is downloaded at run time. */
const systemFonts =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif';

/**
 * Mantine's teal with a darker tail, so every use of the primary colour reads at 4.5:1 or more
 * (WCAG AA for small text): teal.8 (text, e.g. 'Available') is Mantine's teal.9, 5.0:1 on white;
 * teal.9 (buttons, links, the text of light buttons and badges) is darker still: white on it
 * 6.1:1, on white 6.1:1, on the light variant's teal.1 5.3:1, on the footer's gray.0 5.8:1.
 * Mantine's own teal.8 and teal.9 are 3.9:1 and 4.3:1 in some of those places.
 */
const teal: MantineColorsTuple = [
  '#e6fcf5',
  '#c3fae8',
  '#96f2d7',
  '#63e6be',
  '#38d9a9',
  '#20c997',
  '#12b886',
  '#0ca678',
  '#087f5b',
  '#06704f',
];

/**
 * The same for the colours the site uses for status and warnings: Mantine's green, yellow and
 * orange (and lime) are below 4.5:1 even at shade 9 on white. Shade 8 is darkened to read at 4.6:1
 * on white, shade 9 (filled badges, the light variant's text) at 4.7:1 on the light variant's
 * shade 1.
 */
const green: MantineColorsTuple = [
  '#ebfbee',
  '#d3f9d8',
  '#b2f2bb',
  '#8ce99a',
  '#69db7c',
  '#51cf66',
  '#40c057',
  '#37b24d',
  '#28863a',
  '#267937',
];
const lime: MantineColorsTuple = [
  '#f4fce3',
  '#e9fac8',
  '#d8f5a2',
  '#c0eb75',
  '#a9e34b',
  '#94d82d',
  '#82c91e',
  '#74b816',
  '#4f810c',
  '#4b780b',
];
const yellow: MantineColorsTuple = [
  '#fff9db',
  '#fff3bf',
  '#ffec99',
  '#ffe066',
  '#ffd43b',
  '#fcc419',
  '#fab005',
  '#f59f00',
  '#aa6300',
  '#a65600',
];
const orange: MantineColorsTuple = [
  '#fff4e6',
  '#ffe8cc',
  '#ffd8a8',
  '#ffc078',
  '#ffa94d',
  '#ff922b',
  '#fd7e14',
  '#f76707',
  '#c84d0a',
  '#b83d0d',
];

/**
 * Red with a darker middle and tail: red.6 is the calendar's weekend days and red.9 the text of
 * light alerts; Mantine's red.6 reads at 3.3:1 on white. Here 6 is Mantine's red.8 (4.5:1).
 */
const red: MantineColorsTuple = [
  '#fff5f5',
  '#ffe3e3',
  '#ffc9c9',
  '#ffa8a8',
  '#ff8787',
  '#ff6b6b',
  '#e03131',
  '#d42b2b',
  '#c92a2a',
  '#b02525',
];

export const theme = createTheme({
  colors: { teal, green, lime, yellow, orange, red },
  primaryColor: 'teal',
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
    // Every field: a visible ring while it has focus (./ui/input-focus.module.css).
    Input: { classNames: { input: inputFocus.input } },
    // Mantine's close button is an icon: screen readers need its name.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    // The same for every toast's close button (axe: button-name).
    Notification: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } },
      // Under a title Mantine greys the message (gray.6, 3.3:1 on white): dimmed reads at 4.5:1.
      styles: { description: { color: 'var(--mantine-color-dimmed)' } },
    },
    // A dialog's title bar is a <header>: without this it reads as a second page banner.
    ModalHeader: { defaultProps: { role: 'none' } },
    // Labels are read in full at any width (320 px included): a button or badge whose label does
    // not fit grows a line instead of cutting it with an ellipsis ('Continue with Google
    // (unavailab', 'CLAS...'). One line keeps Mantine's height. The root is a flex box so that a
    // link styled as a button centres its label too (a <button> centres its content by itself;
    // an <a> set its label 4 px high).
    Button: {
      styles: {
        root: {
          height: 'auto',
          minHeight: 'var(--button-height)',
          paddingBlock: 4,
          display: 'inline-flex',
          alignItems: 'center',
        },
        inner: { flexGrow: 1 },
        label: { whiteSpace: 'normal', overflow: 'visible', textAlign: 'center', lineHeight: 1.3 },
      },
    },
    Badge: {
      styles: {
        root: {
          height: 'auto',
          minHeight: 'var(--badge-height)',
          overflow: 'visible',
          textOverflow: 'clip',
          whiteSpace: 'normal',
          textAlign: 'center',
        },
        label: { overflow: 'visible', textOverflow: 'clip', whiteSpace: 'normal' },
      },
    },
  },
});

/**
 * CSS variables the theme object cannot set: dimmed text is gray.7 in light mode, which reads at
 * 8:1 on white (Mantine's gray.6 is 3.3:1, below the 4.5:1 small text needs).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    // Field errors and placeholders ('Select start date' is text on a button) at 4.5:1 too:
    // Mantine's red.6 and gray.5 are 3.3:1 and 2.1:1.
    '--mantine-color-error': 'var(--mantine-color-red-8)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-7)',
  },
  dark: {},
});
