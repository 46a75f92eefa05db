import { registerRemotes } from '@module-federation/enhanced/runtime';
import { type RemoteEntry, type RemotesFile, remoteEntryUrlOf, remotesFileSchema } from '@portal/shared-contracts';
import { create } from 'zustand';
import { readBootData } from '../boot/boot-data';
import { serverRendersCurrentState } from '../browser/server-snapshot';
import { preferShellUiCopies } from './shell-ui-first';

/**
 * The environment's remotes (DESIGN §3): written into the page by the gateway, else fetched from
 * /remotes.json at start.
 * A missing or invalid file leaves the shell working with its own pages: every
 * remote-owned area then says it is unavailable.
 */
export type RemotesStatus = 'loading' | 'ready' | 'unavailable';

interface RemotesState {
  status: RemotesStatus;
  remotes: RemoteEntry[];
  maintenance: boolean;
  /** Remotes that failed to load or crashed in this page's life. */
  failed: Record<string, true>;
  markFailed: (name: string) => void;
  isUsable: (name: string) => boolean;
}

export const REMOTES_URL = '/remotes.json';

export const useRemotesStore = create<RemotesState>((set, get, api) => ({
  ...remotesFromPage(api),
  failed: {},
  markFailed: (name) => {
    if (!get().failed[name]) set((state) => ({ failed: { ...state.failed, [name]: true } }));
  },
  isUsable: (name) => {
    const { remotes, failed } = get();
    return remotes.some((remote) => remote.name === name && remote.enabled) && !failed[name];
  },
}));

/**
 * The store's first state: the remotes file the gateway wrote into the page when there is one, so
 * that the first render, which takes over the gateway's markup, draws the same navigation and
 * widgets (issue 18); else loading until loadRemotesFile has asked for it.
 */
function remotesFromPage(api: Parameters<typeof serverRendersCurrentState<RemotesState>>[0]) {
  serverRendersCurrentState(api);
  return remotesStateOf(typeof document === 'undefined' ? undefined : readBootData().remotes);
}

/** The store's state for the remotes file a page carries (nothing or an invalid file: still loading). */
export function remotesStateOf(written: unknown): Pick<RemotesState, 'status' | 'remotes' | 'maintenance'> {
  const file = written === undefined || written === null ? null : parseRemotesFile(written);
  return file
    ? { status: 'ready', remotes: file.remotes, maintenance: file.maintenance }
    : { status: 'loading', remotes: [], maintenance: false };
}

export async function loadRemotesFile(fetchImpl: typeof fetch = fetch, boot = readBootData()): Promise<void> {
  const file =
    (boot.remotes !== undefined ? parseRemotesFile(boot.remotes) : null) ?? (await fetchRemotesFile(fetchImpl));
  if (!file) {
    useRemotesStore.setState({ status: 'unavailable', remotes: [] });
    return;
  }
  const enabled = file.remotes.filter((remote) => remote.enabled);
  preferShellUiCopies();
  registerRemotes(
    enabled.map((remote) => ({
      name: remote.scope,
      alias: remote.name,
      entry: remoteEntryUrlOf(remote.manifest, window.location.href),
    })),
  );
  const state = useRemotesStore.getState();
  // The store usually started from this same file (remotesFromPage): keeping its objects spares the
  // whole page a render right after React has taken over the gateway's markup (issue 18).
  const unchanged =
    state.status === 'ready' &&
    state.maintenance === file.maintenance &&
    JSON.stringify(state.remotes) === JSON.stringify(file.remotes);
  if (!unchanged) useRemotesStore.setState({ status: 'ready', remotes: file.remotes, maintenance: file.maintenance });
}

function parseRemotesFile(file: unknown): RemotesFile | null {
  const parsed = remotesFileSchema.safeParse(file);
  if (parsed.success) return parsed.data;
  console.error('remotes file is invalid', parsed.error.issues);
  return null;
}

async function fetchRemotesFile(fetchImpl: typeof fetch): Promise<RemotesFile | null> {
  try {
    const response = await fetchImpl(REMOTES_URL, { cache: 'no-store' });
    if (!response.ok) {
      console.error(`remotes file answered ${response.status}`);
      return null;
    }
    return parseRemotesFile(await response.json());
  } catch (error) {
    console.error('remotes file could not be read', error);
    return null;
  }
}
