import { describeDeliveryTime, describeSizeLimit, lockerSizeClass, type ProductFacts } from './product-facts';

const locker: ProductFacts = {
  countryCode: 'LV',
  deliveryDays: 1,
  shipmentSizeType: 'xl',
  transferType: 'parcelMachine',
  receivingType: 'parcelMachine',
  sizeLimit: { description: 'Size class XL', length: 580, width: 380, height: 380, notStated: true },
};

describe('describeDeliveryTime', () => {
  it("says the workflow's working days in both languages", () => {
    expect(describeDeliveryTime({ countryCode: 'LV', deliveryDays: 1 }, 'en')).toBe('Delivered in 1 working day');
    expect(describeDeliveryTime({ countryCode: 'LV', deliveryDays: 3 }, 'en')).toBe('Delivered in 3 working days');
    expect(describeDeliveryTime({ countryCode: 'LV', deliveryDays: 1 }, 'lv')).toBe('Piegāde 1 darba dienā');
    expect(describeDeliveryTime({ countryCode: 'LV', deliveryDays: 11 }, 'lv')).toBe('Piegāde 11 darba dienās');
    expect(describeDeliveryTime({ countryCode: 'LV', deliveryDays: 21 }, 'lv')).toBe('Piegāde 21 darba dienā');
  });

  it('says abroad that no delivery time is published, and at home that the product has none set', () => {
    expect(describeDeliveryTime({ countryCode: 'EE', deliveryDays: null }, 'en')).toBe(
      'Delivery time abroad: not published by Latvijas Pasts',
    );
    expect(describeDeliveryTime({ countryCode: 'US', deliveryDays: null }, 'lv')).toBe(
      'Piegādes laiks uz ārvalstīm: Latvijas Pasts to nav publicējis',
    );
    expect(describeDeliveryTime({ countryCode: 'LV', deliveryDays: null }, 'en')).toBe(
      'Delivery time not set for this product',
    );
  });
});

describe('describeSizeLimit', () => {
  it("names a locker size class and the locker's own limit, saying the class's sides are not published", () => {
    expect(describeSizeLimit(locker, 'en')).toBe(
      'Locker size XL: sides per size not published; the locker takes up to 58 × 38 × 38 cm',
    );
    expect(describeSizeLimit(locker, 'lv')).toBe(
      'Pakomāta izmērs XL: katra izmēra malas nav publicētas; pakomātā ievieto līdz 58 × 38 × 38 cm',
    );
  });

  it('gives a stated box, a longest side and a thickness in centimetres with a decimal comma', () => {
    const courier = { ...locker, shipmentSizeType: null, transferType: 'courier', receivingType: 'courier' };
    expect(
      describeSizeLimit({ ...courier, sizeLimit: { description: '', length: 580, width: 380, height: 380 } }, 'en'),
    ).toBe('Up to 58 × 38 × 38 cm');
    const letter = { ...courier, sizeLimit: { description: '', length: 600, width: null, height: 25 } };
    expect(describeSizeLimit(letter, 'en')).toBe('Longest side up to 60 cm, at most 2,5 cm thick');
    expect(describeSizeLimit(letter, 'lv')).toBe('Garākā mala līdz 60 cm, biezums ne vairāk kā 2,5 cm');
    expect(describeSizeLimit({ ...courier, sizeLimit: null }, 'lv')).toBe('Izmēru ierobežojums nav norādīts');
  });
});

describe('lockerSizeClass', () => {
  it('is the size class of a locker product only', () => {
    expect(lockerSizeClass(locker)).toBe('xl');
    expect(lockerSizeClass({ ...locker, shipmentSizeType: 'small' })).toBeNull();
    expect(
      lockerSizeClass({ shipmentSizeType: 'm', transferType: 'postOffice', receivingType: 'postOffice' }),
    ).toBeNull();
  });
});
