import { useEffect } from 'react';

/** SPEC §9: page-metadata updates are debounced by 50 ms (nested pages settle first). */
export const PAGE_TITLE_DEBOUNCE_MS = 50;
const SITE_NAME = 'Latvijas Pasts';

let pending: ReturnType<typeof setTimeout> | undefined;

export function setPageTitle(title: string): void {
  clearTimeout(pending);
  pending = setTimeout(() => {
    document.title = title ? `${title} | ${SITE_NAME}` : SITE_NAME;
  }, PAGE_TITLE_DEBOUNCE_MS);
}

/** Sets the document title while the calling page is shown. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    setPageTitle(title);
  }, [title]);
}
