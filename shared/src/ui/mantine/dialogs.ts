/**
 * What takes over the page or a list: modals, selects and their scroll areas.
 * A slice of Mantine shared by the host with every remote as one singleton
 * (docs/decisions/0007-what-the-browser-receives.md): it re-exports the real package (through
 * '#mantine-core', so Module Federation does not take the import for its own share) with the
 * component styles it needs, in Mantine's `mantine` CSS layer.
 */
import '@mantine/core/styles/ScrollArea.layer.css';
import '@mantine/core/styles/Popover.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/LoadingOverlay.layer.css';

export {
  isElement,
  LoadingOverlay,
  Modal,
  Overlay,
  ScrollArea,
  Select,
} from '#mantine-core';
