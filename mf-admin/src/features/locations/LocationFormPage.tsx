import { fieldErrorsOf } from '@portal/shared-contracts';
import { PageHeading, usePlatform } from '@portal/shared-contracts/react';
import { Link, useNavigate, useParams } from '@portal/shared-contracts/router';
import { Alert, Anchor, Button, Checkbox, Group, Loader, Stack, Text, TextInput } from '@portal/shared-contracts/ui';
import { Radio, Textarea } from '@portal/shared-contracts/ui/forms';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../i18n';
import { Breadcrumbs } from '../../shared/list';
import {
  type AdminLocation,
  COUNTRIES,
  LOCATION_TYPES,
  type LocationType,
  type LocationWrite,
  useAdminLocation,
  useSaveLocation,
  useSetActive,
} from './api';

/** The form's text of every field (numbers are typed as text and read on save). */
interface FormValues {
  countryCode: string;
  type: LocationType;
  operator: string;
  name: string;
  address: string;
  city: string;
  postCode: string;
  latitude: string;
  longitude: string;
  openingHours: string;
}

const EMPTY: FormValues = {
  countryCode: 'LV',
  type: 'postOffice',
  operator: 'Latvijas Pasts',
  name: '',
  address: '',
  city: '',
  postCode: '',
  latitude: '',
  longitude: '',
  openingHours: '',
};

function formValues(place: AdminLocation): FormValues {
  return {
    countryCode: place.countryCode,
    type: place.type,
    operator: place.operator,
    name: place.name,
    address: place.address,
    city: place.city,
    postCode: place.postCode ?? '',
    latitude: String(place.latitude),
    longitude: String(place.longitude),
    openingHours: place.openingHours ?? '',
  };
}

/** A coordinate as typed ("56,95" or "56.95"); what is not a number goes to the API as text, which refuses it. */
function coordinate(text: string): number {
  const normalized = text.trim().replace(',', '.');
  return /^-?\d+(\.\d+)?$/.test(normalized) ? Number(normalized) : (normalized as unknown as number);
}

function toWrite(values: FormValues, pickUpOnly: boolean): LocationWrite {
  return {
    ...values,
    pickUpOnly,
    // The select offers only these countries; the API refuses any other.
    countryCode: values.countryCode as LocationWrite['countryCode'],
    postCode: values.postCode.trim() || null,
    openingHours: values.openingHours.trim() || null,
    latitude: coordinate(values.latitude),
    longitude: coordinate(values.longitude),
  };
}

/**
 * Mantine's default hint and error colours (and the red text of a field in error) are below the
 * WCAG AA contrast on white: darker shades keep the form axe-clean.
 */
const READABLE = {
  descriptionProps: { c: 'gray.7' },
  errorProps: { c: 'red.9' },
  styles: { input: { color: 'var(--mantine-color-text)' } },
} as const;

/** `/admin/locations/new` and `/admin/locations/edit/:id`. */
export default function LocationFormPage() {
  const { id } = useParams();
  const { t } = useTranslation(NAMESPACE);
  const existing = useAdminLocation(id);
  if (id !== undefined && existing.isPending) return <Loader aria-label={t('loading')} />;
  if (id !== undefined && (existing.isError || !existing.data)) {
    return <Alert color="red">{t('locations.loadFailed')}</Alert>;
  }
  // Keyed so that the form starts again from the stored values after another place is opened.
  return <LocationForm key={id ?? 'new'} place={existing.data} />;
}

function LocationForm({ place }: { place?: AdminLocation }) {
  const { t } = useTranslation(NAMESPACE);
  const { notify, translateServerMessage } = usePlatform();
  const navigate = useNavigate();
  const [values, setValues] = useState<FormValues>(place ? formValues(place) : EMPTY);
  // Parcels are only collected here (issue 40): no hand-over picker offers the place, the API refuses it there.
  const [pickUpOnly, setPickUpOnly] = useState(place?.pickUpOnly ?? false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveLocation(place?.id);
  const setActive = useSetActive(place?.id ?? '');

  const field = (name: keyof FormValues) => ({
    ...READABLE,
    value: values[name],
    error: errors[name] ? translateServerMessage(errors[name]) : undefined,
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [name]: value }));
    },
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    try {
      const saved = await save.mutateAsync(toWrite(values, pickUpOnly));
      notify('success', t(place ? 'locations.saved' : 'locations.created', { name: saved.name }));
      navigate(`/admin/locations/edit/${encodeURIComponent(saved.id)}`, { replace: place !== undefined });
    } catch (error) {
      const violations = fieldErrorsOf(error);
      if (violations) setErrors(violations);
      else notify('error', t('locations.saveFailed'));
    }
  };

  const toggleActive = async () => {
    try {
      await setActive.mutateAsync(!place?.active);
      notify('success', t(place?.active ? 'locations.retired' : 'locations.reactivated'));
    } catch {
      notify('error', t('locations.saveFailed'));
    }
  };

  return (
    <Stack gap="md" maw={640}>
      <Breadcrumbs
        items={[
          { label: t('pages.locations'), to: '/admin/locations' },
          { label: place ? t('pages.locationEdit') : t('pages.locationCreate') },
        ]}
      />
      <Anchor component={Link} to="/admin/locations" size="sm">
        {t('locations.backToList')}
      </Anchor>
      <PageHeading>{place ? t('pages.locationEdit') : t('pages.locationCreate')}</PageHeading>
      {place && (
        <Group gap="xs">
          <Text span fw={600} size="sm" data-testid="location-status">
            {t(place.active ? 'locations.statuses.active' : 'locations.statuses.retired')}
          </Text>
          <Text size="sm" c="gray.7">
            {place.id} · {place.source}
          </Text>
        </Group>
      )}
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Radio.Group
            label={t('locations.fields.type')}
            value={values.type}
            onChange={(value) => setValues((current) => ({ ...current, type: value as LocationType }))}
            error={errors.type ? translateServerMessage(errors.type) : undefined}
            errorProps={READABLE.errorProps}
          >
            <Group mt={4}>
              {LOCATION_TYPES.map((type) => (
                <Radio key={type} value={type} label={t(`locations.types.${type}`)} />
              ))}
            </Group>
          </Radio.Group>
          <Radio.Group
            label={t('locations.fields.countryCode')}
            value={values.countryCode}
            onChange={(value) => setValues((current) => ({ ...current, countryCode: value }))}
            error={errors.countryCode ? translateServerMessage(errors.countryCode) : undefined}
            errorProps={READABLE.errorProps}
          >
            <Group mt={4}>
              {COUNTRIES.map((code) => (
                <Radio key={code} value={code} label={t(`locations.countries.${code}`)} />
              ))}
            </Group>
          </Radio.Group>
          <TextInput label={t('locations.fields.name')} required maxLength={200} {...field('name')} />
          <TextInput label={t('locations.fields.operator')} required maxLength={100} {...field('operator')} />
          <TextInput
            label={t('locations.fields.address')}
            description={t('locations.hints.address')}
            required
            maxLength={300}
            {...field('address')}
          />
          <Group grow align="start">
            <TextInput label={t('locations.fields.city')} required maxLength={120} {...field('city')} />
            <TextInput
              label={t('locations.fields.postCode')}
              description={t('locations.hints.postCode')}
              maxLength={20}
              {...field('postCode')}
            />
          </Group>
          <Group grow align="start">
            <TextInput
              label={t('locations.fields.latitude')}
              description={t('locations.hints.latitude')}
              required
              inputMode="decimal"
              {...field('latitude')}
            />
            <TextInput
              label={t('locations.fields.longitude')}
              description={t('locations.hints.longitude')}
              required
              inputMode="decimal"
              {...field('longitude')}
            />
          </Group>
          <Textarea
            label={t('locations.fields.openingHours')}
            description={t('locations.hints.openingHours')}
            maxLength={1000}
            autosize
            minRows={2}
            {...field('openingHours')}
          />
          <Checkbox
            label={t('locations.fields.pickUpOnly')}
            description={t('locations.hints.pickUpOnly')}
            checked={pickUpOnly}
            onChange={(event) => setPickUpOnly(event.currentTarget.checked)}
            error={errors.pickUpOnly ? translateServerMessage(errors.pickUpOnly) : undefined}
            {...READABLE}
          />
          <Group>
            <Button type="submit" loading={save.isPending}>
              {t(place ? 'locations.save' : 'locations.create')}
            </Button>
            {place && (
              <Button variant="default" onClick={toggleActive} loading={setActive.isPending}>
                {t(place.active ? 'locations.retire' : 'locations.reactivate')}
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
