/**
 * The portal's one colour scheme. Every MantineProvider forces it (`forceColorScheme`) and the
 * gateway writes it on `<html>` (`infra/gateway/boot-page.ts`); the build leaves Mantine's
 * dark-scheme rules out of the stylesheets (`build-preset/unused-styles-loader.cjs`), so
 * another value would draw the portal half styled.
 */
export const PORTAL_COLOR_SCHEME = 'light';
