import { PageHeading } from '@portal/shared-contracts/react';
import { useSearchParams } from '@portal/shared-contracts/router';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../i18n';
import { TrackingForm } from './TrackingForm';

export function TrackingPage() {
  const { t } = useTranslation(NAMESPACE);
  const [params] = useSearchParams();
  const number = params.get('number') ?? '';
  return (
    <>
      <PageHeading>{t('pages.track')}</PageHeading>
      {/* key: a new ?number= (from the home card) resets the field */}
      <TrackingForm key={number} initialNumber={number} />
    </>
  );
}
