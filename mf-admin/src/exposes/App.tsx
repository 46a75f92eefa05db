import type { RemoteAppProps } from '@portal/shared-contracts';
import { usePlatform, useRemoteTranslation } from '@portal/shared-contracts/react';
import { Route, Routes } from '@portal/shared-contracts/router';
import AuditPage from '../features/audit/AuditPage';
import ComplaintShowPage from '../features/complaints/ComplaintShowPage';
import ComplaintsQueuePage from '../features/complaints/ComplaintsQueuePage';
import CmsEditorPage from '../features/content/CmsEditorPage';
import CmsListPage from '../features/content/CmsListPage';
import DiscountFormPage from '../features/discounts/DiscountFormPage';
import DiscountsListPage from '../features/discounts/DiscountsListPage';
import AdminHomePage from '../features/home/AdminHomePage';
import LocationFormPage from '../features/locations/LocationFormPage';
import LocationsListPage from '../features/locations/LocationsListPage';
import BannerPage from '../features/notifications/BannerPage';
import NotificationFormPage from '../features/notifications/NotificationFormPage';
import NotificationShowPage from '../features/notifications/NotificationShowPage';
import NotificationsListPage from '../features/notifications/NotificationsListPage';
import OrderCreatePage from '../features/orders/OrderCreatePage';
import OrderEditPage from '../features/orders/OrderEditPage';
import OrderShowPage from '../features/orders/OrderShowPage';
import OrdersListPage from '../features/orders/OrdersListPage';
import MassEditPage from '../features/products/MassEditPage';
import ProductFormPage from '../features/products/ProductFormPage';
import ProductShowPage from '../features/products/ProductShowPage';
import ProductsListPage from '../features/products/ProductsListPage';
import ReportsPage from '../features/reports/ReportsPage';
import CachePage from '../features/settings/CachePage';
import CalendarPage from '../features/settings/CalendarPage';
import LocationImportPage from '../features/settings/LocationImportPage';
import { TariffsPage } from '../features/tariffs/TariffsPage';
import ApplicationsPage from '../features/users/ApplicationsPage';
import ArchivePage from '../features/users/ArchivePage';
import UserEditPage from '../features/users/UserEditPage';
import UserShowPage from '../features/users/UserShowPage';
import UsersListPage from '../features/users/UsersListPage';
import { catalogues, NAMESPACE } from '../i18n';

/** The remote's router subtree; the shell mounts it for the paths remotes.json gives it. */
export default function App(_props: RemoteAppProps) {
  // Loads this remote's texts for every page below, before any of them renders.
  useRemoteTranslation(NAMESPACE, catalogues);
  const { NotFound } = usePlatform();
  return (
    <Routes>
      <Route path="admin" element={<AdminHomePage />} />
      <Route path="admin/locations" element={<LocationsListPage />} />
      <Route path="admin/locations/new" element={<LocationFormPage />} />
      <Route path="admin/locations/import" element={<LocationImportPage />} />
      <Route path="admin/locations/edit/:id" element={<LocationFormPage />} />
      <Route path="admin/cms" element={<CmsListPage />} />
      <Route path="admin/cms/editor/:id?" element={<CmsEditorPage />} />
      <Route path="admin/complaints" element={<ComplaintsQueuePage />} />
      <Route path="admin/complaints/show/:id" element={<ComplaintShowPage />} />
      <Route path="admin/users" element={<UsersListPage />} />
      <Route path="admin/users/applications" element={<ApplicationsPage />} />
      <Route path="admin/users/editor/:id?" element={<UserEditPage />} />
      <Route path="admin/users/show/:id?" element={<UserShowPage />} />
      <Route path="admin/archive" element={<ArchivePage />} />
      <Route path="admin/orders" element={<OrdersListPage />} />
      <Route path="admin/orders/create" element={<OrderCreatePage />} />
      <Route path="admin/orders/show/:id" element={<OrderShowPage />} />
      <Route path="admin/orders/edit/:id" element={<OrderEditPage />} />
      <Route path="admin/work_flows" element={<ProductsListPage />} />
      <Route path="admin/work_flows/create" element={<ProductFormPage />} />
      <Route path="admin/work_flows/show/:id" element={<ProductShowPage />} />
      <Route path="admin/work_flows/edit/:id" element={<ProductFormPage />} />
      <Route path="admin/work_flows/mass_edit" element={<MassEditPage />} />
      <Route path="admin/tariffs" element={<TariffsPage />} />
      <Route path="admin/discounts" element={<DiscountsListPage />} />
      <Route path="admin/discounts/create" element={<DiscountFormPage />} />
      <Route path="admin/discounts/edit/:id" element={<DiscountFormPage />} />
      <Route path="admin/notifications" element={<NotificationsListPage />} />
      <Route path="admin/notifications/banner" element={<BannerPage />} />
      <Route path="admin/notifications/create" element={<NotificationFormPage />} />
      <Route path="admin/notifications/edit/:id" element={<NotificationFormPage />} />
      <Route path="admin/notifications/show/:id" element={<NotificationShowPage />} />
      <Route path="admin/calendar" element={<CalendarPage />} />
      <Route path="admin/cache" element={<CachePage />} />
      <Route path="admin/audit" element={<AuditPage />} />
      <Route path="admin/reports" element={<ReportsPage />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
