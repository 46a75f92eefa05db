import { createTheme } from '@mantine/core';

/** SPEC §9 breakpoints: sm 600, md 1024, lg 1440, xl 1920 (px, expressed in em as Mantine expects). */
export const theme = createTheme({
  primaryColor: 'blue',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Liberation Sans", sans-serif',
  breakpoints: { xs: '30em', sm: '37.5em', md: '64em', lg: '90em', xl: '120em' },
  defaultRadius: 'md',
});
