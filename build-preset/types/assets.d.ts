// Side-effect CSS imports (Mantine styles) and JSON catalogues handled by rspack.
declare module '*.css';
// Illustrations are image files (rspack asset/resource): importing one gives its URL.
declare module '*.svg' {
  const url: string;
  export default url;
}
// A file served as it is (rspack asset/resource, `?url`): importing it gives its URL (a worker script).
declare module '*?url' {
  const url: string;
  export default url;
}
