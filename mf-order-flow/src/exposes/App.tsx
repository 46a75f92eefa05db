import type { RemoteAppProps } from '@portal/shared-contracts';
import { PageHeading, usePlatform, useRemoteTranslation } from '@portal/shared-contracts/react';
import { Route, Routes } from '@portal/shared-contracts/router';
import { MyOrdersPage } from '../features/my-orders/MyOrdersPage';
import { OrderPage } from '../features/order/OrderPage';
import { catalogues, NAMESPACE } from '../i18n';

/** The remote's router subtree; the shell mounts it for the paths remotes.json gives it. */
export default function App(_props: RemoteAppProps) {
  const { t } = useRemoteTranslation(NAMESPACE, catalogues);
  const { NotFound } = usePlatform();
  return (
    <Routes>
      <Route path="orders/:orderType/:id?/:paymentResult?" element={<OrderPage />} />
      <Route path="my-orders" element={<MyOrdersPage />} />
      <Route path="user/orders" element={<MyOrdersPage />} />
      <Route path="components" element={<PageHeading>{t('pages.components')}</PageHeading>} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
