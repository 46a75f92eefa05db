/**
 * The portal's mark: an envelope whose flap is drawn as a route from a start dot to a destination
 * dot. Our own drawing (not the operator's trademarked logo); the colours are the theme's brand 7
 * and signal 5 (shared-contracts/src/ui/theme.ts). Decorative: the wordmark beside it is the name.
 */
export function BrandMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="#1f5ea8" />
      <rect x="6" y="9" width="20" height="14" rx="2" fill="#fff" />
      <path d="M6.8 10.2 16 17l9.2-6.8" fill="none" stroke="#1f5ea8" strokeWidth="1.8" strokeLinejoin="round" />
      <path d="M9 20.5h5.5c2 0 2-3 4-3H23" fill="none" stroke="#f5b324" strokeWidth="1.8" strokeLinecap="round" />
      <circle cx="23.5" cy="17.5" r="1.6" fill="#f5b324" />
    </svg>
  );
}
