/**
 * The portal's UI kit: the Mantine components the shell and the remotes use, shared as one
 * singleton (`@portal/shared-contracts/ui`) instead of the whole of `@mantine/core`.
 *
 * Why: a shared module ships whole, without tree shaking. `@mantine/core` shared as it is costs
 * the home page ~173 KB gzip before first render; re-exporting only what the portal uses lets the
 * bundler drop the rest while every remote still gets the shell's single Mantine instance (one
 * MantineProvider context, one theme). Import Mantine only through here (lint enforces it); when a
 * screen needs another component, add it to this list (or to `./overlays.ts` when it floats, `./forms.ts`
 * for the long forms and tabbed pages, `./table.ts` for Table).
 */

// Mantine's styles per component, not its whole stylesheet (~35 KB gzip): each entry of the UI kit
// brings the styles of the components it exports and of those they are built from, so a page
// downloads the styles of what it can show. The order is Mantine's (the order of styles.css): its
// global styles first, then the components that others are built from, then the rest.
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/FloatingIndicator.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/AppShell.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Burger.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Divider.css';
import '@mantine/core/styles/List.css';
import '@mantine/core/styles/Notification.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/ThemeIcon.css';
import '@mantine/core/styles/Title.css';

// Types cost nothing at run time; TypeScript refuses a value that is not re-exported above.
export type * from '@mantine/core';
export {
  Alert,
  Anchor,
  AppShell,
  Badge,
  Box,
  Burger,
  Button,
  Card,
  Center,
  Checkbox,
  Container,
  Divider,
  Group,
  List,
  MantineProvider,
  Notification,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
// Layout that follows the screen's width where CSS alone cannot (a control's orientation); since 2.5.0.
export { useMediaQuery } from '@mantine/hooks';
// The portal's theme (palette, type scale, breakpoints): the same for the shell, remotes and embeds.
export { PORTAL_COLOR_SCHEME } from './color-scheme';
// Our wrappers of Mantine components, where the plain one breaks a rule of the portal.
export { Loader } from './Loader';
export { LockerSizePictogram } from './LockerSizePictogram';
export { BRAND_COLORS, portalTheme, SIGNAL_COLORS } from './theme';
