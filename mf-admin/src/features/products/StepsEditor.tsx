import { Button, Checkbox, Group, Stack, TextInput } from '@portal/shared-contracts/ui';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../i18n';
import { emptyStep, type StepValues } from './form-values';

/**
 * Mantine's default error colour is below the WCAG AA contrast on white: a darker shade keeps the
 * forms axe-clean (as the locations form does).
 */
export const READABLE = {
  descriptionProps: { c: 'gray.7' },
  errorProps: { c: 'red.9' },
  styles: { input: { color: 'var(--mantine-color-text)' } },
} as const;

/** The weight steps of a tariff: up to how many grams, the price in euros, and whether the insured row. */
export function StepsEditor({
  rows,
  onChange,
  errorOf,
  path,
}: {
  rows: StepValues[];
  onChange: (rows: StepValues[]) => void;
  /** The translated message for a field path, if any. */
  errorOf: (path: string) => string | undefined;
  /** The path of the steps list in the request (`weightCosts`, `tariff.weightCosts`). */
  path: string;
}) {
  const { t } = useTranslation(NAMESPACE);
  const set = (index: number, change: Partial<StepValues>) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, ...change } : row)));
  return (
    <Stack gap="xs" data-testid="tariff-steps">
      {rows.map((row, index) => (
        // Rows have no identity of their own; the index is their place in the table.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <Group key={index} align="start" gap="sm" wrap="wrap">
          <TextInput
            {...READABLE}
            label={t('products.steps.maxWeight', { number: index + 1 })}
            inputMode="numeric"
            value={row.maxWeight}
            error={errorOf(`${path}[${index}].maxWeight`)}
            onChange={(event) => set(index, { maxWeight: event.currentTarget.value })}
          />
          <TextInput
            {...READABLE}
            label={t('products.steps.price', { number: index + 1 })}
            inputMode="decimal"
            value={row.price}
            error={errorOf(`${path}[${index}].priceCents`) ?? errorOf(`${path}[${index}].validFrom`)}
            onChange={(event) => set(index, { price: event.currentTarget.value })}
          />
          <Checkbox
            mt={30}
            label={t('products.steps.insured')}
            checked={row.insured}
            onChange={(event) => set(index, { insured: event.currentTarget.checked })}
          />
          {rows.length > 1 && (
            <Button
              mt={24}
              variant="subtle"
              color="red.9"
              onClick={() => onChange(rows.filter((_, i) => i !== index))}
              aria-label={t('products.steps.remove', { number: index + 1 })}
            >
              {t('products.steps.removeShort')}
            </Button>
          )}
        </Group>
      ))}
      <Group>
        <Button variant="default" onClick={() => onChange([...rows, emptyStep()])}>
          {t('products.steps.add')}
        </Button>
      </Group>
    </Stack>
  );
}
