import type { CmsBlockInput } from '@portal/shared-contracts/cms';
import { usePlatform } from '@portal/shared-contracts/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

const KEY = ['admin', 'cms-blocks'];

/** `GET /api/admin/cms_blocks`: every block's Markdown in both languages (api/src/modules/cms). */
export function useCmsBlocks() {
  const { api } = usePlatform();
  return useQuery({
    queryKey: [...KEY, 'list'],
    queryFn: ({ signal }) => api.GET('/api/admin/cms_blocks', { signal }),
  });
}

export function useCmsBlock(key: string | undefined) {
  const { api } = usePlatform();
  return useQuery({
    queryKey: [...KEY, 'one', key],
    queryFn: ({ signal }) => api.GET('/api/admin/cms_blocks/{key}', { path: { key: key ?? '' }, signal }),
    enabled: key !== undefined,
  });
}

/**
 * PUT creates or replaces a block. Admin routes are authorised by the back-office role, not by the
 * bot check. The public copies (the shell's `cms-block`, `cms-blocks` and `news` queries) are dropped too.
 */
export function useSaveCmsBlock() {
  const { api } = usePlatform();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ key, block }: { key: string; block: CmsBlockInput }) =>
      api.PUT('/api/admin/cms_blocks/{key}', { path: { key }, body: block, skipBotCheck: true }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: KEY }),
        queryClient.invalidateQueries({ queryKey: ['cms-block'] }),
        // The shell's footer, the home page's adverts and the forms' tooltips (by kind).
        queryClient.invalidateQueries({ queryKey: ['cms-blocks'] }),
        queryClient.invalidateQueries({ queryKey: ['news'] }),
      ]),
  });
}

/** The editor's preview: the API renders and sanitises the Markdown exactly as the public page. */
export function usePreview() {
  const { api } = usePlatform();
  return useMutation({
    mutationFn: (markdown: string) =>
      api.POST('/api/admin/cms_blocks/preview', { body: { markdown }, skipBotCheck: true }),
  });
}
