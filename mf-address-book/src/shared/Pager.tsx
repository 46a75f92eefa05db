import { ADDRESS_BOOK_PAGE_SIZE } from '@portal/shared-contracts/address-book';
import { Pagination } from '@portal/shared-contracts/ui/forms';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n';

/** Server paging of the book's tables, 5 rows a page (SPEC §9). */
export function Pager({ total, page, onChange }: { total: number; page: number; onChange: (page: number) => void }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <Pagination
      total={Math.ceil(total / ADDRESS_BOOK_PAGE_SIZE)}
      value={page}
      onChange={onChange}
      aria-label={t('list.pages')}
      // The arrows have no text: name them (axe button-name).
      getControlProps={(control) => ({ 'aria-label': t(`list.${control}Page`) })}
    />
  );
}
