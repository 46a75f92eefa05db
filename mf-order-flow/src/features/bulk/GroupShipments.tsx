import {
  BULK_TEMPLATE_FIELDS,
  type BulkReport,
  bulkRowOfContact,
  MAX_BULK_ROWS,
} from '@portal/shared-contracts/orders';
import { usePlatform } from '@portal/shared-contracts/react';
import { Button, Group, Paper, Stack, Text, Title } from '@portal/shared-contracts/ui';
import { Select } from '@portal/shared-contracts/ui/overlays';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../i18n';
import { checkShipments, contactGroups, contactsOfGroup } from './api';
import { TemplateForm, useShipmentTemplate } from './TemplateForm';
import { countriesByUse } from './template';

/**
 * A group of the address book plus one shipment template (issue 12 item 5, issue 40 item 6):
 * every contact of the group becomes a row with the template's product, weight, services,
 * hand-over, sender and contents, chosen with the wizard's fields, and is checked and priced by
 * the API like a file's rows.
 */
export function GroupShipments({
  busy,
  run,
  onReport,
}: {
  busy: boolean;
  run: (work: () => Promise<void>) => Promise<void>;
  onReport: (report: BulkReport) => void;
}) {
  const { t } = useTranslation(NAMESPACE);
  const { api } = usePlatform();
  const [group, setGroup] = useState<string | null>(null);
  const groups = useQuery({ queryKey: ['bulk', 'contact-groups'], queryFn: () => contactGroups(api) });
  const contacts = useQuery({
    queryKey: ['bulk', 'contact-group', group],
    queryFn: () => contactsOfGroup(api, Number(group), MAX_BULK_ROWS),
    enabled: group !== null,
  });
  const countries = useMemo(
    () => countriesByUse((contacts.data ?? []).map((contact) => contact.countryCode)),
    [contacts.data],
  );
  const template = useShipmentTemplate(BULK_TEMPLATE_FIELDS, countries);

  const prepare = () =>
    run(async () => {
      const cells = template.cells();
      if (cells === null) return;
      // The group as it is now (the list above only names the receivers' countries).
      const members = await contactsOfGroup(api, Number(group), MAX_BULK_ROWS);
      const rows = members.map((contact, index) => ({ row: index + 2, values: bulkRowOfContact(contact, cells) }));
      if (rows.length === 0) throw new Error(t('bulk.emptyGroup'));
      const report = await checkShipments(api, rows);
      template.showReport(report);
      onReport(report);
    });

  return (
    <Paper withBorder p="md" data-testid="bulk-group">
      <Title order={2} size="h4" mb="xs">
        {t('bulk.groupTitle')}
      </Title>
      <Text size="sm" mb="sm">
        {t('bulk.groupIntro')}
      </Text>
      <Stack gap="sm">
        <Select
          label={t('bulk.group')}
          data={(groups.data ?? []).map((entry) => ({
            value: String(entry.id),
            label: `${entry.name} (${entry.contactCount})`,
          }))}
          value={group}
          onChange={setGroup}
          data-testid="bulk-group-select"
        />
        {group !== null && (
          <TemplateForm
            fields={BULK_TEMPLATE_FIELDS}
            choices={template.choices}
            onChange={template.setChoices}
            errors={template.errors}
            receiverCountries={countries}
          />
        )}
        <Group>
          <Button onClick={prepare} disabled={busy || group === null} data-testid="bulk-group-prepare">
            {t('bulk.prepare')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
