import { useRemoteTranslation } from '@portal/shared-contracts/react';
import { HomeCompanyShipments as Widget } from '../features/home-orders/HomeCompanyShipments';
import { catalogues, NAMESPACE } from '../i18n';

export default function HomeCompanyShipments() {
  useRemoteTranslation(NAMESPACE, catalogues);
  return <Widget />;
}
