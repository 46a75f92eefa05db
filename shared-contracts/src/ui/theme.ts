import { createTheme, type MantineColorsTuple } from '@mantine/core';

/**
 * The portal's visual identity as a Mantine theme: one theme for the shell, every remote (they
 * render inside the shell's MantineProvider) and the embedded parcels (`./embed`). The palette,
 * type scale and spacing are described in shared-contracts/README.md ("Visual design").
 */

/** Harbour blue: the primary colour. Shade 7 (#1f5ea8) keeps white text and links above 6.5:1. */
export const BRAND_COLORS: MantineColorsTuple = [
  '#eaf1fa',
  '#d3e1f3',
  '#a6c2e6',
  '#769fd8',
  '#4f82cb',
  '#3570c1',
  '#2866b5',
  '#1f5ea8',
  '#1a5296',
  '#0e3f75',
];

/**
 * Signal amber: the accent of the mark's route line, illustrations and highlights. Never text on
 * white (shade 6 is 2.2:1); filled badges use shade 9 or dark text.
 */
export const SIGNAL_COLORS: MantineColorsTuple = [
  '#fff7e0',
  '#ffedb8',
  '#ffe08a',
  '#ffd25c',
  '#ffc53a',
  '#f5b324',
  '#e8a317',
  '#c98a0c',
  '#a87206',
  '#8a5a00',
];

/** SPEC §9 breakpoints: sm 600, md 1024, lg 1440, xl 1920 (px, expressed in em as Mantine expects). */
export const portalTheme = createTheme({
  colors: { brand: BRAND_COLORS, signal: SIGNAL_COLORS },
  primaryColor: 'brand',
  primaryShade: 7,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Liberation Sans", sans-serif',
  headings: {
    fontWeight: '700',
    sizes: {
      // The two largest sizes shrink on a phone (390 px: 1.75 and 1.4375 rem) so a heading keeps to two lines.
      h1: { fontSize: 'clamp(1.75rem, 1.5rem + 0.8vw, 2.125rem)', lineHeight: '1.2' },
      h2: { fontSize: 'clamp(1.4375rem, 1.3rem + 0.4vw, 1.625rem)', lineHeight: '1.25' },
      h3: { fontSize: '1.3125rem', lineHeight: '1.3' },
      h4: { fontSize: '1.125rem', lineHeight: '1.35' },
      h5: { fontSize: '1rem', lineHeight: '1.4' },
      h6: { fontSize: '0.875rem', lineHeight: '1.4' },
    },
  },
  breakpoints: { xs: '30em', sm: '37.5em', md: '64em', lg: '90em', xl: '120em' },
  defaultRadius: 'md',
  cursorType: 'pointer',
});
