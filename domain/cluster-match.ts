// The warehouse floor's order filter by cluster (part 1 §6):
// an order belongs to a cluster when its delivery pincode is one of the
// cluster's pincodes. Floor documents cached before they carried the pincode
// fall back to the delivery city (the cluster's city or a district of one of
// its pincodes) until the next pull replaces them.
import type { Cluster } from './admin';

export type ClusterMatcher = (order: { pincode?: string | null; city?: string | null }) => boolean;

export function clusterMatcher(cluster: Pick<Cluster, 'clusterPincode' | 'cities'> | null | undefined): ClusterMatcher {
  if (!cluster) return () => true;
  const pincodes = new Set(cluster.clusterPincode.map((p) => p.trim()));
  const cities = new Set(cluster.cities.map((c) => c.trim().toLowerCase()));
  return (order) => {
    const pincode = order.pincode?.trim();
    if (pincode) return pincodes.has(pincode);
    return cities.has((order.city ?? '').trim().toLowerCase());
  };
}
