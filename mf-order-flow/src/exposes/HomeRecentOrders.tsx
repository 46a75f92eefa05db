import { useRemoteTranslation } from '@portal/shared-contracts/react';
import { HomeRecentOrders as Widget } from '../features/home-orders/HomeRecentOrders';
import { catalogues, NAMESPACE } from '../i18n';

export default function HomeRecentOrders() {
  useRemoteTranslation(NAMESPACE, catalogues);
  return <Widget />;
}
