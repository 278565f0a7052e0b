/**
 * What floats next to a control: popovers (the date picker's too), menus and tooltips.
 * A slice of Mantine shared by the host with every remote as one singleton
 * (docs/decisions/0007-what-the-browser-receives.md): it re-exports the real package (through
 * '#mantine-core', so Module Federation does not take the import for its own share) with the
 * component styles it needs, in Mantine's `mantine` CSS layer.
 */
import '@mantine/core/styles/Popover.layer.css';
import '@mantine/core/styles/Menu.layer.css';
import '@mantine/core/styles/Tooltip.layer.css';

export {
  Menu,
  Popover,
  Tooltip,
} from '#mantine-core';
