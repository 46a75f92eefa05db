import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../i18n';
import { Breadcrumbs } from '../../shared/list';

/** Administration › Discounts › this page (SPEC §2: breadcrumbs on list, create, edit and show pages). */
export function DiscountsBreadcrumbs({ current }: { current?: string }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <Breadcrumbs
      items={
        current
          ? [{ label: t('pages.discounts'), to: '/admin/discounts' }, { label: current }]
          : [{ label: t('pages.discounts') }]
      }
    />
  );
}
