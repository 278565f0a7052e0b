/**
 * What `@mantine/core` means in every build of the suite (the Rsbuild configs alias it here): each
 * name from the slice the host shares it in, so one copy of Mantine serves the host and every
 * remote, and a page loads only the slices whose names it imports: the builds treat this file as
 * free of side effects, so an import of `Button` goes straight to the shell slice
 * (docs/decisions/0007-what-the-browser-receives.md). Source code imports '@mantine/core' as
 * usual; slices.test.ts keeps this list equal to the slices'.
 */

export {
  isElement,
  LoadingOverlay,
  Modal,
  Overlay,
  ScrollArea,
  Select,
} from '@trek/shared/mantine/dialogs';
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
} from '@trek/shared/mantine/forms';
export {
  Menu,
  Popover,
  Tooltip,
} from '@trek/shared/mantine/menus';
export {
  AccordionChevron,
  ActionIcon,
  Alert,
  Anchor,
  Avatar,
  Badge,
  Box,
  Button,
  Card,
  CheckIcon,
  CloseButton,
  Code,
  Container,
  createSafeContext,
  createTheme,
  createVarsResolver,
  Divider,
  extractStyleProps,
  factory,
  Grid,
  Group,
  genericFactory,
  getDefaultZIndex,
  getFontSize,
  getRadius,
  getSize,
  getSpacing,
  getStyleObject,
  Image,
  List,
  Loader,
  MantineProvider,
  Notification,
  OptionalPortal,
  Paper,
  RemoveScroll,
  rem,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
  UnstyledButton,
  useMantineTheme,
  useProps,
  useResolvedStylesApi,
  useStyles,
  VisuallyHidden,
} from '@trek/shared/mantine/shell';
