import type { RemoteAppProps } from '@portal/shared-contracts';
import { usePlatform, useRemoteTranslation } from '@portal/shared-contracts/react';
import { Route, Routes } from '@portal/shared-contracts/router';
import { ComplaintPage } from '../features/complaints/ComplaintPage';
import { ComplaintSentPage } from '../features/complaints/ComplaintSentPage';
import { MyDiscountsPage } from '../features/discounts/MyDiscountsPage';
import { FaqPage } from '../features/faq/FaqPage';
import { NotificationsPage } from '../features/notifications/NotificationsPage';
import { EbayAccepted } from '../features/settings/integrations/EbayAccepted';
import { SettingsPage } from '../features/settings/SettingsPage';
import { catalogues, NAMESPACE } from '../i18n';
import { ProfilePage } from '../pages/profile/ProfilePage';

/** The remote's router subtree; the shell mounts it for the paths remotes.json gives it. */
export default function App(_props: RemoteAppProps) {
  // Adds this remote's catalogues to the shared i18next instance for every page below.
  useRemoteTranslation(NAMESPACE, catalogues);
  const { NotFound } = usePlatform();
  return (
    <Routes>
      <Route path="user/profile" element={<ProfilePage />} />
      <Route
        path="user/ebay/accounts/accepted"
        element={
          <>
            <EbayAccepted />
            <ProfilePage />
          </>
        }
      />
      <Route path="user/discounts" element={<MyDiscountsPage />} />
      <Route path="settings/:tab?" element={<SettingsPage />} />
      <Route path="complaint/:orderId?" element={<ComplaintPage />} />
      <Route path="complaint-sent" element={<ComplaintSentPage />} />
      <Route path="faq" element={<FaqPage />} />
      <Route path="notifications" element={<NotificationsPage />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
