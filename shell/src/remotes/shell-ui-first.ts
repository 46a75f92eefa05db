import {
  getInstance,
  type ModuleFederation,
  type ModuleFederationRuntimePlugin,
  registerGlobalPlugins,
  satisfy,
} from '@module-federation/enhanced/runtime';

/** Shared entries that render inside the shell's MantineProvider: only the shell's copy will do. */
export const SHELL_ONLY = [
  '@portal/shared-contracts/ui',
  '@portal/shared-contracts/ui/overlays',
  '@portal/shared-contracts/ui/forms',
  '@portal/shared-contracts/ui/table',
  '@portal/shared-contracts/ui/dropzone',
] as const;

type ShareScopeMap = ModuleFederation['shareScopeMap'];
type SharedEntry = ShareScopeMap[string][string][string];

const PLUGIN_NAME = 'portal-shell-ui-first';

/**
 * A remote's own copy of a UI entry carries its own Mantine, outside the shell's MantineProvider,
 * and the federation runtime treats two copies of one version as equal. Which copy it hands out
 * then depends on timing: a remote that loads the shell's copy renames the entry's `from` to
 * itself, and while that copy is still loading, the next remote to register the same version
 * replaces it when its name sorts later (runtime-core `initializeSharing`). On a busy machine
 * mf-order-flow's copy replaced the shell's and mf-account's forms failed with "MantineProvider
 * was not found" (`shell-ui-first.test.ts` replays that order against the real runtime).
 *
 * So the shell remembers its own entries when it starts, before any remote registers, and this
 * plugin hands them out to every consumer whose range they satisfy. It is registered globally,
 * because each remote resolves its shares in its own federation instance. Remotes keep their own
 * copies as fallbacks: embeds on other sites (no shell there) use them.
 */
export function shellUiFirstPlugin(shellCopies: ReadonlyMap<string, SharedEntry>): ModuleFederationRuntimePlugin {
  return {
    name: PLUGIN_NAME,
    resolveShare(args) {
      const shellCopy = shellCopies.get(args.pkgName);
      const needed = args.shareInfo.shareConfig?.requiredVersion;
      const satisfies = typeof needed !== 'string' || satisfy(shellCopy?.version ?? '', needed);
      // A range the shell cannot meet keeps the runtime's own answer (and its strictVersion error).
      if (shellCopy && satisfies) args.resolver = () => ({ shared: shellCopy, useTreesShaking: false });
      return args;
    },
  };
}

/** The shell's own entries for the UI packages, as its federation instance registered them. */
export function shellCopiesOf(shell: ModuleFederation): Map<string, SharedEntry> {
  const packages = shell.shareScopeMap.default ?? {};
  const copies = new Map<string, SharedEntry>();
  for (const pkgName of SHELL_ONLY) {
    const own = Object.values(packages[pkgName] ?? {}).find((entry) => entry.from === shell.name);
    if (own) copies.set(pkgName, own);
  }
  return copies;
}

/** Called once at start, before the remotes are registered. */
export function preferShellUiCopies(shell: ModuleFederation | null = getInstance()): void {
  if (!shell) return;
  const plugin = shellUiFirstPlugin(shellCopiesOf(shell));
  registerGlobalPlugins([plugin]);
  shell.registerPlugins([plugin]);
}
