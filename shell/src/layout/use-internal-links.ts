import { useNavigate } from '@portal/shared-contracts/router';
import { type RefObject, useEffect } from 'react';

/**
 * Links to the portal's own pages inside CMS HTML stay in the single-page application: the HTML is
 * not React's, so its links are plain anchors, and one listener on the container catches their clicks.
 */
export function useInternalLinks(container: RefObject<HTMLElement | null>, html: string | undefined) {
  const navigate = useNavigate();
  useEffect(() => {
    const element = container.current;
    if (!element || html === undefined) return;
    const followInternalLink = (event: MouseEvent) => {
      const href = (event.target as Element | null)?.closest('a')?.getAttribute('href');
      if (!href?.startsWith('/') || href.startsWith('//') || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      navigate(href);
    };
    element.addEventListener('click', followInternalLink);
    return () => element.removeEventListener('click', followInternalLink);
  }, [container, html, navigate]);
}
