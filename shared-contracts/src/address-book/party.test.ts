import { partyViolations } from '../orders/party-rules';
import { contactOfParty, partyOfContact } from './party';
import { contactViolations } from './rules';
import type { ContactResource } from './schemas';

const contact: ContactResource = {
  '@id': '/api/contacts/3',
  '@type': 'Contact',
  id: 3,
  name: 'Ēriks Bērziņš',
  companyName: 'SIA Kokle',
  email: 'eriks@example.com',
  countryCode: 'LV',
  phonePrefix: '371',
  phone: '29123456',
  addressLine: 'Brīvības iela 1',
  city: 'Rīga',
  region: null,
  postCode: 'LV-1010',
  addressId: '101234567',
  groups: [{ id: 1, name: 'Customers' }],
  createdAt: '2026-11-20T10:00:00Z',
  updatedAt: '2026-11-20T10:00:00Z',
};

describe('contacts as order parties', () => {
  it("gives every field of the contact to the party, the company's name making it a company", () => {
    expect(partyOfContact(contact)).toEqual({
      name: 'Ēriks Bērziņš',
      email: 'eriks@example.com',
      phonePrefix: '371',
      phone: '29123456',
      company: true,
      companyName: 'SIA Kokle',
      address: {
        countryCode: 'LV',
        addressLine: 'Brīvības iela 1',
        city: 'Rīga',
        postCode: 'LV-1010',
        region: null,
        addressId: '101234567',
      },
    });
    expect(partyOfContact({ ...contact, companyName: null })).toEqual(
      expect.objectContaining({ company: false, companyName: null }),
    );
  });

  it('a contact of the book is a party the order rules accept, and back again unchanged', () => {
    const party = partyOfContact(contact);
    expect(partyViolations(party, 'receiver', { complete: true })).toEqual([]);
    const { '@id': _, '@type': __, id, groups, createdAt, updatedAt, ...fields } = contact;
    expect(contactOfParty(party)).toEqual(fields);
  });

  it('keeps a party’s postal address only, trims, and drops a prefix without a phone', () => {
    const written = contactOfParty({
      name: ' Anna Liepa ',
      phonePrefix: '371',
      phone: ' ',
      company: false,
      companyName: 'left over from a company',
      address: { countryCode: 'lt', addressLine: '', city: 'Vilnius', serviceLocationId: 'omniva-1' },
    });
    expect(written).toEqual({
      name: 'Anna Liepa',
      companyName: null,
      email: null,
      countryCode: 'LT',
      phonePrefix: null,
      phone: null,
      addressLine: null,
      city: 'Vilnius',
      region: null,
      postCode: null,
      addressId: null,
    });
    expect(contactViolations(written)).toEqual([]);
  });
});
