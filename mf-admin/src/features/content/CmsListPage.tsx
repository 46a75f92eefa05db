import { toDisplayDateTime } from '@portal/shared-contracts';
import { PageHeading } from '@portal/shared-contracts/react';
import { Link } from '@portal/shared-contracts/router';
import { Anchor, Button, Group, Stack, Table, Text } from '@portal/shared-contracts/ui';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../i18n';
import { Breadcrumbs, ListTable } from '../list';
import { useCmsBlocks } from './api';

/**
 * `/admin/cms` (issue 14 item 8): every content block (the information pages and any block the
 * editors added), with its titles in both languages and when it last changed. A few dozen blocks
 * at most: the API lists them all in one page, sorted by key.
 */
export default function CmsListPage() {
  const { t } = useTranslation(NAMESPACE);
  const blocks = useCmsBlocks();
  return (
    <Stack gap="md">
      <Breadcrumbs items={[{ label: t('pages.cms') }]} />
      <PageHeading>{t('pages.cms')}</PageHeading>
      <Text>{t('cms.intro')}</Text>
      <Group>
        <Button component={Link} to="/admin/cms/editor">
          {t('cms.add')}
        </Button>
      </Group>
      <ListTable
        query={blocks}
        loadFailed={t('cms.loadFailed')}
        testId="cms-table"
        minWidth={640}
        head={
          <>
            <Table.Th scope="col">{t('cms.fields.key')}</Table.Th>
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
            <Table.Td>{block.titleEn}</Table.Td>
            <Table.Td lang="lv">{block.titleLv}</Table.Td>
            <Table.Td>{toDisplayDateTime(block.updatedAt)}</Table.Td>
          </Table.Tr>
        )}
      />
    </Stack>
  );
}
