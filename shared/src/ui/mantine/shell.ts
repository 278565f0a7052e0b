/**
 * Mantine's core (provider, theme, styles API) and what every page shows: layout, text, buttons, alerts, cards, toasts.
 * A slice of Mantine shared by the host with every remote as one singleton
 * (docs/decisions/0007-what-the-browser-receives.md): it re-exports the real package (through
 * '#mantine-core', so Module Federation does not take the import for its own share) with the
 * component styles it needs, in Mantine's `mantine` CSS layer.
 */
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/ActionIcon.layer.css';
import '@mantine/core/styles/Anchor.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Title.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/Card.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Skeleton.layer.css';
import '@mantine/core/styles/VisuallyHidden.layer.css';
import '@mantine/core/styles/Image.layer.css';
import '@mantine/core/styles/List.layer.css';
import '@mantine/core/styles/Divider.layer.css';
import '@mantine/core/styles/Avatar.layer.css';
import '@mantine/core/styles/ThemeIcon.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Code.layer.css';
import '@mantine/core/styles/Notification.layer.css';
import '@mantine/core/styles/Container.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import '@mantine/core/styles/Grid.layer.css';
import '@mantine/core/styles/Flex.layer.css';

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
} from '#mantine-core';

/**
 * What the shell's users read of `RemoveScroll`: its class names. @mantine/notifications puts
 * `classNames.fullWidth` on its toasts so a modal's scroll lock (react-remove-scroll, which the
 * Modal of the dialogs slice imports itself) keeps them in place; re-exporting the component
 * here would put react-remove-scroll and its helpers (2.9 kB brotli) on every page for two
 * strings. slices.test.ts checks they are the component's own.
 */
export const RemoveScroll = {
  classNames: { fullWidth: 'width-before-scroll-bar', zeroRight: 'right-scroll-bar-position' },
} as const;
