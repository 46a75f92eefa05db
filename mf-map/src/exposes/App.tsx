import type { RemoteAppProps } from '@portal/shared-contracts';
import { PageHeading, usePlatform, useRemoteTranslation } from '@portal/shared-contracts/react';
import { Route, Routes, useSearchParams } from '@portal/shared-contracts/router';
import { Loader } from '@portal/shared-contracts/ui';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { networkQuery } from '../features/network/api';
import { catalogues, NAMESPACE } from '../i18n';

const PostalNetworkPage = lazy(() => import('../features/map/PostalNetworkPage'));
const PickerPreview = lazy(() => import('../features/picker/PickerPreview'));

function PostalNetworkRoute() {
  const { t } = useTranslation(NAMESPACE);
  const { api, queryClient } = usePlatform();
  // The markers download while the page's code does.
  useEffect(() => {
    void queryClient.prefetchQuery(networkQuery(api));
  }, [api, queryClient]);
  const [params] = useSearchParams();
  const picker = params.get('picker');
  return (
    <>
      <PageHeading>{t('pages.postalNetwork')}</PageHeading>
      <Suspense fallback={<Loader aria-label={t('loading')} />}>
        {picker ? (
          <PickerPreview receivingOption={picker} countryCode={params.get('country') ?? undefined} />
        ) : (
          <PostalNetworkPage />
        )}
      </Suspense>
    </>
  );
}

/** The remote's router subtree; the shell mounts it for the paths remotes.json gives it. */
export default function App(_props: RemoteAppProps) {
  useRemoteTranslation(NAMESPACE, catalogues);
  const { NotFound } = usePlatform();
  return (
    <Routes>
      <Route path="postal-network" element={<PostalNetworkRoute />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
