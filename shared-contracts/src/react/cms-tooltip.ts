import { useQuery } from '@tanstack/react-query';
import type { CmsTooltipKey } from '../cms';
import { usePlatform } from './platform-context';

/** A block's sanitised HTML as plain text: a field's help is a sentence, shown in its description. */
function plainText(html: string): string {
  // A <template>'s content is inert: nothing in it loads or runs while it is read.
  const template = document.createElement('template');
  template.innerHTML = html;
  return (template.content.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/**
 * The help text of a form field from its CMS block of kind `tooltip` (`tooltip-<field>`), in the
 * interface language; the form's own text until the blocks arrive, when the request fails, or when
 * the back office has no active block of that key. Every field of a page shares one request.
 */
export function useCmsTooltip(key: CmsTooltipKey, fallback: string): string {
  const { api, locale } = usePlatform();
  const tooltips = useQuery({
    queryKey: ['cms-blocks', 'tooltip', locale],
    queryFn: ({ signal }) => api.GET('/api/public/cms_blocks', { query: { kind: 'tooltip' }, signal }),
    staleTime: 10 * 60_000,
    retry: false,
  });
  const block = tooltips.data?.['hydra:member']?.find((candidate) => candidate.key === key);
  const text = block ? plainText(block.html) : '';
  return text || fallback;
}
