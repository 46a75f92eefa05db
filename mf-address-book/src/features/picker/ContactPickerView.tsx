import { ApplicationError } from '@portal/shared-contracts';
import {
  ADDRESS_BOOK_CODES,
  type ContactPickerProps,
  type ContactResource,
  contactOfParty,
  contactViolations,
  partyOfContact,
} from '@portal/shared-contracts/address-book';
import { usePlatform } from '@portal/shared-contracts/react';
import { Alert, Button, Group, List, Stack, Text } from '@portal/shared-contracts/ui';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../i18n';
import { CONTACTS_KEY, GROUPS_KEY, saveContact } from '../../shared';
import { CONTACT_FIELDS, type ContactField } from '../../shared/form-model';

// The dialog uses ui/overlays and ui/forms: it loads when first opened (see exposes/App.tsx).
const ContactChooser = lazy(() => import('./ContactChooser').then((module) => ({ default: module.ContactChooser })));

type SaveOutcome = { kind: 'saved'; name: string } | { kind: 'refused'; messages: string[] };

/**
 * The order wizard's address book (issue 12 item 4): choose the sender or receiver from the active
 * account's book, or save the party as typed into it. Visitors who are not signed in have no
 * book: nothing is shown.
 */
export default function ContactPickerView({ partyRole: role, countryCode, onPick, party }: ContactPickerProps) {
  const { t } = useTranslation(NAMESPACE);
  const { api, session, notify, translateServerMessage } = usePlatform();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [outcome, setOutcome] = useState<SaveOutcome | null>(null);
  if (session?.status !== 'authenticated') return null;
  const account = session.activeAccount?.id ?? null;

  const choose = (contact: ContactResource) => {
    onPick(partyOfContact(contact));
    setPicked(contact.name);
    setOutcome(null);
    setOpen(false);
  };

  // Named by the book's field labels: these messages are shown here, not beside the wizard's fields.
  const labelled = (violations: readonly { propertyPath: string; message: string }[]) =>
    violations.map(({ propertyPath, message }) => {
      const text = translateServerMessage(message);
      return isContactField(propertyPath) ? `${t(`contact.${propertyPath}`)}: ${text}` : text;
    });

  const save = async () => {
    if (!party) return;
    const contact = contactOfParty(party);
    // The shared SPEC §5 rules first: nothing is sent that the book would refuse.
    const found = contactViolations(contact);
    if (found.length > 0) {
      setOutcome({ kind: 'refused', messages: labelled(found) });
      return;
    }
    setSaving(true);
    try {
      const saved = await saveContact(api, account, null, contact);
      setOutcome({ kind: 'saved', name: saved.name });
      notify('success', t('messages.success'));
      await queryClient.invalidateQueries({ queryKey: [CONTACTS_KEY] });
      await queryClient.invalidateQueries({ queryKey: [GROUPS_KEY] });
    } catch (error) {
      // 409: the book holds a contact with this name, address and phone (reported, never doubled).
      const violations = error instanceof ApplicationError ? error.violations : [];
      const duplicate = violations.find((violation) => violation.code === ADDRESS_BOOK_CODES.duplicate);
      const messages = duplicate
        ? [translateServerMessage(duplicate)]
        : violations.length > 0
          ? labelled(violations)
          : [t('messages.failed')];
      setOutcome({ kind: 'refused', messages });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="xs" data-testid={`contact-picker-${role}`}>
      <Group gap="sm">
        <Button variant="light" onClick={() => setOpen(true)} data-testid={`choose-contact-${role}`}>
          {t(`picker.choose.${role}`)}
        </Button>
        {party && (
          <Button variant="subtle" onClick={save} loading={saving} data-testid={`save-contact-${role}`}>
            {t(`picker.save.${role}`)}
          </Button>
        )}
      </Group>
      {/* Spoken when it changes: the dialog closed and the fields below were filled. */}
      <div role="status">
        {picked && (
          <Text size="sm" data-testid={`picked-contact-${role}`}>
            {t('picker.picked', { name: picked })}
          </Text>
        )}
      </div>
      {outcome?.kind === 'saved' && (
        <Alert color="green" data-testid={`saved-contact-${role}`}>
          {t('picker.saved', { name: outcome.name })}
        </Alert>
      )}
      {outcome?.kind === 'refused' && (
        <Alert color="red" role="alert" title={t('picker.notSaved')} data-testid={`save-contact-error-${role}`}>
          <List size="sm">
            {outcome.messages.map((message) => (
              <List.Item key={message}>{message}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      {open && (
        <Suspense fallback={null}>
          <ContactChooser
            role={role}
            account={account}
            countryCode={countryCode}
            onChoose={choose}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </Stack>
  );
}

const isContactField = (path: string): path is ContactField => (CONTACT_FIELDS as readonly string[]).includes(path);
