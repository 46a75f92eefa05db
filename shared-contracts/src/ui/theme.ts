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

/**
 * Mantine's status colours (and teal) with shades 6 to 9 darkened so that what Mantine draws with them passes
 * WCAG AA (4.5:1) as axe checks it: error text and outline buttons (shade 6 and 7 on white), the
 * light variant's text (shade 9 on shade 1: alerts, badges) and white text on filled controls
 * (shade 7, at least 5.2:1). Shades 0 to 5 are Mantine's own.
 */
const STATUS_COLORS = {
  red: ['#fff5f5', '#ffe3e3', '#ffc9c9', '#ffa8a8', '#ff8787', '#ff6b6b', '#c92a2a', '#b02525', '#9b1c1c', '#7f1616'],
  green: ['#ebfbee', '#d3f9d8', '#b2f2bb', '#8ce99a', '#69db7c', '#51cf66', '#2b7a37', '#237032', '#1b5e2a', '#154b21'],
  yellow: [
    '#fff9db',
    '#fff3bf',
    '#ffec99',
    '#ffe066',
    '#ffd43b',
    '#fcc419',
    '#a15c00',
    '#8f5100',
    '#7a4500',
    '#6b3c00',
  ],
  orange: [
    '#fff4e6',
    '#ffe8cc',
    '#ffd8a8',
    '#ffc078',
    '#ffa94d',
    '#ff922b',
    '#c2410c',
    '#a8380a',
    '#8f3008',
    '#752806',
  ],
  teal: ['#e6fcf5', '#c3fae8', '#96f2d7', '#63e6be', '#38d9a9', '#20c997', '#0c7a63', '#096b57', '#075a49', '#054a3c'],
  // Shade 6 is Mantine's "dimmed" text: #646b72 is 5.4:1 on white (Mantine's #868e96 is 3.3:1).
  gray: ['#f8f9fa', '#f1f3f5', '#e9ecef', '#dee2e6', '#ced4da', '#adb5bd', '#646b72', '#495057', '#343a40', '#212529'],
} satisfies Record<string, MantineColorsTuple>;

/** SPEC §9 breakpoints: sm 600, md 1024, lg 1440, xl 1920 (px, expressed in em as Mantine expects). */
export const portalTheme = createTheme({
  // `blue` is the brand blue, so a screen that asks for Mantine's blue gets the portal's (and AA contrast).
  colors: { brand: BRAND_COLORS, blue: BRAND_COLORS, signal: SIGNAL_COLORS, ...STATUS_COLORS },
  // Filled controls pick black or white text by the fill's luminance (a filled signal badge gets black).
  autoContrast: true,
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
  components: {
    // Mantine 9 keeps a closed dropdown's options mounted (hidden); a country list is 243 options,
    // about 800 components rendered again on every change of the form around it, closed (issue 18:
    // the home page's send card alone was a third of its blocking time). Options exist while open.
    Combobox: { defaultProps: { keepMounted: false } },
  },
});
