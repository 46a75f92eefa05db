// Stands in for `@module-federation/enhanced/runtime` in the first screen's server build
// (build-preset/preset.mjs aliases it): the shell's modules import it, but remotes are registered
// and loaded in the browser only (a remote's area renders its placeholder on the server:
// browser/BrowserOnly.tsx), so none of these is called there. Only the names the shell imports.

function browserOnly(): never {
  throw new Error('Module Federation runs in the browser only');
}

export const loadRemote = browserOnly;
export const registerRemotes = browserOnly;
export const getInstance = browserOnly;
export const registerGlobalPlugins = browserOnly;
export const satisfy = browserOnly;
