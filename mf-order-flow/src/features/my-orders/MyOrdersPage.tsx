import { PageHeading } from '@portal/shared-contracts/react';
import { Tabs } from '@portal/shared-contracts/ui';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../i18n';

/** SPEC §2 /my-orders: tabs for own orders and eBay orders. */
export function MyOrdersPage() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <>
      <PageHeading>{t('pages.myOrders')}</PageHeading>
      <Tabs defaultValue="own">
        <Tabs.List>
          <Tabs.Tab value="own">{t('myOrders.own')}</Tabs.Tab>
          <Tabs.Tab value="ebay">{t('myOrders.ebay')}</Tabs.Tab>
        </Tabs.List>
      </Tabs>
    </>
  );
}
