import { isSameOrderPath } from './store';

const saved = { iri: '/api/orders/k1', key: 'k1', version: 1 };

describe('isSameOrderPath (SPEC §2 reset on route change)', () => {
  it('keeps the order on the same path', () => {
    expect(isSameOrderPath('/orders/parcel', '/orders/parcel', null)).toBe(true);
  });

  it('keeps it when the new order gets its key in the address', () => {
    expect(isSameOrderPath('/orders/parcel', '/orders/parcel/k1', saved)).toBe(true);
  });

  it('starts over on any other path, another order or another type', () => {
    expect(isSameOrderPath(null, '/orders/parcel', null)).toBe(false);
    expect(isSameOrderPath('', '/orders/parcel', saved)).toBe(false);
    expect(isSameOrderPath('/orders/parcel', '/orders/letter', null)).toBe(false);
    expect(isSameOrderPath('/orders/parcel', '/orders/parcel/k2', saved)).toBe(false);
    expect(isSameOrderPath('/orders/parcel/k1', '/orders/letter/k1', saved)).toBe(false);
    expect(isSameOrderPath('/orders/parcel', '/orders/parcel/k1', null)).toBe(false);
  });
});
