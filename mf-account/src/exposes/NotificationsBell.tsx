import { useRemoteTranslation } from '@portal/shared-contracts/react';
import { UnreadNotifications } from '../features/notifications/UnreadNotifications';
import { catalogues, NAMESPACE } from '../i18n';

/** The header widget (placement `header`): a link to /notifications with the unread count. */
export default function NotificationsBell() {
  useRemoteTranslation(NAMESPACE, catalogues);
  return <UnreadNotifications />;
}
