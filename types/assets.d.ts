// Side-effect CSS imports (Mantine styles) and JSON catalogues handled by rspack.
declare module '*.css';
