import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../i18n';
import { Breadcrumbs as Trail } from '../../shared/list';

/** Administration › Notifications › (this page): links to the levels above, the current page as text. */
export function Breadcrumbs({ current }: { current?: string }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <Trail
      items={[
        { label: t('pages.notifications'), to: '/admin/notifications' },
        ...(current ? [{ label: current }] : []),
      ]}
    />
  );
}
