// The "Ship from" pre-fill: asks the server for the allocation rule's answer
// (domain/allocation.ts) for the lines and delivery pincode being typed.
import { queryOptions } from '@tanstack/react-query';
import type { ShipFromResponse } from '../../../domain/allocation';
import { apiJson } from '../../api/client';

/** D2R still needs the warehouse chosen (spec); the others are pre-filled and may be left as suggested. */
export const d2rNeedsWarehouse = (orderType: string) => orderType === '2';

export const shipFromQuery = (companyId: string, pincode: string, state: string, city: string, items: { catalogueId: string; quantity: number | string }[]) => {
  const lines = items
    .filter((i) => i.catalogueId && Number.isInteger(Number(i.quantity)) && Number(i.quantity) > 0)
    .map((i) => `${i.catalogueId}:${Number(i.quantity)}`)
    .join(',');
  const q = new URLSearchParams({ companyId, pincode, state, city, items: lines });
  return queryOptions({
    queryKey: ['manual-order', 'ship-from', companyId, pincode, state, lines],
    queryFn: ({ signal }) => apiJson<ShipFromResponse>(`/api/orders/manual/ship-from?${q.toString()}`, { signal }).then((r) => r.data),
    enabled: !!companyId,
    staleTime: 30_000,
  });
};
