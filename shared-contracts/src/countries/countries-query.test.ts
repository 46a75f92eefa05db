import type { ApiClient } from '../api/types';
import { countriesQuery } from './countries-query';

const latvia = {
  code: 'LV',
  name: 'Latvia',
  nameLv: 'Latvija',
  countryAliasNames: [],
  phonePrefix: '371',
  groups: [],
  active: true,
  type: 6,
};

function fakeApi(answer: unknown) {
  const get = jest.fn(async () => answer);
  return { api: { GET: get } as unknown as ApiClient, get };
}

describe('countriesQuery', () => {
  it('asks for one page of active countries and returns the members', async () => {
    const { api, get } = fakeApi({
      'hydra:member': [{ '@id': '/api/countries/LV', ...latvia }],
      'hydra:totalItems': 1,
    });
    const signal = new AbortController().signal;
    const query = countriesQuery(api);

    await expect(query.queryFn({ signal })).resolves.toEqual([latvia]);
    expect(get).toHaveBeenCalledWith('/api/countries', { query: { active: true, itemsPerPage: 300 }, signal });
    expect(query.queryKey).toEqual(['countries', 'active']);
  });

  it('rejects an answer that breaks the country contract', async () => {
    const { api } = fakeApi({ 'hydra:member': [{ ...latvia, code: 'Latvia' }], 'hydra:totalItems': 1 });
    await expect(countriesQuery(api).queryFn({ signal: new AbortController().signal })).rejects.toThrow();
  });
});
