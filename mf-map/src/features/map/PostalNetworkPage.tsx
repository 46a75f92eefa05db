import { NetworkExplorer } from '../../shared/network';

/** `/postal-network` (SPEC §2): the whole network on a map. Loaded lazily by ./App. */
export default function PostalNetworkPage() {
  return <NetworkExplorer />;
}
