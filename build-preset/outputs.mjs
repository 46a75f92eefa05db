// Where builds put what the gateway reads besides the served files: kept here, free of the
// bundler, so that the gateway can import it without loading rspack.
import path from 'node:path';

const REPO_ROOT = path.resolve(import.meta.dirname, '..');

/** The shell's first screen for Node (hostServerConfig): beside the shell's dist, never served. */
export const SHELL_SERVER_DIST = path.join(REPO_ROOT, 'shell', 'dist-server');
export const FIRST_SCREEN_BUNDLE = path.join(SHELL_SERVER_DIST, 'first-screen.cjs');
/** Written into the shell's dist: the stylesheets its first screen is drawn with (FirstScreenCssPlugin). */
export const FIRST_SCREEN_FILE = 'first-screen.json';
