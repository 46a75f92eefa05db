import type { Locale } from '@portal/shared-contracts';

/**
 * What React does with markup it cannot take over (a recoverable error: it draws that part again)
 * when the browser takes the gateway's first screen over. A visitor who switches the language
 * before React has taken a part over (a remote's area still waiting for its code) changes its text:
 * the markup is in the old language, React draws the part in the new one, which is what the switch
 * asked for, not an error for the operators' log. Any other is reported as React does by default
 * (the page's global error event, which reportClientErrors sends to the API's log).
 */
export function reportUnlessLanguageSwitched(
  drawnIn: Locale,
  currentLocale: () => Locale,
  report: (error: unknown) => void = reportGlobally,
): (error: unknown) => void {
  return (error) => {
    if (currentLocale() !== drawnIn) return;
    report(error);
  };
}

/** React's own default: the browser's reportError, or the same error event where it has none. */
function reportGlobally(error: unknown): void {
  if (typeof window.reportError === 'function') {
    window.reportError(error);
    return;
  }
  const message = error instanceof Error ? error.message : String(error);
  const unhandled = window.dispatchEvent(new ErrorEvent('error', { error, message, cancelable: true }));
  if (unhandled) console.error(error);
}
