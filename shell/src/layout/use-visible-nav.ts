import { type NavItem, navItems } from '../remotes/remote-catalogue';
import { useRemotesStore } from '../remotes/remotes-store';

/** Navigation entries the remotes declare, of remotes that are enabled and have not failed. */
export function useVisibleNav(): NavItem[] {
  const remotes = useRemotesStore((state) => state.remotes);
  const failed = useRemotesStore((state) => state.failed);
  return navItems(remotes, (name) => remotes.some((remote) => remote.name === name && remote.enabled) && !failed[name]);
}
