// What the return modal shows for an order: its lines to approve, the details of
// a processed return, or why there is nothing to approve.
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { approvableAs, isReturnProcessed, returnLines, type FloorOrderDoc, type ReturnInfoResponse, type ReturnRow, type ReturnType } from '../../../domain/floor';
import { apiJson } from '../../api/client';
import { readOrder } from '../../local-db/db';
import type { FloorSync } from '../../local-db/engine';
import { useLiveQuery } from '../../local-db/live';

/** A line of the return to approve: its WSIN and the units that came back (item quantity x WSIN multiplier). */
export interface ReturnLine {
  wsin: string;
  sku: string;
  productTitle: string;
  max: number;
}

export type ReturnModel =
  | { mode: 'approve'; order: FloorOrderDoc; returnType: ReturnType; lines: ReturnLine[] }
  | { mode: 'details'; order: FloorOrderDoc; rows: ReturnRow[] }
  | { mode: 'closed'; order: FloorOrderDoc };

/** The order as this device knows it, or as the server answers when it is not kept here (online only). */
export function useReturnModel(sync: FloorSync, orderId: string): { model: ReturnModel | null; loading: boolean; error: string | null } {
  const local = useLiveQuery(() => readOrder(sync.db, orderId), [sync, orderId]);
  const localDoc = local.data;
  const localUsable = localDoc && (approvableAs(localDoc) || (isReturnProcessed(localDoc.status) && localDoc.returnInfo));
  const remote = useQuery({
    queryKey: ['return-info', orderId],
    queryFn: ({ signal }) => apiJson<ReturnInfoResponse>(`/api/return-info?splitOrderId=${encodeURIComponent(orderId)}`, { signal }),
    enabled: local.ready && !localUsable,
    retry: false,
  });
  const model = useMemo((): ReturnModel | null => {
    if (localDoc && localUsable) {
      if (isReturnProcessed(localDoc.status)) return { mode: 'details', order: localDoc, rows: localDoc.returnInfo ?? [] };
      const type = approvableAs(localDoc)!;
      return { mode: 'approve', order: localDoc, returnType: type, lines: returnLines(localDoc.items, type) };
    }
    const info = remote.data?.data;
    if (!info) return null;
    if (info.processed) return { mode: 'details', order: info.order, rows: info.data };
    if (!info.approvable) return { mode: 'closed', order: info.order };
    return { mode: 'approve', order: info.order, returnType: info.returnType, lines: info.data.map((r) => ({ wsin: r.wsin, sku: r.sku, productTitle: r.productTitle, max: r.maxQuantity })) };
  }, [localDoc, localUsable, remote.data]);
  const error = remote.error ? (navigator.onLine ? (remote.error as Error).message : 'This order is not saved on this device. Connect to the network to open it.') : null;
  return { model, loading: !model && !error, error };
}
