import { type ClientErrorReport, createEventBus, MAX_CLIENT_ERRORS_PER_PAGE } from '@portal/shared-contracts';
import { reportClientErrors } from './report-client-errors';

function setup() {
  const events = createEventBus();
  const sent: ClientErrorReport[] = [];
  const stop = reportClientErrors(events, (report) => sent.push(report));
  return { events, sent, stop };
}

beforeEach(() => window.history.replaceState(null, '', '/track?number=CC000000014LV'));

it('reports a remote that failed to load, with the page path and no query string', () => {
  const { events, sent, stop } = setup();
  events.emit('remote:failed', { name: 'mf-tracking', reason: 'needs contracts ^2.0.0' });
  expect(sent).toEqual([
    { kind: 'remote-load', remote: 'mf-tracking', message: 'needs contracts ^2.0.0', page: '/track' },
  ]);
  stop();
});

it('reports uncaught errors and unhandled rejections, each message once', () => {
  const { sent, stop } = setup();
  const error = new Error('boom');
  for (let i = 0; i < 3; i++) {
    window.dispatchEvent(
      new ErrorEvent('error', { message: 'boom', error, filename: 'http://x/app.js?v=1', lineno: 3, colno: 7 }),
    );
  }
  const rejection = new Event('unhandledrejection') as PromiseRejectionEvent;
  Object.assign(rejection, { reason: new Error('lost') });
  window.dispatchEvent(rejection);
  expect(sent).toEqual([
    expect.objectContaining({ kind: 'javascript', message: 'boom', source: 'http://x/app.js:3:7', page: '/track' }),
    expect.objectContaining({ kind: 'unhandled-rejection', message: 'lost' }),
  ]);
  expect(sent[0]?.stack).toContain('boom');
  stop();
});

it(`sends at most ${MAX_CLIENT_ERRORS_PER_PAGE} reports a page load, and nothing after stopping`, () => {
  const { events, sent, stop } = setup();
  for (let i = 0; i < 30; i++) events.emit('remote:failed', { name: `mf-${i}` });
  expect(sent).toHaveLength(MAX_CLIENT_ERRORS_PER_PAGE);
  stop();
  const after = setup();
  after.stop();
  after.events.emit('remote:failed', { name: 'mf-late' });
  expect(after.sent).toEqual([]);
});
