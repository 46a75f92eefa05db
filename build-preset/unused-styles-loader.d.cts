import type { Plugin } from 'postcss';

/** The PostCSS plugin the loader runs: the dark scheme's rules and the unused palettes' variables removed. */
export declare const onlyWhatThePortalUses: Plugin;
/** Mantine's default palettes that no screen of the portal names. */
export declare const UNUSED_PALETTES: readonly string[];
