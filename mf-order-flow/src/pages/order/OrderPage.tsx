import { PageHeading, usePlatform } from '@portal/shared-contracts/react';
import { useParams } from '@portal/shared-contracts/router';
import { Center, Loader } from '@portal/shared-contracts/ui';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { isPaymentResult } from '../../features/payment-result';
import { NAMESPACE } from '../../i18n';
import { isShipmentType } from '../../shared/order/shipment-type';

// The wizard and the result page load only when an order page is opened (the home card stays light).
const OrderWizard = lazy(() => import('../../features/order/components/OrderWizard'));
const PaymentResultPage = lazy(() =>
  import('../../features/payment-result').then((feature) => ({ default: feature.PaymentResultPage })),
);

/** `/orders/:orderType/:id?/:paymentResult?` (SPEC §2). */
export function OrderPage() {
  const { t } = useTranslation(NAMESPACE);
  const { NotFound } = usePlatform();
  const { orderType, id, paymentResult } = useParams();
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
  return (
    <>
      <PageHeading>{t(`pages.${orderType}`)}</PageHeading>
      <Suspense fallback={loading}>
        <OrderWizard shipmentType={orderType} orderKey={id} />
      </Suspense>
    </>
  );
}
