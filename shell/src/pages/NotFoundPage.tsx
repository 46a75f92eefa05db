import { PageHeading } from '@portal/shared-contracts/react';
import { Link } from '@portal/shared-contracts/router';
import { Anchor, Text } from '@portal/shared-contracts/ui';
import { useTranslation } from 'react-i18next';
import lostUrl from '../assets/lost.svg';
import { markPageNotFound } from '../remotes/server-areas';

export function NotFoundPage() {
  const { t } = useTranslation('shell');
  // Rendered by the gateway: the page is answered with 404 (server-areas.ts).
  markPageNotFound();
  return (
    <section data-testid="not-found">
      <img src={lostUrl} alt="" width={200} height={140} style={{ display: 'block', marginBottom: 16 }} />
      <PageHeading>{t('pages.notFound')}</PageHeading>
      <Text mb="md">{t('notFound.text')}</Text>
      <Anchor component={Link} to="/">
        {t('notFound.home')}
      </Anchor>
    </section>
  );
}
