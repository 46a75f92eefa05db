import { countriesQuery } from '@portal/shared-contracts/countries';
import { usePlatform } from '@portal/shared-contracts/react';
import { Select } from '@portal/shared-contracts/ui/overlays';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../i18n';

interface Props {
  value: string | null;
  onChange: (countryCode: string | null) => void;
}

/** Shows only the contacts of one country (GET /api/contacts?countryCode=). */
export function CountryFilter({ value, onChange }: Props) {
  const { t } = useTranslation(NAMESPACE);
  const { api, locale } = usePlatform();
  const countries = useQuery(countriesQuery(api));
  const options = useMemo(
    () =>
      (countries.data ?? []).map((country) => ({
        value: country.code,
        label: locale === 'lv' ? country.nameLv : country.name,
      })),
    [countries.data, locale],
  );
  return (
    <Select
      label={t('list.country')}
      data={options}
      value={value}
      onChange={onChange}
      searchable
      clearable
      nothingFoundMessage={t('list.nothingFound')}
      data-testid="contacts-country"
    />
  );
}
