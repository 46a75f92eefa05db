/**
 * `@portal/shared-contracts/ui/overlays`: Mantine's floating and overlay components (combobox
 * inputs, drawers, modals). They carry positioning, focus-trap and scroll-lock code (~25 KB gzip)
 * that the home page does not need for its first paint, so they are a separate shared entry that
 * loads with the first screen that uses one. Same single Mantine instance as `./ui`.
 */
export {
  Autocomplete,
  Drawer,
  Menu,
  Modal,
  MultiSelect,
  Select,
} from '@mantine/core';
