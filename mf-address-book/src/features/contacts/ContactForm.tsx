import type { ContactResource } from '@portal/shared-contracts/address-book';
import { countriesQuery } from '@portal/shared-contracts/countries';
import { usePortalForm } from '@portal/shared-contracts/forms';
import { usePlatform } from '@portal/shared-contracts/react';
import { Alert, Button, Group, SimpleGrid, Stack, TextInput } from '@portal/shared-contracts/ui';
import { Modal, MultiSelect, Select } from '@portal/shared-contracts/ui/overlays';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../i18n';
import { CONTACTS_KEY, GROUPS_KEY, groupsQuery, saveContact } from '../../shared';
import {
  type ContactField,
  type ContactFormValues,
  contactFormViolations,
  EMPTY_CONTACT,
  formValuesOf,
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
  const { api, locale, notify } = usePlatform();
  const queryClient = useQueryClient();
  const form = usePortalForm<ContactFormValues>({
    initialValues: contact ? formValuesOf(contact) : EMPTY_CONTACT,
    rules: contactFormViolations,
  });
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

  const text = (field: ContactField, required = false) => (
    <TextInput
      label={t(`contact.${field}`)}
      {...form.getInputProps(field)}
      required={required}
      data-testid={`contact-${field}`}
    />
  );

  const submit = form.submit(async (values) => {
    await saveContact(api, account, contact?.id ?? null, toContactWrite(values));
    notify('success', t('messages.success'));
    await queryClient.invalidateQueries({ queryKey: [CONTACTS_KEY] });
    await queryClient.invalidateQueries({ queryKey: [GROUPS_KEY] });
    onClose();
  });

  return (
    <Modal opened onClose={onClose} title={t(contact ? 'contact.editTitle' : 'contact.newTitle')} size="lg">
      <form onSubmit={submit} noValidate data-testid="contact-form">
        <Stack gap="sm">
          {form.serverError && (
            <Alert color="red" role="alert">
              {form.serverError}
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
            value={form.values.countryCode || null}
            onChange={(code) => form.setFieldValue('countryCode', code ?? '')}
            searchable
            required
            error={form.fieldError('countryCode')}
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
            {...form.getInputProps('groupIds')}
            nothingFoundMessage={t('groups.empty')}
            data-testid="contact-groups"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={form.submitting} data-testid="contact-save">
              {t('actions.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
