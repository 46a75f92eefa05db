import type { RemoteAppProps } from '@portal/shared-contracts';
import { usePlatform, useRemoteTranslation } from '@portal/shared-contracts/react';
import { Route, Routes } from '@portal/shared-contracts/router';
import { Center, Loader } from '@portal/shared-contracts/ui';
import { lazy, Suspense } from 'react';
import { catalogues, NAMESPACE } from '../i18n';
import { OrderPage } from '../pages/order/OrderPage';

// Pages load with their route; the wizard's steps load one by one inside OrderPage.
const MyOrdersPage = lazy(() => import('../pages/my-orders/MyOrdersPage').then((m) => ({ default: m.MyOrdersPage })));
const BulkOrderPage = lazy(() => import('../features/bulk').then((m) => ({ default: m.BulkOrderPage })));
const ReturnsPage = lazy(() => import('../pages/returns/ReturnsPage'));
const ComponentsPage = lazy(() => import('../features/style-guide/ComponentsPage'));

/** The remote's router subtree; the shell mounts it for the paths remotes.json gives it. */
export default function App(_props: RemoteAppProps) {
  const { t } = useRemoteTranslation(NAMESPACE, catalogues);
  const { NotFound } = usePlatform();
  const loading = (
    <Center mih={240}>
      <Loader aria-label={t('wizard.loading')} />
    </Center>
  );
  const myOrders = (
    <Suspense fallback={loading}>
      <MyOrdersPage />
    </Suspense>
  );
  return (
    <Routes>
      <Route path="orders/:orderType/:id?/:paymentResult?" element={<OrderPage />} />
      <Route path="my-orders" element={myOrders} />
      <Route path="user/orders" element={myOrders} />
      <Route
        path="bulk-orders"
        element={
          <Suspense fallback={loading}>
            <BulkOrderPage />
          </Suspense>
        }
      />
      <Route
        path="returns/:key?/:paymentResult?"
        element={
          <Suspense fallback={loading}>
            <ReturnsPage />
          </Suspense>
        }
      />
      <Route
        path="components"
        element={
          <Suspense fallback={loading}>
            <ComponentsPage />
          </Suspense>
        }
      />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
