import type { PrintableShipment } from '../../../src/modules/documents';

export const sender: PrintableShipment['sender'] = {
  name: 'Jānis Bērziņš',
  companyName: 'SIA Ķēniņu Šūšana',
  phone: '+371 21234567',
  email: 'janis@example.com',
  address: {
    addressLine: 'Ūdeļu iela 12-3',
    city: 'Rīga',
    postCode: 'LV-1050',
    countryCode: 'LV',
    countryName: 'Latvia',
  },
};

export const receiver: PrintableShipment['receiver'] = {
  name: 'Ona Petraitienė',
  phone: '+370 61234567',
  address: {
    addressLine: 'Gedimino pr. 9',
    city: 'Vilnius',
    postCode: 'LT-01103',
    countryCode: 'LT',
    countryName: 'Lithuania',
  },
};

export const usReceiver: PrintableShipment['receiver'] = {
  name: 'Mary Smith',
  address: {
    addressLine: '1600 Main Street',
    city: 'Springfield',
    postCode: '62701',
    countryCode: 'US',
    countryName: 'United States',
    region: 'IL',
  },
};

export function shipment(overrides: Partial<PrintableShipment> = {}): PrintableShipment {
  return {
    shipmentNumber: 'CC473124829LV',
    productLabel: 'Parcel locker M, Lithuania',
    weightGrams: 2000,
    sender,
    receiver,
    serviceNotes: ['Fragile / Trausls'],
    deliveryPoint: 'Parcel locker Vilnius Akropolis',
    postedAt: new Date('2026-11-22T10:00:00Z'),
    customs: null,
    ...overrides,
  };
}

/** A 1.2 kg parcel to the US with two content lines, worth `total` cents in all. */
export function usShipment(firstValueCents: number, secondValueCents: number): PrintableShipment {
  return shipment({
    shipmentNumber: 'CC000000005LV',
    productLabel: 'Parcel Standard+ (insured), rest of the world',
    weightGrams: 1200,
    receiver: usReceiver,
    deliveryPoint: null,
    customs: {
      natureOfTransaction: 'sale_of_goods',
      currency: 'EUR',
      contents: [
        {
          description: 'Adīti vilnas cimdi',
          quantity: 2,
          weightGrams: 400,
          valueCents: firstValueCents,
          hsCode: '611693',
          originCountryCode: 'LV',
        },
        {
          description: 'Dzintara kaklarota',
          quantity: 1,
          weightGrams: 650,
          valueCents: secondValueCents,
          hsCode: '711790',
          originCountryCode: 'LV',
        },
      ],
      postageCents: 2500,
      exporterVatCode: 'LV40003000000',
      associatedDocuments: [
        { type: 'commercial_invoice', number: 'INV-2026-17' },
        { type: 'certificate_of_origin', number: 'CO-77' },
      ],
      comments: 'Handmade in Latvia',
    },
  });
}
