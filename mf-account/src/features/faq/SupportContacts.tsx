import { usePlatform } from '@portal/shared-contracts/react';
import { Box } from '@portal/shared-contracts/ui';
import { useQuery } from '@tanstack/react-query';

/** The CMS block the footer shows too (api/src/modules/cms/seed.ts): phone, e-mail, chat, the form. */
export const SUPPORT_CONTACTS_KEY = 'footer-support-contacts';

/**
 * The support contacts on the FAQ page (issue 40 item 7), from the CMS so that the administrator
 * writes them once for the footer and here, in both languages. Nothing renders while the block
 * loads, or when it is missing or switched off: the page's own links stay.
 */
export function SupportContacts() {
  const { api, locale } = usePlatform();
  const block = useQuery({
    queryKey: ['cms-blocks', SUPPORT_CONTACTS_KEY, locale],
    queryFn: ({ signal }) => api.GET('/api/public/cms_blocks/{key}', { path: { key: SUPPORT_CONTACTS_KEY }, signal }),
    staleTime: 5 * 60_000,
    retry: false,
  });
  if (!block.data) return null;
  // Under the sidebar's own "Contact us" heading (the block's title says the same in the footer);
  // not a landmark of its own: the footer shows the same block as one.
  return (
    <Box
      data-testid="faq-support-contacts"
      mb="xs"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the API sanitises every block to a closed list of tags (api/src/modules/cms/markdown.ts)
      dangerouslySetInnerHTML={{ __html: block.data.html }}
    />
  );
}
