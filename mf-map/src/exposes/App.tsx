import type { RemoteAppProps } from '@portal/shared-contracts';
import { PageHeading, usePlatform, useRemoteTranslation } from '@portal/shared-contracts/react';
import { Route, Routes, useSearchParams } from '@portal/shared-contracts/router';
import { Loader } from '@portal/shared-contracts/ui';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { catalogues, NAMESPACE } from '../i18n';
import { networkQuery } from '../shared/network/api';
import { networkMapChunk } from '../shared/network/chunks';
import { preloadable, usePreloaded } from '../shared/network/preloadable';

const PickerPreview = lazy(() => import('../features/picker/PickerPreview'));
/** Filters, search, results and details of `/postal-network`. */
const postalNetworkPageChunk = preloadable(() => import('../features/map/PostalNetworkPage'));

// This module loads only for mf-map's paths, i.e. the map page: its code and Leaflet start
// downloading now, together, rather than one after the other once React has rendered.
if (typeof window === 'undefined' || !window.location.search.includes('picker=')) {
  void postalNetworkPageChunk.load();
  void networkMapChunk.load();
}

function PostalNetworkPage() {
  const { t } = useTranslation(NAMESPACE);
  const page = usePreloaded(postalNetworkPageChunk);
  return page ? <page.default /> : <Loader aria-label={t('loading')} />;
}

function PostalNetworkRoute() {
  const { t } = useTranslation(NAMESPACE);
  const { api, queryClient } = usePlatform();
  // The markers download while the page's code does: asked for on the first render, not after
  // it (prefetchQuery does nothing while the same query is fresh or in flight).
  useState(() => queryClient.prefetchQuery(networkQuery(api)));
  const [params] = useSearchParams();
  const picker = params.get('picker');
  return (
    <>
      <PageHeading>{t('pages.postalNetwork')}</PageHeading>
      {picker ? (
        <Suspense fallback={<Loader aria-label={t('loading')} />}>
          <PickerPreview receivingOption={picker} countryCode={params.get('country') ?? undefined} />
        </Suspense>
      ) : (
        <PostalNetworkPage />
      )}
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
