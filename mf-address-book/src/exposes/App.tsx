import type { RemoteAppProps } from '@portal/shared-contracts';
import { PageHeading, usePlatform, useRemoteTranslation } from '@portal/shared-contracts/react';
import { Route, Routes } from '@portal/shared-contracts/router';
import { catalogues, NAMESPACE } from '../i18n';

/** The remote's router subtree; the shell mounts it for the paths remotes.json gives it. */
export default function App(_props: RemoteAppProps) {
  const { t } = useRemoteTranslation(NAMESPACE, catalogues);
  const { NotFound } = usePlatform();
  return (
    <Routes>
      <Route path="address-book" element={<PageHeading>{t('pages.addressBook')}</PageHeading>} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
