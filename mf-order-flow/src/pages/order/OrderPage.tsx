import { PageHeading, usePlatform } from '@portal/shared-contracts/react';
import { useLocation, useParams } from '@portal/shared-contracts/router';
import { Center, Loader } from '@portal/shared-contracts/ui';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { isSameOrderPath, useOrderFlow } from '../../features/order/store';
import { isPaymentResult } from '../../features/payment-result';
import { NAMESPACE } from '../../i18n';
import { orderIri, orderQuery } from '../../shared/order';
import { isShipmentType } from '../../shared/order/shipment-type';

// The wizard, the result page and the order page load only when opened (the home card stays light).
const OrderWizard = lazy(() => import('../../features/order/components/OrderWizard'));
const PaymentResultPage = lazy(() =>
  import('../../features/payment-result').then((feature) => ({ default: feature.PaymentResultPage })),
);
const OrderDetailsPage = lazy(() =>
  import('../order-details').then((feature) => ({ default: feature.OrderDetailsPage })),
);

/**
 * `/orders/:orderType/:id?/:paymentResult?` (SPEC §2): the wizard for a new or unfinished order,
 * the payment's result page, and the order page once the order is paid or cancelled (issue 40).
 */
export function OrderPage() {
  const { t } = useTranslation(NAMESPACE);
  const { api, session, NotFound } = usePlatform();
  const { orderType, id, paymentResult } = useParams();
  const account = session?.status === 'authenticated' ? (session.activeAccount?.id ?? null) : null;
  const { pathname } = useLocation();
  // The order the wizard is editing on this path (a new order's key has just come): the wizard
  // stays, neither unmounted nor read again. Any other saved order is read first to choose the page.
  const heldByWizard = useOrderFlow(
    (state) => id !== undefined && state.saved?.key === id && isSameOrderPath(state.path, pathname, state.saved),
  );
  const lookUp = id !== undefined && paymentResult === undefined && !heldByWizard;
  const saved = useQuery(orderQuery(api, lookUp ? orderIri(id) : null, account));

  if (!isShipmentType(orderType)) return <NotFound />;
  if (paymentResult !== undefined && (!id || !isPaymentResult(paymentResult))) return <NotFound />;
  const loading = (
    <Center mih={240}>
      <Loader aria-label={t('wizard.loading')} />
    </Center>
  );
  if (id && paymentResult && isPaymentResult(paymentResult)) {
    return (
      <Suspense fallback={loading}>
        <PaymentResultPage shipmentType={orderType} orderKey={id} result={paymentResult} />
      </Suspense>
    );
  }
  if (lookUp && saved.isPending) return loading;
  if (lookUp && saved.data && saved.data.status !== 'unfinished') {
    return (
      <Suspense fallback={loading}>
        <OrderDetailsPage order={saved.data} />
      </Suspense>
    );
  }
  // An unfinished order, or one that could not be read (the wizard says so).
  return (
    <>
      <PageHeading>{t(`pages.${orderType}`)}</PageHeading>
      <Suspense fallback={loading}>
        <OrderWizard shipmentType={orderType} orderKey={id} />
      </Suspense>
    </>
  );
}
