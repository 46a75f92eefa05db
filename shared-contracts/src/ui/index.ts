/**
 * The portal's UI kit: the Mantine components the shell and the remotes use, shared as one
 * singleton (`@portal/shared-contracts/ui`) instead of the whole of `@mantine/core`.
 *
 * Why: a shared module ships whole, without tree shaking. `@mantine/core` shared as it is costs
 * the home page ~173 KB gzip before first render; re-exporting only what the portal uses lets the
 * bundler drop the rest while every remote still gets the shell's single Mantine instance (one
 * MantineProvider context, one theme). Import Mantine only through here (lint enforces it); when a
 * screen needs another component, add it to this list (or to `./overlays.ts` when it floats).
 */

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
  Table,
  Tabs,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';

// Our wrappers of Mantine components, where the plain one breaks a rule of the portal.
export { Loader } from './Loader';

// The portal's theme (palette, type scale, breakpoints): the same for the shell, remotes and embeds.
export { BRAND_COLORS, portalTheme, SIGNAL_COLORS } from './theme';
