import { registerRemotes } from '@module-federation/enhanced/runtime';
import { loadRemotesFile, remotesStateOf, useRemotesStore } from './remotes-store';

jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: jest.fn(),
  registerGlobalPlugins: jest.fn(),
  getInstance: jest.fn(() => null),
  loadRemote: jest.fn(),
}));

const file = {
  environment: 'test',
  remotes: [
    {
      name: 'mf-tracking',
      scope: 'mf_tracking',
      manifest: '/remotes/mf-tracking/mf-manifest.json',
      enabled: true,
    },
    {
      name: 'mf-map',
      scope: 'mf_map',
      manifest: 'http://cdn.test/mf-map/mf-manifest.json',
      enabled: false,
    },
  ],
};

// jsdom has no fetch Response: a minimal one with what loadRemotesFile reads.
const respond = (status: number, body: unknown) =>
  jest.fn(async () => ({
    ok: status >= 200 && status < 300,
    status,
    json: async () => (typeof body === 'string' ? JSON.parse(body) : body),
  })) as unknown as typeof fetch;

describe('loadRemotesFile', () => {
  beforeEach(() => {
    jest.mocked(registerRemotes).mockClear();
    useRemotesStore.setState({ status: 'loading', remotes: [], maintenance: false, failed: {} });
    jest.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('registers only enabled remotes, by the absolute URL of the entry beside the manifest, with dashed aliases', async () => {
    await loadRemotesFile(respond(200, file));
    expect(registerRemotes).toHaveBeenCalledWith([
      { name: 'mf_tracking', alias: 'mf-tracking', entry: 'http://localhost/remotes/mf-tracking/remoteEntry.js' },
    ]);
    const state = useRemotesStore.getState();
    expect(state.status).toBe('ready');
    expect(state.remotes.map((remote) => remote.name)).toEqual(['mf-tracking', 'mf-map']);
    expect(state.isUsable('mf-tracking')).toBe(true);
    expect(state.isUsable('mf-map')).toBe(false);
  });

  it('keeps the objects of a store that started from the same file (no render after hydration)', async () => {
    await loadRemotesFile(respond(500, 'unused'), { remotes: file });
    const first = useRemotesStore.getState().remotes;
    await loadRemotesFile(respond(500, 'unused'), { remotes: JSON.parse(JSON.stringify(file)) });
    expect(useRemotesStore.getState().remotes).toBe(first);
    await loadRemotesFile(respond(500, 'unused'), { remotes: { ...file, maintenance: true } });
    expect(useRemotesStore.getState().maintenance).toBe(true);
  });

  it('gives the state of the file a page carries, or loading without a valid one', () => {
    expect(remotesStateOf(file)).toMatchObject({ status: 'ready', maintenance: false });
    expect(remotesStateOf(file).remotes.map((remote) => remote.name)).toEqual(['mf-tracking', 'mf-map']);
    expect(remotesStateOf(undefined)).toEqual({ status: 'loading', remotes: [], maintenance: false });
    expect(remotesStateOf({ environment: 'x', remotes: [{ name: 'Bad Name' }] }).status).toBe('loading');
  });

  it('takes the remotes file the gateway wrote into the page, without a request', async () => {
    const fetchImpl = respond(500, 'must not be asked');
    await loadRemotesFile(fetchImpl, { remotes: file });
    expect(fetchImpl).not.toHaveBeenCalled();
    expect(useRemotesStore.getState().status).toBe('ready');
    expect(registerRemotes).toHaveBeenCalledTimes(1);
  });

  it('asks /remotes.json when the file written into the page is not valid', async () => {
    const fetchImpl = respond(200, file);
    await loadRemotesFile(fetchImpl, { remotes: { environment: 'x', remotes: [{ name: 'Bad Name' }] } });
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect(useRemotesStore.getState().status).toBe('ready');
  });

  it('marks everything unavailable when the file is missing', async () => {
    await loadRemotesFile(respond(404, 'not found'));
    expect(useRemotesStore.getState().status).toBe('unavailable');
    expect(registerRemotes).not.toHaveBeenCalled();
  });

  it('marks everything unavailable when the file is not valid', async () => {
    await loadRemotesFile(respond(200, { environment: 'x', remotes: [{ name: 'Bad Name' }] }));
    expect(useRemotesStore.getState().status).toBe('unavailable');
    await loadRemotesFile(respond(200, '<html>'));
    expect(useRemotesStore.getState().status).toBe('unavailable');
  });

  it('marks everything unavailable when the network fails', async () => {
    const failing = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    await loadRemotesFile(failing);
    expect(useRemotesStore.getState().status).toBe('unavailable');
  });

  it('a failed remote stops being usable', async () => {
    await loadRemotesFile(respond(200, file));
    useRemotesStore.getState().markFailed('mf-tracking');
    expect(useRemotesStore.getState().isUsable('mf-tracking')).toBe(false);
  });
});
