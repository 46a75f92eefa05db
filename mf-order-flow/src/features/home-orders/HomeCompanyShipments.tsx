import { usePlatform } from '@portal/shared-contracts/react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../i18n';
import { HomeOrdersList } from './HomeOrdersList';

/** SPEC §2 home: every shipment of the active company account, by any of its users. Nothing for a private account. */
export function HomeCompanyShipments() {
  const { t } = useTranslation(NAMESPACE);
  const account = usePlatform().session?.activeAccount;
  if (account?.type !== 'company') return null;
  return (
    <HomeOrdersList
      scope="account"
      title={t('homeOrders.companyTitle', { company: account.companyName ?? account.email ?? '' })}
      empty={t('homeOrders.companyEmpty')}
      allLabel={t('homeOrders.companyAll')}
      withReceiver
      testId="company-shipments"
    />
  );
}
