import { PageHeading } from '@portal/shared-contracts/react';
import { Link } from '@portal/shared-contracts/router';
import { Anchor, Text } from '@portal/shared-contracts/ui';
import { useTranslation } from 'react-i18next';

/** A signed-in user whose back-office roles do not open an admin-only route (SPEC §2 admin routes; issue 14). */
export function AccessDeniedPage() {
  const { t } = useTranslation('shell');
  return (
    <section data-testid="access-denied">
      <PageHeading>{t('pages.accessDenied')}</PageHeading>
      <Text mb="md">{t('accessDenied.text')}</Text>
      <Anchor component={Link} to="/">
        {t('accessDenied.home')}
      </Anchor>
    </section>
  );
}
