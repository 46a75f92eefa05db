// What Mantine's AppShell header, footer and aside take from `react-remove-scroll`: the class names
// its scroll lock moves (its `RemoveScroll.classNames`), read from react-remove-scroll-bar's constants,
// where react-remove-scroll takes them from. Importing the package for them brought the whole scroll
// lock (react-remove-scroll with use-sidecar, react-style-singleton, use-callback-ref and tslib, ~4 KB
// gzip) into the first screen, which opens no overlay; the overlays import the real one (preset.mjs).
import { fullWidthClassName, zeroRightClassName } from 'react-remove-scroll-bar/constants';

export const RemoveScroll = { classNames: { fullWidth: fullWidthClassName, zeroRight: zeroRightClassName } };
