import { createTheme } from '@portal/shared-contracts/ui';

/** SPEC §9 breakpoints: sm 600, md 1024, lg 1440, xl 1920 (px, expressed in em as Mantine expects). */
export const theme = createTheme({
  primaryColor: 'blue',
  // Shade 8 keeps white button text and blue links above the WCAG AA contrast ratio (4.5:1).
  primaryShade: 8,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Liberation Sans", sans-serif',
  breakpoints: { xs: '30em', sm: '37.5em', md: '64em', lg: '90em', xl: '120em' },
  defaultRadius: 'md',
});
