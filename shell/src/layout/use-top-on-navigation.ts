import { useEffect, useRef } from 'react';

/**
 * SPEC §2: on every navigation the page scrolls to the top and `onNavigate` runs (the menu
 * closes). Not when the page is first shown: the gateway's markup can be read and scrolled before
 * the page's code takes it over, and a jump to the top then moved the footer link a visitor was
 * about to click away from under the pointer (the click landed on the page instead).
 */
export function useTopOnNavigation(pathname: string, onNavigate: () => void): void {
  const shownPath = useRef(pathname);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path change is the trigger
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    onNavigate();
    window.scrollTo({ top: 0 });
  }, [pathname]);
}
