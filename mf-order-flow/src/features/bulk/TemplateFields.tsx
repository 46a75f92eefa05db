import { BULK_COLUMNS, type BulkField, type BulkRow } from '@portal/shared-contracts/orders';
import { usePlatform } from '@portal/shared-contracts/react';
import { SimpleGrid, TextInput } from '@portal/shared-contracts/ui';
import type { Dispatch, SetStateAction } from 'react';
import { headingOf } from './model';

/** A template with every cell empty: what the shipments made together start from. */
export const EMPTY_TEMPLATE = Object.fromEntries(BULK_COLUMNS.map(({ field }) => [field, ''])) as BulkRow;

/**
 * The cells one template gives every shipment made together (a contact group's, or eBay sales'),
 * each labelled with its column's heading in the interface language.
 */
export function TemplateFields({
  fields,
  template,
  onChange,
}: {
  fields: readonly BulkField[];
  template: BulkRow;
  onChange: Dispatch<SetStateAction<BulkRow>>;
}) {
  const { locale } = usePlatform();
  const lang = locale === 'lv' ? 'lv' : 'en';
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }}>
      {fields.map((field) => (
        <TextInput
          key={field}
          label={headingOf(field, lang)}
          value={template[field]}
          onChange={(event) => {
            const value = event.currentTarget.value;
            onChange((current) => ({ ...current, [field]: value }));
          }}
        />
      ))}
    </SimpleGrid>
  );
}
