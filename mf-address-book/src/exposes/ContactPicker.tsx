import type { ContactPickerProps } from '@portal/shared-contracts/address-book';
import { useRemoteTranslation } from '@portal/shared-contracts/react';
import { Loader } from '@portal/shared-contracts/ui';
import { lazy, Suspense } from 'react';
import { catalogues, NAMESPACE } from '../i18n';

export type { ContactPickerProps } from '@portal/shared-contracts/address-book';

const ContactPickerView = lazy(() => import('../features/picker/ContactPickerView'));

/**
 * `mf-address-book/ContactPicker`: the order wizard's sender or receiver from the address book
 * (issue 12 item 4), mounted by the order flow through the shell (`platform.RemoteComponent`),
 * the way it mounts `mf-map/LocationPicker`; the props are the shared `ContactPickerProps`.
 *
 *   <RemoteComponent<ContactPickerProps> remote="mf-address-book" expose="./ContactPicker"
 *     props={{ partyRole: 'receiver', countryCode: 'LV', onPick: (party) => …, party }} fallback={null} />
 *
 * Visitors who are not signed in see nothing.
 */
export default function ContactPicker(props: ContactPickerProps) {
  const { t } = useRemoteTranslation(NAMESPACE, catalogues);
  return (
    <Suspense fallback={<Loader size="sm" aria-label={t('list.loading')} />}>
      <ContactPickerView {...props} />
    </Suspense>
  );
}
