import { setCacheHeaders } from './cache-headers';

function cacheControlOf(filePath: string): string | undefined {
  const headers = new Map<string, string>();
  setCacheHeaders(
    {
      header(name: string, value: string) {
        headers.set(name, value);
        return this as never;
      },
    },
    filePath,
  );
  return headers.get('Cache-Control');
}

it('caches content-hashed files for a year, precompressed twins too, and re-checks entry files', () => {
  const year = 'public, max-age=31536000, immutable';
  for (const hashed of [
    '/d/main.f815e568.js',
    '/d/main.f815e568.js.br',
    '/d/885.555c304b.css.gz',
    '/d/3c8b5336146833d6.svg',
  ])
    expect([hashed, cacheControlOf(hashed)]).toEqual([hashed, year]);
  for (const entry of ['/d/remoteEntry.js', '/d/remoteEntry.js.br', '/d/mf-manifest.json', '/d/index.html', '/d/ab.js'])
    expect([entry, cacheControlOf(entry)]).toEqual([entry, 'no-cache']);
});
