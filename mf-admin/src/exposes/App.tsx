import type { RemoteAppProps } from '@portal/shared-contracts';
import { PageHeading, usePlatform, useRemoteTranslation } from '@portal/shared-contracts/react';
import { Route, Routes } from '@portal/shared-contracts/router';
import AdminHomePage from '../features/home/AdminHomePage';
import LocationFormPage from '../features/locations/LocationFormPage';
import LocationsListPage from '../features/locations/LocationsListPage';
import { TariffsPage } from '../features/tariffs/TariffsPage';
import { catalogues, NAMESPACE } from '../i18n';

/** The remote's router subtree; the shell mounts it for the paths remotes.json gives it. */
export default function App(_props: RemoteAppProps) {
  const { t } = useRemoteTranslation(NAMESPACE, catalogues);
  const { NotFound } = usePlatform();
  return (
    <Routes>
      <Route path="admin" element={<AdminHomePage />} />
      <Route path="admin/locations" element={<LocationsListPage />} />
      <Route path="admin/locations/new" element={<LocationFormPage />} />
      <Route path="admin/locations/edit/:id" element={<LocationFormPage />} />
      <Route path="admin/cms" element={<PageHeading>{t('pages.cms')}</PageHeading>} />
      <Route path="admin/cms/editor/:id?" element={<PageHeading>{t('pages.cmsEditor')}</PageHeading>} />
      <Route path="admin/users" element={<PageHeading>{t('pages.users')}</PageHeading>} />
      <Route path="admin/users/editor/:id?" element={<PageHeading>{t('pages.userEditor')}</PageHeading>} />
      <Route path="admin/users/show/:id?" element={<PageHeading>{t('pages.userShow')}</PageHeading>} />
      <Route path="admin/orders" element={<PageHeading>{t('pages.orders')}</PageHeading>} />
      <Route path="admin/orders/create" element={<PageHeading>{t('pages.orderCreate')}</PageHeading>} />
      <Route path="admin/orders/show/:id" element={<PageHeading>{t('pages.orderShow')}</PageHeading>} />
      <Route path="admin/orders/edit/:id" element={<PageHeading>{t('pages.orderEdit')}</PageHeading>} />
      <Route path="admin/work_flows" element={<PageHeading>{t('pages.workflows')}</PageHeading>} />
      <Route path="admin/work_flows/create" element={<PageHeading>{t('pages.workflowCreate')}</PageHeading>} />
      <Route path="admin/work_flows/show/:id" element={<PageHeading>{t('pages.workflowShow')}</PageHeading>} />
      <Route path="admin/work_flows/edit/:id" element={<PageHeading>{t('pages.workflowEdit')}</PageHeading>} />
      <Route path="admin/work_flows/mass_edit" element={<PageHeading>{t('pages.workflowMassEdit')}</PageHeading>} />
      <Route path="admin/tariffs" element={<TariffsPage />} />
      <Route path="admin/discounts" element={<PageHeading>{t('pages.discounts')}</PageHeading>} />
      <Route path="admin/notifications" element={<PageHeading>{t('pages.notifications')}</PageHeading>} />
      <Route path="admin/cache" element={<PageHeading>{t('pages.cache')}</PageHeading>} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
