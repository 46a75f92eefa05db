import { PageHeading } from '@portal/shared-contracts/react';
import { Text } from '@portal/shared-contracts/ui';
import { useTranslation } from 'react-i18next';

export function MaintenancePage() {
  const { t } = useTranslation('shell');
  return (
    <section data-testid="maintenance">
      <PageHeading>{t('maintenance.title')}</PageHeading>
      <Text>{t('maintenance.text')}</Text>
    </section>
  );
}
