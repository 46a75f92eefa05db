import type { ContactResource } from '@portal/shared-contracts/address-book';
import { countriesQuery } from '@portal/shared-contracts/countries';
import { usePlatform } from '@portal/shared-contracts/react';
import { Alert, Button, Group, SimpleGrid, Stack, TextInput } from '@portal/shared-contracts/ui';
import { Modal, MultiSelect, Select } from '@portal/shared-contracts/ui/overlays';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../i18n';
import { CONTACTS_KEY, GROUPS_KEY, groupsQuery, saveContact } from '../../shared';
import {
  type ContactField,
  type ContactFormValues,
  clientErrors,
  EMPTY_CONTACT,
  formValuesOf,
  serverErrors,
  toContactWrite,
} from '../../shared/form-model';

interface Props {
  /** The contact to edit; null for a new one. */
  contact: ContactResource | null;
  account: number | null;
  onClose: () => void;
}

/** Create or edit a contact: the shared rules first, then the API's violations beside the fields. */
export function ContactForm({ contact, account, onClose }: Props) {
  const { t } = useTranslation(NAMESPACE);
  const { api, locale, notify, translateServerMessage } = usePlatform();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<ContactFormValues>(() => (contact ? formValuesOf(contact) : EMPTY_CONTACT));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const countries = useQuery(countriesQuery(api));
  const groups = useQuery(groupsQuery(api, account));
  const countryOptions = useMemo(
    () =>
      (countries.data ?? []).map((country) => ({
        value: country.code,
        label: locale === 'lv' ? country.nameLv : country.name,
      })),
    [countries.data, locale],
  );

  const set = (field: ContactField) => (value: string) => setValues((current) => ({ ...current, [field]: value }));
  const errorOf = (field: string) => (errors[field] ? translateServerMessage(errors[field]) : undefined);
  const text = (field: ContactField, required = false) => (
    <TextInput
      label={t(`contact.${field}`)}
      value={values[field]}
      onChange={(event) => set(field)(event.currentTarget.value)}
      error={errorOf(field)}
      required={required}
      data-testid={`contact-${field}`}
    />
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = clientErrors(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      await saveContact(api, account, contact?.id ?? null, toContactWrite(values));
      notify('success', t('messages.success'));
      await queryClient.invalidateQueries({ queryKey: [CONTACTS_KEY] });
      await queryClient.invalidateQueries({ queryKey: [GROUPS_KEY] });
      onClose();
    } catch (error) {
      setErrors(serverErrors(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title={t(contact ? 'contact.editTitle' : 'contact.newTitle')} size="lg">
      <form onSubmit={submit} noValidate data-testid="contact-form">
        <Stack gap="sm">
          {errors[''] && (
            <Alert color="red" role="alert">
              {translateServerMessage(errors[''])}
            </Alert>
          )}
          {text('name', true)}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {text('companyName')}
            {text('email')}
          </SimpleGrid>
          <Select
            label={t('contact.countryCode')}
            data={countryOptions}
            value={values.countryCode || null}
            onChange={(code) => set('countryCode')(code ?? '')}
            searchable
            required
            error={errorOf('countryCode')}
            nothingFoundMessage={t('list.nothingFound')}
            data-testid="contact-countryCode"
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {text('phonePrefix')}
            {text('phone')}
          </SimpleGrid>
          {text('addressLine')}
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {text('city')}
            {text('region')}
            {text('postCode')}
          </SimpleGrid>
          {text('addressId')}
          <MultiSelect
            label={t('contact.groups')}
            data={(groups.data?.['hydra:member'] ?? []).map((group) => ({
              value: String(group.id),
              label: group.name,
            }))}
            value={values.groupIds}
            onChange={(groupIds) => setValues((current) => ({ ...current, groupIds }))}
            error={errorOf('groupIds')}
            nothingFoundMessage={t('groups.empty')}
            data-testid="contact-groups"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={saving} data-testid="contact-save">
              {t('actions.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
