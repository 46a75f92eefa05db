import { ApplicationError } from '@portal/shared-contracts';
import { usePlatform } from '@portal/shared-contracts/react';
import { Alert, Loader } from '@portal/shared-contracts/ui';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../i18n';
import { useTracking } from './api';
import { TrackingResult } from './components/TrackingResult';

/**
 * The answer for one number: the format message at once (by its reason, in the remote's own
 * catalogues, so the embedded parcel shows it in Latvian too), not found, or the journey.
 */
export function TrackingLookup({ number, portalUrl }: { number: string; portalUrl?: string }) {
  const { t } = useTranslation(NAMESPACE);
  const { translateServerMessage } = usePlatform();
  const { validation, data, error, isPending } = useTracking(number);
  if (validation && !validation.valid) {
    return (
      <Alert color="red" role="alert" data-testid="tracking-invalid">
        {t(`invalid.${validation.reason}`)}
      </Alert>
    );
  }
  if (error) {
    const notFound = error instanceof ApplicationError && error.status === 404;
    return (
      <Alert color={notFound ? 'yellow' : 'red'} role="alert" data-testid="tracking-error">
        {notFound ? t('result.notFound') : translateServerMessage(error)}
      </Alert>
    );
  }
  if (isPending || !data) return <Loader aria-label={t('result.loading')} />;
  return <TrackingResult answer={data} portalUrl={portalUrl} />;
}
