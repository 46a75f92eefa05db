import { EMPTY_FILTERS, openPath, repeatPath, toListQuery } from './model';

describe('my orders query', () => {
  it('sends the filters as the API takes them, dates as YYYY-MM-DD', () => {
    const query = toListQuery(
      {
        search: ' Ozols ',
        country: 'LT',
        status: 'paid',
        dateFrom: '01.11.2026',
        dateTill: '30.11.2026',
        hasReturn: 'true',
      },
      2,
    );
    expect(query.invalid).toEqual([]);
    expect(query.params).toEqual({
      search: 'Ozols',
      country: 'LT',
      status: 'paid',
      dateFrom: '2026-11-01',
      dateTill: '2026-11-30',
      hasReturn: 'true',
      page: 2,
      rowsPerPage: 5,
      '_order[createdAt]': 'DESC',
    });
  });

  it('leaves out dates that are not real days and says which', () => {
    const query = toListQuery({ ...EMPTY_FILTERS, dateFrom: '31.02.2026', dateTill: '2026-11-30' }, 1);
    expect(query.invalid).toEqual(['dateFrom', 'dateTill']);
    expect(query.params.dateFrom).toBeUndefined();
    expect(query.params.search).toBeUndefined();
  });

  it('opens an order at its own address: the wizard while unfinished, the order page once paid', () => {
    expect(openPath({ order: '/api/orders/k1', type: 'parcel' })).toBe('/orders/parcel/k1');
    expect(openPath({ order: '/api/orders/k2', type: 'letter' })).toBe('/orders/letter/k2');
  });

  it('repeats an order as a new one that starts from it', () => {
    expect(repeatPath({ order: '/api/orders/k2', type: 'letter' })).toBe('/orders/letter?repeat=k2');
  });
});
