import { type Country, countriesQuery, createCountrySearch } from '@portal/shared-contracts/countries';
import { usePlatform } from '@portal/shared-contracts/react';
import { useNavigate } from '@portal/shared-contracts/router';
import {
  Alert,
  Button,
  type ComboboxItem,
  type OptionsFilter,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from '@portal/shared-contracts/ui';
import { Select } from '@portal/shared-contracts/ui/overlays';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../i18n';
import type { ShipmentType } from '../../shared/order';

/** The home page's "send" card: shipment type and destination, then on to the order wizard. */
export function HomeOrderCard() {
  const { t } = useTranslation(NAMESPACE);
  const { api, locale, translateServerMessage } = usePlatform();
  const navigate = useNavigate();
  const [type, setType] = useState<ShipmentType>('parcel');
  const [country, setCountry] = useState<string | null>('LV');
  const countries = useQuery(countriesQuery(api));

  const search = useMemo(() => createCountrySearch(countries.data ?? []), [countries.data]);
  const options = useMemo(
    () => (countries.data ?? []).map((entry) => ({ value: entry.code, label: countryLabel(entry, locale) })),
    [countries.data, locale],
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
    <section aria-labelledby="order-card-title" data-testid="order-card">
      <Title order={2} size="h3" mb="sm" id="order-card-title">
        {t('homeCard.title')}
      </Title>
      <Stack gap="sm">
        <div>
          <Text size="sm" fw={500} id="order-card-type" mb={4}>
            {t('homeCard.type')}
          </Text>
          <SegmentedControl
            aria-labelledby="order-card-type"
            value={type}
            onChange={(value) => setType(value as ShipmentType)}
            data={[
              { value: 'parcel', label: t('homeCard.parcel') },
              { value: 'letter', label: t('homeCard.letter') },
            ]}
          />
        </div>
        <Select
          label={t('homeCard.country')}
          placeholder={t('homeCard.countryPlaceholder')}
          searchable
          data={options}
          value={country}
          onChange={setCountry}
          filter={fuzzyFilter}
          limit={20}
          nothingFoundMessage={t('homeCard.nothingFound')}
          disabled={countries.isPending}
        />
        {countries.isError && (
          <Alert color="red" role="alert">
            {t('homeCard.countriesFailed')}: {translateServerMessage(countries.error)}
          </Alert>
        )}
        <Button
          disabled={!country}
          onClick={() => country && navigate(`/orders/${type}?country=${encodeURIComponent(country)}`)}
        >
          {t('homeCard.continue')}
        </Button>
      </Stack>
    </section>
  );
}

function countryLabel(country: Country, locale: string): string {
  return locale === 'lv' ? country.nameLv : country.name;
}
