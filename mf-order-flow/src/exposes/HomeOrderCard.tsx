import { useRemoteTranslation } from '@portal/shared-contracts/react';
import { HomeOrderCard as Card } from '../features/home-card/HomeOrderCard';
import { catalogues, NAMESPACE } from '../i18n';

export default function HomeOrderCard() {
  useRemoteTranslation(NAMESPACE, catalogues);
  return <Card />;
}
