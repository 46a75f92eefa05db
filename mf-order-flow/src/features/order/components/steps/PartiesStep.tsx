import type { ContactPickerProps } from '@portal/shared-contracts/address-book';
import { countriesQuery } from '@portal/shared-contracts/countries';
import type { Party } from '@portal/shared-contracts/orders';
import { usePlatform } from '@portal/shared-contracts/react';
import { Checkbox, Group, Stack, Text, TextInput } from '@portal/shared-contracts/ui';
import { Fieldset } from '@portal/shared-contracts/ui/forms';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../../i18n';
import { CountrySelect, useCountryName } from '../../../../shared/countries';
import { partyViolations } from '../../../../shared/order/contract';
import { senderOfProfile } from '../../../../shared/order/sender';
import { useFieldErrors } from '../../hooks/use-field-errors';
import { useOrderActions } from '../../hooks/use-order-actions';
import type { StepName } from '../../hooks/use-steps';
import { DEFAULT_PHONE_PREFIX, fromParty, needsLocation, type PartyDraft, toOrderWrite } from '../../model';
import { useOrderFlow } from '../../store';
import { StepButtons } from '../StepButtons';

const LINE = 'orderLines[0]';
const PARTY_FIELDS = [
  'name',
  'phonePrefix',
  'phone',
  'email',
  'companyName',
  'companyRegNr',
  'companyVatNr',
  'iban',
  'address',
  'address.countryCode',
  'address.addressLine',
  'address.city',
  'address.postCode',
  'address.region',
  'address.addressId',
];
const SHOWN_PATHS = ['sender', 'receiver'].flatMap((party) => [
  `${LINE}.${party}`,
  ...PARTY_FIELDS.map((field) => `${LINE}.${party}.${field}`),
]);

/** Step 2, sender and receiver (SPEC §2, §3 Party record); the sender is prefilled from the profile. */
export default function PartiesStep({ steps }: { steps: StepName[] }) {
  const { t } = useTranslation(NAMESPACE);
  const { api, session, RemoteComponent } = usePlatform();
  const countryCode = useOrderFlow((state) => state.draft.countryCode);
  const draft = useOrderFlow((state) => state.draft);
  const update = useOrderFlow((state) => state.update);
  const { next, busy } = useOrderActions();
  const countryName = useCountryName();

  // Prefill once from the signed-in user's profile (SPEC §3 Sender profile); a missing phone keeps 371.
  useEffect(() => {
    const profile = senderOfProfile(session);
    if (!profile) return;
    useOrderFlow.getState().update((current) => {
      if (current.sender.name || current.sender.phone || current.sender.email) return {};
      const { addressLine, ...contact } = profile;
      return { sender: { ...current.sender, ...contact, address: { ...current.sender.address, addressLine } } };
    });
  }, [session]);

  // A receiver abroad gets the destination's dialling code instead of the default 371, until typed over.
  const countries = useQuery(countriesQuery(api));
  useEffect(() => {
    const prefix = countries.data?.find((country) => country.code === countryCode)?.phonePrefix?.replace('+', '');
    if (!prefix || prefix === DEFAULT_PHONE_PREFIX) return;
    useOrderFlow
      .getState()
      .update((current) =>
        current.receiver.phone === '' && current.receiver.phonePrefix === DEFAULT_PHONE_PREFIX
          ? { receiver: { ...current.receiver, phonePrefix: prefix } }
          : {},
      );
  }, [countries.data, countryCode]);

  const onNext = () => {
    const line = toOrderWrite(draft, { step: 2, withContent: false }).orderLines[0];
    const found = [
      ...partyViolations(line?.sender, `${LINE}.sender`, { complete: true }),
      ...partyViolations(line?.receiver, `${LINE}.receiver`, { complete: true }),
    ];
    void next({ steps, current: 'parties' }, found);
  };

  // The address book (mf-address-book/ContactPicker, mounted by the shell) for signed-in users:
  // a visitor has no book. A remote that is off or fails leaves the fields as they are.
  const bookPicker = (role: 'sender' | 'receiver', countryOfParty: string, party?: Party) =>
    session?.status === 'authenticated' && RemoteComponent ? (
      <RemoteComponent<ContactPickerProps>
        remote="mf-address-book"
        expose="./ContactPicker"
        props={{
          partyRole: role,
          countryCode: countryOfParty,
          onPick: (picked) => {
            const chosen = fromParty(picked, countryOfParty);
            useOrderFlow.getState().update((current) => ({
              [role]: {
                ...chosen,
                // The party's country is the order's (step 1's destination; Latvia for the sender).
                address: { ...chosen.address, countryCode: countryOfParty },
                // The bank account for cash on delivery is the order's, not the contact's.
                iban: current[role].iban,
              },
            }));
          },
          party,
        }}
        fallback={null}
      />
    ) : null;
  const typed = toOrderWrite(draft, { step: 2, withContent: false }).orderLines[0];

  const receiverAtPlace = needsLocation(draft.workFlow?.receivingType) && draft.receiverLocation !== null;
  return (
    <Stack gap="lg">
      <PartyForm
        partyRole="sender"
        party={draft.sender}
        onChange={(sender) => update({ sender })}
        picker={bookPicker('sender', 'LV')}
        countryField={
          <CountrySelect
            label={t('party.country')}
            value={draft.sender.address.countryCode || 'LV'}
            onChange={() => {}}
            only={['LV']}
          />
        }
        withIban={draft.additionalServices.includes('cashOnDeliveryToBank')}
      />
      <PartyForm
        partyRole="receiver"
        party={draft.receiver}
        onChange={(receiver) => update({ receiver })}
        picker={draft.countryCode ? bookPicker('receiver', draft.countryCode, typed?.receiver ?? undefined) : null}
        countryField={<TextInput label={t('party.country')} value={countryName(draft.countryCode)} readOnly />}
        withRegion={draft.countryCode === 'US'}
        addressOptional={receiverAtPlace}
        place={receiverAtPlace ? draft.receiverLocation?.label : undefined}
      />
      <StepButtons steps={steps} current="parties" shownPaths={SHOWN_PATHS} onNext={onNext} busy={busy} />
    </Stack>
  );
}

function PartyForm({
  partyRole: role,
  party,
  onChange,
  countryField,
  withIban = false,
  withRegion = false,
  addressOptional = false,
  place,
  picker,
}: {
  partyRole: 'sender' | 'receiver';
  party: PartyDraft;
  onChange: (party: PartyDraft) => void;
  /** Choose from (and save to) the address book; absent for visitors. */
  picker?: ReactNode;
  countryField: ReactNode;
  withIban?: boolean;
  withRegion?: boolean;
  addressOptional?: boolean;
  place?: string;
}) {
  const { t } = useTranslation(NAMESPACE);
  const { errorFor } = useFieldErrors();
  const path = `${LINE}.${role}`;
  const text = (field: Exclude<keyof PartyDraft, 'address' | 'company'>, label: string, extra: object = {}) => ({
    label,
    name: `${role}.${field}`,
    value: party[field],
    onChange: (event: { currentTarget: { value: string } }) =>
      onChange({ ...party, [field]: event.currentTarget.value }),
    error: errorFor(`${path}.${field}`),
    ...extra,
  });
  const address = (
    field: Exclude<keyof PartyDraft['address'], 'countryCode' | 'addressId'>,
    label: string,
    extra: object = {},
  ) => ({
    label,
    name: `${role}.address.${field}`,
    value: party.address[field],
    // The register's code belongs to the address as picked: an edited address has none.
    onChange: (event: { currentTarget: { value: string } }) =>
      onChange({ ...party, address: { ...party.address, [field]: event.currentTarget.value, addressId: '' } }),
    error: errorFor(`${path}.address.${field}`),
    ...extra,
  });
  return (
    <Fieldset legend={t(`party.${role}`)} data-testid={`party-${role}`}>
      <Stack gap="sm">
        {picker}
        <Checkbox
          label={t('party.company')}
          checked={party.company}
          onChange={(event) => onChange({ ...party, company: event.currentTarget.checked })}
        />
        <TextInput required {...text('name', t('party.name'))} />
        {party.company && (
          <Group grow align="flex-start">
            <TextInput required {...text('companyName', t('party.companyName'))} />
            <TextInput {...text('companyRegNr', t('party.companyRegNr'))} />
            <TextInput {...text('companyVatNr', t('party.companyVatNr'))} />
          </Group>
        )}
        <Group grow align="flex-start">
          <TextInput
            {...text('phonePrefix', t('party.phonePrefix'), { leftSection: '+', maw: 140, inputMode: 'numeric' })}
          />
          <TextInput required {...text('phone', t('party.phone'), { inputMode: 'tel' })} />
        </Group>
        <TextInput {...text('email', t('party.email'), { type: 'email' })} />
        {withIban && <TextInput {...text('iban', t('party.iban'))} />}
        {place && (
          <Text size="sm" data-testid={`${role}-place`}>
            {t('party.deliveredTo')}: {place}
          </Text>
        )}
        {countryField}
        <TextInput required={!addressOptional} {...address('addressLine', t('party.addressLine'))} />
        <Group grow align="flex-start">
          <TextInput required={!addressOptional} {...address('city', t('party.city'))} />
          <TextInput
            {...address('postCode', t('party.postCode'), { placeholder: role === 'sender' ? 'LV-1000' : '' })}
          />
          {withRegion && <TextInput required {...address('region', t('party.state'), { placeholder: 'NY' })} />}
        </Group>
        {party.address.addressId && (
          <Text size="sm" data-testid={`${role}-address-id`}>
            {t('party.addressId')}: {party.address.addressId}
          </Text>
        )}
        {errorFor(`${path}.address.addressId`) && (
          <Text c="red" size="xs" role="alert">
            {errorFor(`${path}.address.addressId`)}
          </Text>
        )}
      </Stack>
    </Fieldset>
  );
}
