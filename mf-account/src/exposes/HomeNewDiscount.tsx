import { useRemoteTranslation } from '@portal/shared-contracts/react';
import { NewDiscountDialog } from '../features/discounts/NewDiscountDialog';
import { catalogues, NAMESPACE } from '../i18n';

/** Home widget (signed in): the new-discount dialog when a loyalty discount was assigned (SPEC §2, §4). */
export default function HomeNewDiscount() {
  useRemoteTranslation(NAMESPACE, catalogues);
  return <NewDiscountDialog />;
}
