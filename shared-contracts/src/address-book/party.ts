import type { Party } from '../orders/schemas';
import type { ContactResource, ContactWrite } from './schemas';

// A contact of the book and a party of an order (SPEC §3 Contact, Party record, Address record)
// hold the same person and address under different shapes. The order wizard picks parties from
// the book and saves new receivers into it; these two conversions are the one place that says
// which field becomes which.

const orNull = (value: string | null | undefined): string | null => {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
};

/** The contact as an order's sender or receiver: a contact with a company name is a company party. */
export function partyOfContact(contact: ContactResource): Party {
  const companyName = orNull(contact.companyName);
  return {
    name: contact.name,
    email: orNull(contact.email),
    phonePrefix: orNull(contact.phonePrefix),
    phone: orNull(contact.phone),
    company: companyName !== null,
    companyName,
    address: {
      countryCode: contact.countryCode,
      addressLine: orNull(contact.addressLine),
      city: orNull(contact.city),
      postCode: orNull(contact.postCode),
      region: orNull(contact.region),
      addressId: orNull(contact.addressId),
    },
  };
}

/**
 * An order's party as a new contact of the book. A parcel locker or post office the receiver
 * collects at is the order's, not the person's: only the postal address is kept.
 */
export function contactOfParty(party: Party): ContactWrite {
  const address = party.address ?? {};
  const phone = orNull(party.phone);
  return {
    name: orNull(party.name),
    companyName: party.company ? orNull(party.companyName) : null,
    email: orNull(party.email),
    countryCode: orNull(address.countryCode)?.toUpperCase() ?? null,
    // A prefix alone is not a phone (the book's form drops it likewise).
    phonePrefix: phone ? orNull(party.phonePrefix) : null,
    phone,
    addressLine: orNull(address.addressLine),
    city: orNull(address.city),
    region: orNull(address.region),
    postCode: orNull(address.postCode),
    addressId: orNull(address.addressId),
  };
}

/**
 * Props of mf-address-book's `./ContactPicker`, which the order wizard mounts through the shell
 * (`platform.RemoteComponent`): choose a sender or receiver from the active account's book, and
 * save the party as typed into it. It shows nothing to visitors who are not signed in.
 */
export interface ContactPickerProps {
  /** Which party of the order: names the buttons and tells two pickers of one page apart. */
  partyRole: 'sender' | 'receiver';
  /** Only contacts of this country are offered (the destination of step 1; LV for the sender). */
  countryCode?: string;
  /** The chosen contact, as an order party (`partyOfContact`). */
  onPick: (party: Party) => void;
  /** The party as typed: when given, "Save to address book" stores it (`contactOfParty`). */
  party?: Party;
}
