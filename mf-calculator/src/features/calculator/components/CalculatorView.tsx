import { ApplicationError } from '@portal/shared-contracts';
import { type Country, countriesQuery, createCountrySearch } from '@portal/shared-contracts/countries';
import {
  type AdditionalServiceName,
  type HandoverType,
  MAX_PRICE_COUNTRIES,
  type PriceByCountryRequest,
  type ShipmentSizeType,
  type ShipmentType,
} from '@portal/shared-contracts/pricing';
import { useCmsTooltip, usePlatform } from '@portal/shared-contracts/react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  type ComboboxItem,
  Group,
  type OptionsFilter,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
} from '@portal/shared-contracts/ui';
import { Fieldset } from '@portal/shared-contracts/ui/forms';
import { MultiSelect, Select } from '@portal/shared-contracts/ui/overlays';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../i18n';
import { usePrices } from '../api';
import {
  CALCULATOR_SERVICES,
  type CalculatorForm,
  CLIENT_CODES,
  EMPTY_FORM,
  type FieldError,
  type FieldErrors,
  type FieldName,
  fieldOf,
  type OrderChoice,
  RECEIVING_OPTIONS,
  SIZE_CLASSES,
  TRANSFER_OPTIONS,
  toGrams,
  toPriceRequest,
  weightText,
} from '../model';
import { DecimalInput } from './DecimalInput';
import { DownloadButtons } from './DownloadButtons';
import { ResultsTable } from './ResultsTable';

/** Codes that only say "fill this in": not shown until the person submits. */
const REQUIRED_CODES: ReadonlySet<string> = new Set([
  CLIENT_CODES.countryRequired,
  CLIENT_CODES.weightRequired,
  CLIENT_CODES.sideRequired,
  CLIENT_CODES.insuranceRequired,
]);

export interface CalculatorViewProps {
  /** "Order this": the portal navigates to the order wizard, an embedding page links to the portal. */
  onOrder: (choice: OrderChoice) => void;
  initialForm?: Partial<CalculatorForm>;
}

/** The tariff calculator (issue 4): the form, the matching products and the downloads. */
export function CalculatorView({ onOrder, initialForm }: CalculatorViewProps) {
  const { t } = useTranslation(NAMESPACE);
  // The back office may reword the help (CMS block `tooltip-price-countries`); the catalogue's text until then.
  const countriesHint = useCmsTooltip(
    'tooltip-price-countries',
    t('form.countriesHint', { count: MAX_PRICE_COUNTRIES }),
  );
  const { api, locale, translateServerMessage } = usePlatform();
  const [form, setForm] = useState<CalculatorForm>({ ...EMPTY_FORM, ...initialForm });
  const [submitted, setSubmitted] = useState<PriceByCountryRequest | null>(null);
  const [attempted, setAttempted] = useState(false);
  const prices = usePrices(submitted);
  const countries = useQuery(countriesQuery(api));

  const { request, errors } = useMemo(() => toPriceRequest(form), [form]);
  const serverErrors = useMemo(() => violationsByField(prices.error), [prices.error]);
  const update = (change: Partial<CalculatorForm>) => setForm((current) => ({ ...current, ...change }));

  const message = (error: FieldError | undefined) =>
    error && t(`errors.${error.code}`, { defaultValue: translateServerMessage(error) });
  const errorOf = (field: FieldName) => {
    const own = errors[field];
    const shown = own && (attempted || !REQUIRED_CODES.has(own.code)) ? own : undefined;
    return message(shown ?? (submitted === request ? serverErrors.fields[field] : undefined));
  };

  const search = useMemo(() => createCountrySearch(countries.data ?? []), [countries.data]);
  const countryNames = useMemo(
    () => new Map((countries.data ?? []).map((country) => [country.code, countryName(country, locale)])),
    [countries.data, locale],
  );
  const countryOptions = useMemo(
    () => (countries.data ?? []).map((country) => ({ value: country.code, label: countryName(country, locale) })),
    [countries.data, locale],
  );
  // Mantine's own filter is a substring match; the portal's country search is fuzzy (SPEC §5).
  const fuzzyFilter: OptionsFilter = ({ options, search: query, limit }) => {
    if (!query.trim()) return options;
    const byCode = new Map((options as ComboboxItem[]).map((option) => [option.value, option]));
    return search(query, limit)
      .map((country) => byCode.get(country.code))
      .filter((option): option is ComboboxItem => option !== undefined);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (request) setSubmitted(request);
  };

  const changeType = (shipmentType: ShipmentType) =>
    update({ shipmentType, weight: weightText(toGrams(form.weight, form.shipmentType), shipmentType) });

  const toggleService = (service: AdditionalServiceName, checked: boolean) =>
    update({ services: checked ? [...form.services, service] : form.services.filter((name) => name !== service) });

  const letter = form.shipmentType === 'letter';
  const dimensionError = errorOf('dimensions');
  const answer = submitted && prices.data && !prices.isError ? prices.data : null;

  return (
    <Stack gap="lg" data-testid="tariff-calculator">
      <Box component="form" onSubmit={submit} noValidate aria-label={t('form.label')}>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <MultiSelect
              label={t('form.countries')}
              description={countriesHint}
              placeholder={form.countryCodes.length === 0 ? t('form.countriesPlaceholder') : undefined}
              searchable
              data={countryOptions}
              value={form.countryCodes}
              onChange={(countryCodes) => update({ countryCodes })}
              filter={fuzzyFilter}
              limit={20}
              maxValues={MAX_PRICE_COUNTRIES}
              nothingFoundMessage={t('form.nothingFound')}
              disabled={countries.isPending}
              error={errorOf('countryCodes')}
              // Mantine's dimmed grey is below the AA contrast ratio on white.
              styles={{ description: { color: 'var(--mantine-color-gray-7)' } }}
              required
              data-testid="calculator-countries"
            />
            <div>
              <Text size="sm" fw={500} id="calculator-type" mb={4}>
                {t('form.type')}
              </Text>
              <SegmentedControl
                aria-labelledby="calculator-type"
                value={form.shipmentType}
                onChange={(value) => changeType(value as ShipmentType)}
                data={[
                  { value: 'parcel', label: t('form.parcel') },
                  { value: 'letter', label: t('form.letter') },
                ]}
              />
            </div>
          </SimpleGrid>
          {countries.isError && (
            <Alert color="red" role="alert">
              {t('form.countriesFailed')}
            </Alert>
          )}

          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <div>
              <DecimalInputField
                label={letter ? t('form.weightGrams') : t('form.weightKg')}
                value={form.weight}
                decimals={letter ? 0 : 3}
                onChange={(weight) => update({ weight })}
                error={errorOf('weight')}
                required
                testId="calculator-weight"
              />
              {letter && errors.weight?.code === 'LETTER_TOO_HEAVY' && (
                <Button variant="subtle" size="compact-sm" mt={4} onClick={() => changeType('parcel')}>
                  {t('form.switchToParcel')}
                </Button>
              )}
            </div>
            {!letter && (
              <div>
                <Text size="sm" fw={500} id="calculator-size-mode" mb={4}>
                  {t('form.sizeBy')}
                </Text>
                <SegmentedControl
                  aria-labelledby="calculator-size-mode"
                  value={form.sizeMode}
                  onChange={(value) => update({ sizeMode: value as CalculatorForm['sizeMode'] })}
                  data={[
                    { value: 'dimensions', label: t('form.byDimensions') },
                    { value: 'sizeClass', label: t('form.bySizeClass') },
                  ]}
                />
              </div>
            )}
          </SimpleGrid>

          {letter || form.sizeMode === 'dimensions' ? (
            <Fieldset legend={t('form.dimensions')} variant="unstyled">
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                {(['length', 'width', 'height'] as const).map((side) => (
                  <DecimalInputField
                    key={side}
                    label={t(letter && side === 'height' ? 'form.thickness' : `form.${side}`)}
                    value={form[side]}
                    decimals={1}
                    onChange={(value) => update({ [side]: value })}
                    error={errorOf(side)}
                    testId={`calculator-${side}`}
                  />
                ))}
              </SimpleGrid>
              <Text size="xs" c="gray.7" mt={4}>
                {letter ? t('form.letterLimits') : t('form.lockerLimits')}
              </Text>
              {dimensionError && (
                <Text size="sm" c="red.8" mt={4} role="alert" data-testid="dimensions-error">
                  {dimensionError}
                </Text>
              )}
            </Fieldset>
          ) : (
            <Select
              label={t('form.sizeClass')}
              placeholder={t('form.any')}
              data={SIZE_CLASSES.map((size) => ({ value: size, label: t(`sizeClasses.${size}`) }))}
              value={form.sizeClass}
              onChange={(value) => update({ sizeClass: value as ShipmentSizeType | null })}
              clearable
            />
          )}

          {!letter && (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Select
                label={t('form.transfer')}
                placeholder={t('form.any')}
                data={TRANSFER_OPTIONS.map((option) => ({ value: option, label: t(`handover.${option}`) }))}
                value={form.transferType}
                onChange={(value) => update({ transferType: value as HandoverType | null })}
                clearable
              />
              <Select
                label={t('form.receiving')}
                placeholder={t('form.any')}
                data={RECEIVING_OPTIONS.map((option) => ({ value: option, label: t(`handover.${option}`) }))}
                value={form.receivingType}
                onChange={(value) => update({ receivingType: value as HandoverType | null })}
                clearable
              />
            </SimpleGrid>
          )}

          <Fieldset legend={t('form.services')} variant="unstyled">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
              {CALCULATOR_SERVICES.map((service) => (
                <Checkbox
                  key={service}
                  label={t(`services.${service}`)}
                  checked={form.services.includes(service)}
                  onChange={(event) => toggleService(service, event.currentTarget.checked)}
                />
              ))}
            </SimpleGrid>
          </Fieldset>
          {form.services.includes('insurance') && (
            <DecimalInputField
              label={t('form.insurance')}
              value={form.insurance}
              decimals={0}
              onChange={(insurance) => update({ insurance })}
              error={errorOf('insurance')}
              required
              testId="calculator-insurance"
            />
          )}

          <Group>
            <Button type="submit" loading={prices.isFetching}>
              {t('form.calculate')}
            </Button>
          </Group>
        </Stack>
      </Box>

      {submitted && prices.isError && serverErrors.general.length > 0 && (
        <Alert color="red" role="alert">
          {serverErrors.general.map((error) => message(error)).join(' ')}
        </Alert>
      )}
      {answer && submitted && (
        <section aria-label={t('results.label')} data-testid="calculator-results">
          <Group justify="space-between" mb="sm">
            <Text fw={600}>{t('results.count', { count: answer.workFlows.length })}</Text>
            <DownloadButtons request={submitted} disabled={answer.workFlows.length === 0} />
          </Group>
          <ResultsTable answer={answer} weight={submitted.weight} countryNames={countryNames} onOrder={onOrder} />
        </section>
      )}
    </Stack>
  );
}

function DecimalInputField(props: {
  label: string;
  value: string;
  decimals: number;
  onChange: (value: string) => void;
  error?: string;
  required?: boolean;
  testId: string;
}) {
  const { testId, ...rest } = props;
  return <DecimalInput {...rest} data-testid={testId} />;
}

function countryName(country: Country, locale: string): string {
  return locale === 'lv' ? country.nameLv : country.name;
}

/** A 422 from the API: its violations beside the fields they name, the rest for the page. */
function violationsByField(error: unknown): { fields: FieldErrors; general: FieldError[] } {
  const fields: FieldErrors = {};
  const general: FieldError[] = [];
  if (!(error instanceof ApplicationError)) {
    return { fields, general: error ? [{ code: 'REQUEST_FAILED', message: String((error as Error).message) }] : [] };
  }
  if (error.violations.length === 0) general.push({ code: 'REQUEST_FAILED', message: error.message });
  for (const violation of error.violations) {
    const field = fieldOf(violation.propertyPath);
    const entry = { code: violation.code ?? 'SERVER', message: violation.message };
    if (field && !fields[field]) fields[field] = entry;
    else if (!field) general.push(entry);
  }
  return { fields, general };
}
