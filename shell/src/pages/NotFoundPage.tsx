import { Anchor, Text } from '@mantine/core';
import { PageHeading } from '@portal/shared-contracts/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

export function NotFoundPage() {
  const { t } = useTranslation('shell');
  return (
    <section data-testid="not-found">
      <PageHeading>{t('pages.notFound')}</PageHeading>
      <Text mb="md">{t('notFound.text')}</Text>
      <Anchor component={Link} to="/">
        {t('notFound.home')}
      </Anchor>
    </section>
  );
}
