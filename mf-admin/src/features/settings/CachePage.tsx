import { toDisplayDateTime } from '@portal/shared-contracts';
import { PageHeading, usePlatform } from '@portal/shared-contracts/react';
import { Button, Stack, Text } from '@portal/shared-contracts/ui';
import { Table } from '@portal/shared-contracts/ui/table';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../i18n';
import { Breadcrumbs, ListTable } from '../../shared/list';
import { useCaches, useClearCache } from './cache-api';

/**
 * `/admin/cache` (issue 14 item 9, settings): the API's in-memory caches, each with what it holds
 * and a button that clears it, so a change made outside the back office shows at once.
 */
export default function CachePage() {
  const { t } = useTranslation(NAMESPACE);
  const { notify } = usePlatform();
  const caches = useCaches();
  const clear = useClearCache();
  return (
    <Stack gap="md" maw={880}>
      <Breadcrumbs items={[{ label: t('pages.cache') }]} />
      <PageHeading>{t('pages.cache')}</PageHeading>
      <Text>{t('cache.intro')}</Text>
      <ListTable
        query={caches}
        loadFailed={t('cache.loadFailed')}
        testId="cache-table"
        minWidth={560}
        head={
          <>
            <Table.Th scope="col">{t('cache.columns.name')}</Table.Th>
            <Table.Th scope="col">{t('cache.columns.clearedAt')}</Table.Th>
            <Table.Th scope="col">{t('cache.columns.actions')}</Table.Th>
          </>
        }
        renderRow={(cache) => {
          const label = t(`cache.names.${cache.name}`, { defaultValue: cache.name });
          return (
            <Table.Tr key={cache.name} data-testid="cache-row">
              <Table.Td>
                <Text fw={600}>{label}</Text>
                <Text size="sm" c="gray.7">
                  {t(`cache.descriptions.${cache.name}`, { defaultValue: '' })}
                </Text>
              </Table.Td>
              <Table.Td>{cache.clearedAt ? toDisplayDateTime(cache.clearedAt) : t('cache.notCleared')}</Table.Td>
              <Table.Td>
                <Button
                  size="xs"
                  variant="default"
                  loading={clear.isPending && clear.variables === cache.name}
                  aria-label={t('cache.clear', { name: label })}
                  onClick={() =>
                    clear.mutate(cache.name, {
                      onSuccess: () => notify('success', t('cache.cleared', { name: label })),
                      onError: () => notify('error', t('cache.clearFailed')),
                    })
                  }
                >
                  {t('cache.clearShort')}
                </Button>
              </Table.Td>
            </Table.Tr>
          );
        }}
      />
    </Stack>
  );
}
