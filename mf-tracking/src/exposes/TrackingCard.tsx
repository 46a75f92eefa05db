import { useRemoteTranslation } from '@portal/shared-contracts/react';
import { Title } from '@portal/shared-contracts/ui';
import { TrackingForm } from '../features/tracking/TrackingForm';
import { catalogues, NAMESPACE } from '../i18n';

/** The home page's tracking card (SPEC §2). */
export default function TrackingCard() {
  const { t } = useRemoteTranslation(NAMESPACE, catalogues);
  return (
    <section aria-labelledby="tracking-card-title" data-testid="tracking-card">
      <Title order={2} size="h3" mb="sm" id="tracking-card-title">
        {t('card.title')}
      </Title>
      <TrackingForm />
    </section>
  );
}
