import { acceptsGzip } from '../../src/http/encoding';

describe('acceptsGzip', () => {
  it.each([
    ['gzip, deflate, br', true],
    ['br;q=1.0, GZIP;q=0.5', true],
    ['*', true],
    ['gzip;q=0, identity', false],
    ['deflate, br', false],
    ['', false],
    [undefined, false],
  ])('%p → %p', (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected);
  });
});
