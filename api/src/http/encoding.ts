/**
 * Whether the client takes gzip-coded answers (`Accept-Encoding: gzip, deflate, br`, every
 * browser): a `gzip` (or `*`) coding whose q-value is not 0.
 */
export function acceptsGzip(acceptEncoding: string | undefined): boolean {
  if (!acceptEncoding) return false;
  return acceptEncoding.split(',').some((part) => {
    const [coding = '', ...params] = part.trim().toLowerCase().split(';');
    if (coding.trim() !== 'gzip' && coding.trim() !== '*') return false;
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}
