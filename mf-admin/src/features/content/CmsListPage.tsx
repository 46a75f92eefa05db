import { toDisplayDateTime } from '@portal/shared-contracts';
import { CMS_KINDS, type CmsKind } from '@portal/shared-contracts/cms';
import { PageHeading } from '@portal/shared-contracts/react';
import { Link, useSearchParams } from '@portal/shared-contracts/router';
import { Anchor, Button, Group, Stack, Text } from '@portal/shared-contracts/ui';
import { Table } from '@portal/shared-contracts/ui/table';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../i18n';
import { Breadcrumbs, FilterControl, ListTable } from '../../shared/list';
import { useCmsBlocks } from './api';

/**
 * `/admin/cms` (issue 14 item 8): every content block (the information pages and any block the
 * editors added), with its titles in both languages and when it last changed. A few dozen blocks
 * at most: the API lists them all in one page, sorted by key.
 */
export default function CmsListPage() {
  const { t } = useTranslation(NAMESPACE);
  const blocks = useCmsBlocks();
  // The navigation's "Advertising blocks", "Footer" and "Tooltips" open this list at their kind.
  const [search, setSearch] = useSearchParams();
  const requested = search.get('kind');
  const kind = CMS_KINDS.includes(requested as CmsKind) ? (requested as CmsKind) : null;
  const shown = kind
    ? {
        ...blocks,
        data: blocks.data && {
          ...blocks.data,
          'hydra:member': blocks.data['hydra:member'].filter((block) => block.kind === kind),
        },
      }
    : blocks;
  return (
    <Stack gap="md">
      <Breadcrumbs items={[{ label: t('pages.cms') }]} />
      <PageHeading>{t('pages.cms')}</PageHeading>
      <Text>{t('cms.intro')}</Text>
      <Group>
        <Button component={Link} to={kind ? `/admin/cms/editor?kind=${kind}` : '/admin/cms/editor'}>
          {t('cms.add')}
        </Button>
      </Group>
      <Stack gap={4}>
        <Text size="sm" fw={500} id="cms-kind-filter">
          {t('cms.filter')}
        </Text>
        <FilterControl
          aria-labelledby="cms-kind-filter"
          value={kind ?? 'all'}
          onChange={(value) => setSearch(value === 'all' ? {} : { kind: value }, { replace: true })}
          data={[
            { value: 'all', label: t('cms.allKinds') },
            ...CMS_KINDS.map((option) => ({ value: option, label: t(`cms.kinds.${option}`) })),
          ]}
        />
      </Stack>
      <ListTable
        query={shown as typeof blocks}
        loadFailed={t('cms.loadFailed')}
        testId="cms-table"
        minWidth={640}
        head={
          <>
            <Table.Th scope="col">{t('cms.fields.key')}</Table.Th>
            <Table.Th scope="col">{t('cms.fields.kind')}</Table.Th>
            <Table.Th scope="col">{t('cms.fields.status')}</Table.Th>
            <Table.Th scope="col">{t('cms.fields.titleEn')}</Table.Th>
            <Table.Th scope="col">{t('cms.fields.titleLv')}</Table.Th>
            <Table.Th scope="col">{t('cms.updatedAt')}</Table.Th>
          </>
        }
        renderRow={(block) => (
          <Table.Tr key={block.key}>
            <Table.Td>
              <Anchor component={Link} to={`/admin/cms/editor/${encodeURIComponent(block.key)}`}>
                {block.key}
              </Anchor>
            </Table.Td>
            <Table.Td>{t(`cms.kinds.${block.kind}`)}</Table.Td>
            <Table.Td>
              <Text size="sm" fw={block.active ? 600 : 400} c={block.active ? undefined : 'gray.7'}>
                {t(block.active ? 'cms.status.active' : 'cms.status.inactive')}
              </Text>
            </Table.Td>
            <Table.Td>{block.titleEn}</Table.Td>
            <Table.Td lang="lv">{block.titleLv}</Table.Td>
            <Table.Td>{toDisplayDateTime(block.updatedAt)}</Table.Td>
          </Table.Tr>
        )}
      />
    </Stack>
  );
}
