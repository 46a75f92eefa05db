import { PageHeading } from '@portal/shared-contracts/react';
import { useSearchParams } from '@portal/shared-contracts/router';
import { Stack, Text } from '@portal/shared-contracts/ui';
import { useTranslation } from 'react-i18next';
import searchUrl from '../../assets/search.svg';
import { NAMESPACE } from '../../i18n';
import { TrackingForm } from './TrackingForm';
import { TrackingLookup } from './TrackingLookup';

/** `/track?number=…`: the URL is the state, so a result can be shared as a link. */
export function TrackingPage() {
  const { t } = useTranslation(NAMESPACE);
  const [params] = useSearchParams();
  const number = params.get('number')?.trim() ?? '';
  return (
    <Stack gap="md">
      <PageHeading>{t('pages.track')}</PageHeading>
      {/* key: a new ?number= (from the home card) resets the field */}
      <TrackingForm key={number} initialNumber={number} />
      {number ? (
        <TrackingLookup number={number} />
      ) : (
        <Stack align="center" gap="xs" py="lg" data-testid="tracking-empty">
          <img src={searchUrl} alt="" width={200} height={140} fetchPriority="high" />
          <Text c="gray.7" ta="center">
            {t('form.emptyHint')}
          </Text>
        </Stack>
      )}
    </Stack>
  );
}
