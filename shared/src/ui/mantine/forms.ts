/**
 * Form controls: inputs, checkboxes, radios, chips, progress.
 * A slice of Mantine shared by the host with every remote as one singleton
 * (docs/decisions/0007-what-the-browser-receives.md): it re-exports the real package (through
 * '#mantine-core', so Module Federation does not take the import for its own share) with the
 * component styles it needs, in Mantine's `mantine` CSS layer.
 */
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/Chip.layer.css';
import '@mantine/core/styles/Radio.layer.css';
import '@mantine/core/styles/RadioCard.layer.css';
import '@mantine/core/styles/Progress.layer.css';
import '@mantine/core/styles/NumberInput.layer.css';
import '@mantine/core/styles/Switch.layer.css';
import '@mantine/core/styles/SegmentedControl.layer.css';

export {
  Checkbox,
  Chip,
  Input,
  InputBase,
  NativeSelect,
  NumberInput,
  Progress,
  Radio,
  SegmentedControl,
  Switch,
  TextInput,
  useInputProps,
} from '#mantine-core';
