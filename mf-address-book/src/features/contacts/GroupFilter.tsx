import type { ContactGroupResource } from '@portal/shared-contracts/address-book';
import { Select } from '@portal/shared-contracts/ui/overlays';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../i18n';

interface Props {
  groups: ContactGroupResource[];
  value: number | null;
  onChange: (group: number | null) => void;
}

/** Shows only the contacts of one group (GET /api/contacts?group=). */
export function GroupFilter({ groups, value, onChange }: Props) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <Select
      label={t('list.group')}
      data={groups.map((entry) => ({ value: String(entry.id), label: entry.name }))}
      value={value === null ? null : String(value)}
      onChange={(selected) => onChange(selected ? Number(selected) : null)}
      clearable
      data-testid="contacts-group"
    />
  );
}
