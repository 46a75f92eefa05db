import { createInstance, type ModuleFederation } from '@module-federation/runtime';
import { preferShellUiCopies, SHELL_ONLY } from './shell-ui-first';

// Replays, against the real federation runtime, the order of events that gave mf-account's forms
// mf-order-flow's Mantine on a busy machine: the shell registers its UI entry; mf-account starts
// loading it (the runtime renames the entry's `from` to mf_account); mf-order-flow registers the
// same version while that load is still under way and replaces the entry.

const UI = SHELL_ONLY[0];
const slowModule = (tag: string) => () =>
  new Promise<() => { tag: string }>((resolve) => setTimeout(() => resolve(() => ({ tag })), 20));
const sharedUi = (tag: string, requiredVersion = '^1.1.0') => ({
  [UI]: {
    version: '1.1.0',
    scope: 'default',
    get: slowModule(tag),
    shareConfig: { singleton: true, requiredVersion, strictVersion: true },
  },
});

async function remote(name: string, shell: ModuleFederation, requiredVersion?: string) {
  const instance = createInstance({ name, remotes: [], shared: sharedUi(name, requiredVersion) });
  instance.initShareScopeMap('default', shell.shareScopeMap.default ?? {});
  await Promise.all(instance.initializeSharing('default'));
  return instance;
}

async function tagOf(instance: ModuleFederation): Promise<string | undefined> {
  const factory = await instance.loadShare<{ tag: string }>(UI);
  return factory ? factory()?.tag : undefined;
}

/** The race: mf-account's load is under way when mf-order-flow registers. */
async function race(shell: ModuleFederation) {
  const account = await remote('mf_account', shell);
  const accountLoad = tagOf(account);
  await new Promise((resolve) => setTimeout(resolve, 5));
  const orderFlow = await remote('mf_order_flow', shell);
  return { account: await accountLoad, orderFlow: await tagOf(orderFlow), shell: await tagOf(shell) };
}

async function startShell(name: string) {
  const shell = createInstance({ name, remotes: [], shared: sharedUi('shell') });
  await Promise.all(shell.initializeSharing('default'));
  return shell;
}

it('without the plugin, the runtime hands out two copies (the failure this guards against)', async () => {
  const shell = await startShell('shell_without_plugin');
  const tags = await race(shell);
  expect(new Set(Object.values(tags)).size).toBe(2);
});

it('with the plugin, the shell and every remote get the shell’s copy', async () => {
  const shell = await startShell('shell');
  preferShellUiCopies(shell);
  expect(await race(shell)).toEqual({ account: 'shell', orderFlow: 'shell', shell: 'shell' });
});

it('a remote needing a version the shell does not have keeps the runtime’s strict refusal', async () => {
  const shell = await startShell('shell_strict');
  preferShellUiCopies(shell);
  const remoteNeedingNext = await remote('mf_next', shell, '^2.0.0');
  await expect(tagOf(remoteNeedingNext)).rejects.toThrow(/does not satisfy/);
});
