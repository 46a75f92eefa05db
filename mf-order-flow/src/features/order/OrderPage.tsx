import { PageHeading, usePlatform } from '@portal/shared-contracts/react';
import { useParams } from '@portal/shared-contracts/router';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../i18n';
import { isShipmentType } from './shipment-type';

export function OrderPage() {
  const { t } = useTranslation(NAMESPACE);
  const { NotFound } = usePlatform();
  const { orderType } = useParams();
  if (!isShipmentType(orderType)) return <NotFound />;
  return <PageHeading>{t(`pages.${orderType}`)}</PageHeading>;
}
