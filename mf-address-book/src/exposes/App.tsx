import type { RemoteAppProps } from '@portal/shared-contracts';
import { usePlatform, useRemoteTranslation } from '@portal/shared-contracts/react';
import { Route, Routes } from '@portal/shared-contracts/router';
import { AddressBookPage } from '../features/book/AddressBookPage';
import { catalogues, NAMESPACE } from '../i18n';

/** The remote's router subtree; the shell mounts it for the paths remotes.json gives it. */
export default function App(_props: RemoteAppProps) {
  useRemoteTranslation(NAMESPACE, catalogues);
  const { NotFound } = usePlatform();
  return (
    <Routes>
      <Route path="address-book" element={<AddressBookPage />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
