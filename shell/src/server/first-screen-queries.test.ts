/**
 * @jest-environment node
 */
import { FIRST_SCREEN_QUERIES_TIMEOUT_MS, loadFirstScreenQueries } from './first-screen-queries';

/** A `fetch` as the gateway's API answers: each path's JSON, a 500 for `failing`, never for `hanging`. */
function apiFetch(failing: string[] = [], hanging: string[] = []) {
  const asked: { url: string; language: string | null }[] = [];
  const fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    asked.push({ url, language: new Headers(init?.headers).get('Accept-Language') });
    if (hanging.some((path) => url.startsWith(path)))
      return new Promise<Response>((_resolve, reject) =>
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
      );
    if (failing.some((path) => url.startsWith(path))) return Response.json({ title: 'broken' }, { status: 500 });
    return Response.json({ answerTo: url });
  }) as unknown as typeof globalThis.fetch;
  return { fetch, asked };
}

describe('the public answers a first screen is drawn with (issue 18)', () => {
  it('are the banner and the footer everywhere, the news and adverts on the home page, in its language', async () => {
    const { fetch, asked } = apiFetch();
    const home = await loadFirstScreenQueries({ url: '/?locale=lv' }, fetch);
    expect(home.map((query) => query.queryKey)).toEqual([
      ['notification-banner', 'lv'],
      ['cms-blocks', 'footer', 'lv'],
      ['news', 3],
      ['cms-blocks', 'advert', 'lv'],
    ]);
    expect(asked).toEqual([
      { url: '/api/public/notification_banner', language: 'lv' },
      { url: '/api/public/cms_blocks?kind=footer', language: 'lv' },
      { url: '/api/public/news?itemsPerPage=3', language: 'lv' },
      { url: '/api/public/cms_blocks?kind=advert&itemsPerPage=3', language: 'lv' },
    ]);
    expect(home[2]?.data).toEqual({ answerTo: '/api/public/news?itemsPerPage=3' });
  });

  it('are an information page’s text on its page, in the cookie’s language; a remote’s page has only the frame', async () => {
    const { fetch } = apiFetch();
    const terms = await loadFirstScreenQueries({ url: '/terms', cookieHeader: 'locale=lv' }, fetch);
    expect(terms.map((query) => query.queryKey).at(-1)).toEqual(['cms-block', 'terms', 'lv']);
    const track = await loadFirstScreenQueries({ url: '/track?number=RR123456785LV' }, fetch);
    expect(track.map((query) => query.queryKey)).toEqual([
      ['notification-banner', 'en'],
      ['cms-blocks', 'footer', 'en'],
    ]);
  });

  it('leave out an answer that failed or came too late: that part then loads in the browser', async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    try {
      const { fetch } = apiFetch(['/api/public/news'], ['/api/public/cms_blocks?kind=advert']);
      const loading = loadFirstScreenQueries({ url: '/' }, fetch);
      await jest.advanceTimersByTimeAsync(FIRST_SCREEN_QUERIES_TIMEOUT_MS + 1);
      const answered = await loading;
      expect(answered.map((query) => query.queryKey)).toEqual([
        ['notification-banner', 'en'],
        ['cms-blocks', 'footer', 'en'],
      ]);
    } finally {
      jest.useRealTimers();
    }
  });
});
