import { PageHeading, useRemoteTranslation } from '@portal/shared-contracts/react';
import { Link } from '@portal/shared-contracts/router';
import { Anchor, Box, Group, Paper, Stack, Text, TextInput, Title } from '@portal/shared-contracts/ui';
import { Table } from '@portal/shared-contracts/ui/table';
import { useState } from 'react';
import { catalogues, NAMESPACE } from '../../i18n';
import { FAQ, FAQ_SECTIONS, searchFaq } from './content';

/** `/faq` (SPEC §2): the six sections of questions, a search that ignores diacritics, and the info sidebar. */
export function FaqPage() {
  const { t, i18n } = useRemoteTranslation(NAMESPACE, catalogues);
  const [query, setQuery] = useState('');
  const entries = searchFaq(FAQ[i18n.language === 'lv' ? 'lv' : 'en'], query);
  return (
    <Stack gap="md" bg="white">
      <PageHeading>{t('pages.faq')}</PageHeading>
      <Group align="flex-start" gap="xl" wrap="wrap">
        <Stack gap="md" style={{ flex: '1 1 28rem' }}>
          <TextInput
            type="search"
            label={t('faq.search')}
            value={query}
            onChange={(event) => setQuery(event.currentTarget.value)}
            data-testid="faq-search"
          />
          <Text role="status" size="sm">
            {entries.length === 0 ? t('faq.nothing') : t('faq.found', { count: entries.length })}
          </Text>
          {FAQ_SECTIONS.map((section) => {
            const inSection = entries.filter((entry) => entry.section === section);
            if (inSection.length === 0) return null;
            return (
              <Box component="section" key={section} aria-labelledby={`faq-${section}`} data-testid={`faq-${section}`}>
                <Title order={2} size="h3" id={`faq-${section}`} mb="xs">
                  {t(`faq.sections.${section}`)}
                </Title>
                <Stack gap="xs">
                  {inSection.map((entry) => (
                    <Box key={entry.question} data-testid="faq-entry">
                      <Title order={3} size="h5">
                        {entry.question}
                      </Title>
                      <Text mt={4}>{entry.answer}</Text>
                    </Box>
                  ))}
                </Stack>
              </Box>
            );
          })}
        </Stack>
        <Paper component="aside" withBorder p="md" style={{ flex: '0 1 18rem' }} aria-labelledby="faq-info">
          <Title order={2} size="h4" id="faq-info" mb="xs">
            {t('faq.supportHours')}
          </Title>
          <Table data-testid="faq-support-hours">
            <Table.Tbody>
              {(['weekdays', 'saturday', 'sunday'] as const).map((day) => (
                <Table.Tr key={day}>
                  <Table.Th scope="row">{t(`faq.hours.${day}`)}</Table.Th>
                  <Table.Td>{t(`faq.hours.${day}Time`)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Title order={2} size="h4" mt="md" mb="xs">
            {t('faq.contacts')}
          </Title>
          <Stack gap={4}>
            <Anchor component={Link} to="/complaint">
              {t('faq.complaintLink')}
            </Anchor>
            <Anchor component={Link} to="/track">
              {t('faq.trackLink')}
            </Anchor>
          </Stack>
        </Paper>
      </Group>
    </Stack>
  );
}
