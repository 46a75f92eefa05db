import { PageHeading, useRemoteTranslation } from '@portal/shared-contracts/react';
import { Link, useLocation } from '@portal/shared-contracts/router';
import { Anchor, Box, Group, Paper, Stack, Text, TextInput, Title } from '@portal/shared-contracts/ui';
import { Table } from '@portal/shared-contracts/ui/table';
import { useEffect, useState } from 'react';
import { catalogues, NAMESPACE } from '../../i18n';
import { FAQ, FAQ_SECTIONS, type FaqEntry, searchFaq } from './content';
import { SupportContacts } from './SupportContacts';

/** `/faq` (SPEC §2): the six sections of questions, a search that ignores diacritics, and the info sidebar. */
export function FaqPage() {
  const { t, i18n } = useRemoteTranslation(NAMESPACE, catalogues);
  const [query, setQuery] = useState('');
  const entries = searchFaq(FAQ[i18n.language === 'lv' ? 'lv' : 'en'], query);
  const opened = useOpenedQuestions();
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
                    <Question
                      key={entry.id}
                      entry={entry}
                      // A search shows its answers at once; otherwise a question opens when asked.
                      open={query.trim() !== '' || opened.has(entry.id)}
                      onToggle={() => opened.toggle(entry.id)}
                      linkLabel={t('faq.linkToQuestion')}
                    />
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
          <SupportContacts />
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

/** The question's button reads as the heading it sits in; the browser's focus ring stays. */
const QUESTION_BUTTON = {
  display: 'flex',
  gap: '0.5rem',
  width: '100%',
  padding: 0,
  border: 0,
  background: 'none',
  color: 'inherit',
  font: 'inherit',
  textAlign: 'left',
  cursor: 'pointer',
} as const;

/**
 * One question (the WAI-ARIA accordion pattern: a heading holding a button that shows and hides its
 * answer), with a link of its own (`/faq#<id>`, the same id in both languages).
 */
function Question({
  entry,
  open,
  onToggle,
  linkLabel,
}: {
  entry: FaqEntry;
  open: boolean;
  onToggle: () => void;
  linkLabel: string;
}) {
  const answerId = `${entry.id}-answer`;
  return (
    <Box id={entry.id} data-testid="faq-entry" style={{ scrollMarginTop: '5rem' }}>
      <Title order={3} size="h5">
        <Box
          component="button"
          type="button"
          aria-expanded={open}
          aria-controls={answerId}
          onClick={onToggle}
          style={QUESTION_BUTTON}
        >
          <span aria-hidden="true">{open ? '−' : '+'}</span>
          <span>{entry.question}</span>
        </Box>
      </Title>
      <Box id={answerId} hidden={!open} mt={4} pl="lg">
        <Text>{entry.answer}</Text>
        <Anchor component={Link} to={{ hash: entry.id }} size="sm">
          {linkLabel}
        </Anchor>
      </Box>
    </Box>
  );
}

/**
 * The questions open on the page: the one the address names (`#<id>`, opened and scrolled to when
 * the page opens or its link is followed) and those the reader opened.
 */
function useOpenedQuestions() {
  const { hash } = useLocation();
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set());
  useEffect(() => {
    const id = decodeURIComponent(hash.replace(/^#/, ''));
    if (!id) return;
    setOpen((current) => new Set(current).add(id));
    document.getElementById(id)?.scrollIntoView({ block: 'start' });
  }, [hash]);
  return {
    has: (id: string) => open.has(id),
    toggle: (id: string) =>
      setOpen((current) => {
        const next = new Set(current);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
  };
}
