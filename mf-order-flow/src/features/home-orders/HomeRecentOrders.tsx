import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../i18n';
import { HomeOrdersList } from './HomeOrdersList';

/** SPEC §2 home: the signed-in user's own recent orders. */
export function HomeRecentOrders() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <HomeOrdersList
      scope="mine"
      title={t('homeOrders.recentTitle')}
      empty={t('homeOrders.recentEmpty')}
      allLabel={t('homeOrders.all')}
      testId="recent-orders"
    />
  );
}
