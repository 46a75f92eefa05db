import { type Country, countriesQuery, createCountrySearch } from '@portal/shared-contracts/countries';
import { usePlatform } from '@portal/shared-contracts/react';
import type { ComboboxItem, OptionsFilter } from '@portal/shared-contracts/ui';
import { Select } from '@portal/shared-contracts/ui/overlays';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../i18n';

interface Props {
  label: string;
  value: string | null;
  onChange: (code: string | null) => void;
  error?: string;
  required?: boolean;
  /** Limits the choice (e.g. Latvia only for the sender). */
  only?: readonly string[];
  'data-testid'?: string;
}

/** A country field with the portal's fuzzy search (SPEC §5: threshold 0.2, names, aliases, phone prefix). */
export function CountrySelect({ label, value, onChange, error, required, only, ...rest }: Props) {
  const { t } = useTranslation(NAMESPACE);
  const { api, locale } = usePlatform();
  const countries = useQuery(countriesQuery(api));
  const list = useMemo(
    () => (countries.data ?? []).filter((country) => !only || only.includes(country.code)),
    [countries.data, only],
  );
  const search = useMemo(() => createCountrySearch(list), [list]);
  const options = useMemo(
    () => list.map((entry) => ({ value: entry.code, label: countryLabel(entry, locale) })),
    [list, locale],
  );
  // Mantine's own filter is a substring match; the portal's country search is fuzzy (SPEC §5).
  const fuzzyFilter: OptionsFilter = ({ options: all, search: query, limit }) => {
    if (!query.trim()) return all;
    const byCode = new Map((all as ComboboxItem[]).map((option) => [option.value, option]));
    return search(query, limit)
      .map((entry) => byCode.get(entry.code))
      .filter((option): option is ComboboxItem => option !== undefined);
  };
  return (
    <Select
      label={label}
      placeholder={t('country.placeholder')}
      searchable
      data={options}
      value={value}
      onChange={onChange}
      filter={fuzzyFilter}
      limit={20}
      nothingFoundMessage={t('country.nothingFound')}
      disabled={countries.isPending}
      error={error ?? (countries.isError ? t('country.failed') : undefined)}
      required={required}
      data-testid={rest['data-testid']}
    />
  );
}

export function countryLabel(country: Country, locale: string): string {
  return locale === 'lv' ? country.nameLv : country.name;
}

/** The country's name in the interface language, from the cached list; the code while it loads. */
export function useCountryName(): (code: string | null | undefined) => string {
  const { api, locale } = usePlatform();
  const countries = useQuery(countriesQuery(api));
  return (code) => {
    const country = countries.data?.find((entry) => entry.code === code);
    return country ? countryLabel(country, locale) : (code ?? '');
  };
}
