/**
 * `@portal/shared-contracts/ui/overlays`: Mantine's floating and overlay components (combobox
 * inputs, drawers, modals). They carry positioning, focus-trap and scroll-lock code (~25 KB gzip)
 * that the home page does not need for its first paint, so they are a separate shared entry that
 * loads with the first screen that uses one. Same single Mantine instance as `./ui`.
 */
// The styles of these components and of those they are built from, in Mantine's order (see ./index.ts),
// except those ./index.ts already brings: a stylesheet imported by two entries would go into a chunk
// of its own, loaded in another order than Mantine's (a Card's padding lost to Paper's).
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Drawer.css';
import '@mantine/core/styles/Menu.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';

export {
  Autocomplete,
  Drawer,
  Menu,
  Modal,
  MultiSelect,
  Select,
} from '@mantine/core';
