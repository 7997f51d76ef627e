import { useMemo, useState, type ReactNode } from 'react';
import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { Cluster, ClustersResponse } from '../../../domain/admin';
import { clusterMatcher, type ClusterMatcher } from '../../../domain/cluster-match';
import { apiJson } from '../../api/client';
import { useSession } from '../../auth/useSession';

const KEY = 'sd.floor.cluster';
const read = () => {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
};

/**
 * get-all-clusters (part 1 §7). Its 'clusters' root is kept on the device by the query
 * persistence (web/pwa/queryPersistence.ts), so the filter still works offline once fetched.
 */
export const allClustersQuery = { queryKey: ['clusters', 'all'], queryFn: () => apiJson<ClustersResponse>('/api/clusters').then((r) => r.cluster), staleTime: 10 * 60_000, gcTime: Infinity, retry: false };

export type ClusterFilterState = {
  /** The Select (warehouse users only; nothing for other roles). */
  element: ReactNode;
  /** True when an order (its delivery pincode) belongs to the chosen cluster (always true without a choice). */
  matches: ClusterMatcher;
  cluster: Cluster | null;
};

/**
 * The warehouse user's order filter by cluster (part 1 §6: WMS only): an
 * order matches when its delivery pincode is one of the cluster's pincodes
 * (see domain/cluster-match.ts).
 */
export function useClusterFilter(): ClusterFilterState {
  const session = useSession();
  const enabled = session.role === 'warehouse';
  const q = useQuery({ ...allClustersQuery, enabled });
  const [clusterId, setClusterId] = useState<string | null>(read);
  const cluster = (enabled && q.data?.find((c) => c.clusterId === clusterId)) || null;
  const matches = useMemo(() => clusterMatcher(cluster), [cluster]);
  const choose = (id: string | null) => {
    setClusterId(id);
    try {
      if (id) sessionStorage.setItem(KEY, id);
      else sessionStorage.removeItem(KEY);
    } catch {
      /* private mode: the choice lasts for this page only */
    }
  };
  const element = enabled ? (
    <Select
      aria-label="Cluster"
      placeholder="All clusters"
      data={(q.data ?? []).map((c) => ({ value: c.clusterId, label: c.clusterName }))}
      value={cluster ? cluster.clusterId : null}
      onChange={choose}
      clearable
      size="md"
      w={200}
      maw="100%"
      data-testid="cluster-filter"
    />
  ) : null;
  return { element, matches, cluster };
}
