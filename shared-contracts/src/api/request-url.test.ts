import { buildRequestUrl, serialiseQuery, toPublicPath } from './request-url';

describe('toPublicPath', () => {
  it.each([
    ['/api/countries', '/api/public/countries'],
    ['/api/countries/LV', '/api/public/countries/LV'],
    ['/api/public/countries', '/api/public/countries'],
    ['/api/publications', '/api/public/publications'],
    ['https://pasts.example/api/orders/1', 'https://pasts.example/api/public/orders/1'],
    ['/api/orders/api/x', '/api/public/orders/api/x'],
    ['/health', '/health'],
    ['/apis/x', '/apis/x'],
    ['/remotes.json', '/remotes.json'],
  ])('%s → %s', (path, publicPath) => {
    expect(toPublicPath(path)).toBe(publicPath);
  });
});

describe('serialiseQuery', () => {
  it('writes arrays as repeated key[] pairs and skips null and undefined', () => {
    expect(serialiseQuery({ 'id[]': [1, 2], status: ['paid'], page: 1, search: null, country: undefined })).toBe(
      'id[]=1&id[]=2&status[]=paid&page=1',
    );
  });

  it('writes booleans as true/false and sends nothing for an empty array', () => {
    expect(serialiseQuery({ active: true, withContract: false, id: [] })).toBe('active=true&withContract=false');
  });

  it('percent-encodes values but keeps brackets in keys readable', () => {
    const query = serialiseQuery({ '_order[createdAt]': 'DESC', 'groups.name': 'EU & EEA', q: 'a=b?[c]' });
    expect(query).toBe('_order[createdAt]=DESC&groups.name=EU%20%26%20EEA&q=a%3Db%3F%5Bc%5D');
    expect(Object.fromEntries(new URLSearchParams(query))).toEqual({
      '_order[createdAt]': 'DESC',
      'groups.name': 'EU & EEA',
      q: 'a=b?[c]',
    });
  });
});

describe('buildRequestUrl', () => {
  it('joins base URL, path and query', () => {
    expect(buildRequestUrl('https://api.example', '/api/countries', { active: true })).toBe(
      'https://api.example/api/countries?active=true',
    );
    expect(buildRequestUrl('', '/api/countries')).toBe('/api/countries');
  });

  it('appends to a query already in the path', () => {
    expect(buildRequestUrl('', '/api/orders/validate?type=content', { page: 2 })).toBe(
      '/api/orders/validate?type=content&page=2',
    );
  });

  it('does not prefix an absolute URL with the base URL', () => {
    expect(buildRequestUrl('https://api.example', 'https://files.example/a.pdf')).toBe('https://files.example/a.pdf');
  });
});
