import type { RemoteAppProps } from '@portal/shared-contracts';
import { PageHeading, usePlatform, useRemoteTranslation } from '@portal/shared-contracts/react';
import { Route, Routes } from '@portal/shared-contracts/router';
import { Loader } from '@portal/shared-contracts/ui';
import { lazy, Suspense } from 'react';
import { catalogues, NAMESPACE } from '../i18n';

/** The form, the table and their overlays load with the page, not with the remote's entry. */
const CalculatorPage = lazy(() => import('../pages/calculator/CalculatorPage'));

function TariffCalculatorRoute() {
  const { t } = useRemoteTranslation(NAMESPACE, catalogues);
  return (
    <>
      <PageHeading>{t('pages.calculator')}</PageHeading>
      <Suspense fallback={<Loader aria-label={t('loading')} />}>
        <CalculatorPage />
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
      <Route path="tariff-calculator" element={<TariffCalculatorRoute />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
