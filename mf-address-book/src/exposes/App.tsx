import type { RemoteAppProps } from '@portal/shared-contracts';
import { usePlatform, useRemoteTranslation } from '@portal/shared-contracts/react';
import { Route, Routes } from '@portal/shared-contracts/router';
import { Center, Loader } from '@portal/shared-contracts/ui';
import { lazy, Suspense } from 'react';
import { catalogues, NAMESPACE } from '../i18n';

// The page loads with its route, as the other remotes' pages do: imported with the expose, its
// floating components (ui/overlays) would be resolved before the shell has loaded its own copy,
// and federation could then pick another remote's copy, whose Mantine sits outside the shell's
// MantineProvider (seen on a fresh load of /address-book).
const AddressBookPage = lazy(() =>
  import('../pages/address-book/AddressBookPage').then((module) => ({ default: module.AddressBookPage })),
);

/** The remote's router subtree; the shell mounts it for the paths remotes.json gives it. */
export default function App(_props: RemoteAppProps) {
  const { t } = useRemoteTranslation(NAMESPACE, catalogues);
  const { NotFound } = usePlatform();
  const page = (
    <Suspense
      fallback={
        <Center mih={240}>
          <Loader aria-label={t('list.loading')} />
        </Center>
      }
    >
      <AddressBookPage />
    </Suspense>
  );
  return (
    <Routes>
      <Route path="address-book" element={page} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
