import { hydraCollection } from '../../src/http/hydra';

const collection = (totalItems: number, page: number, query: Record<string, string> = {}) =>
  hydraCollection({
    context: '/api/contexts/Thing',
    path: '/api/things',
    members: [],
    totalItems,
    paging: { page, itemsPerPage: 10 },
    query,
  });

describe('hydraCollection', () => {
  it('has no view when everything fits on the first page', () => {
    expect(collection(10, 1)).toEqual({
      '@context': '/api/contexts/Thing',
      '@id': '/api/things',
      '@type': 'hydra:Collection',
      'hydra:member': [],
      'hydra:totalItems': 10,
    });
    expect(collection(0, 1)['hydra:view']).toBeUndefined();
  });

  it('links a middle page to its neighbours, keeping the filters and replacing page', () => {
    expect(collection(25, 2, { 'groups.name[neq]': 'EU', page: '2', itemsPerPage: '10' })['hydra:view']).toEqual({
      '@id': '/api/things?groups.name%5Bneq%5D=EU&itemsPerPage=10&page=2',
      '@type': 'hydra:PartialCollectionView',
      'hydra:first': '/api/things?groups.name%5Bneq%5D=EU&itemsPerPage=10&page=1',
      'hydra:last': '/api/things?groups.name%5Bneq%5D=EU&itemsPerPage=10&page=3',
      'hydra:next': '/api/things?groups.name%5Bneq%5D=EU&itemsPerPage=10&page=3',
      'hydra:previous': '/api/things?groups.name%5Bneq%5D=EU&itemsPerPage=10&page=1',
    });
  });

  it('has no next link on the last page', () => {
    const view = collection(25, 3)['hydra:view'];
    expect(view?.['hydra:next']).toBeUndefined();
    expect(view?.['hydra:previous']).toBe('/api/things?page=2');
  });

  it('still links back from a page past the end', () => {
    expect(collection(5, 4)['hydra:view']).toEqual({
      '@id': '/api/things?page=4',
      '@type': 'hydra:PartialCollectionView',
      'hydra:first': '/api/things?page=1',
      'hydra:last': '/api/things?page=1',
      'hydra:previous': '/api/things?page=3',
    });
  });
});
