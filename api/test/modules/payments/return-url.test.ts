import { returnUrlFor } from '../../../src/modules/payments';

describe('returnUrlFor', () => {
  it('appends the result as the last path segment', () => {
    expect(returnUrlFor('/orders/parcel/k1', 'success')).toBe('/orders/parcel/k1/success');
    expect(returnUrlFor('/orders/parcel/k1/', 'failed')).toBe('/orders/parcel/k1/failed');
    expect(returnUrlFor('/orders/letter/k1?locale=lv#top', 'cancelled')).toBe(
      '/orders/letter/k1/cancelled?locale=lv#top',
    );
    expect(returnUrlFor('https://portal.example/orders/parcel/k1', 'success')).toBe(
      'https://portal.example/orders/parcel/k1/success',
    );
  });

  it('fills the {paymentResult} placeholder when there is one', () => {
    expect(returnUrlFor('/orders/parcel/k1/{paymentResult}?x=1', 'failed')).toBe('/orders/parcel/k1/failed?x=1');
  });
});
