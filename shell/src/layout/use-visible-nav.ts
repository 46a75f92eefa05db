import { useRemotesStore } from '../remotes/remotes-store';
import { NAV_ITEMS, type NavItem } from '../routes/route-table';

/** Navigation entries whose remote is enabled and has not failed. */
export function useVisibleNav(): NavItem[] {
  const remotes = useRemotesStore((state) => state.remotes);
  const failed = useRemotesStore((state) => state.failed);
  return NAV_ITEMS.filter(
    (item) =>
      item.owner === 'shell' ||
      (remotes.some((remote) => remote.name === item.owner && remote.enabled) && !failed[item.owner]),
  );
}
