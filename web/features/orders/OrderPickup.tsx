// The order panel's pickup request: for an order waiting to be collected (READY TO SHIP) whose booking went to
// the company's live courier account, the same "Request pickup" as the dialog that shipped it.
import { useQuery } from '@tanstack/react-query';
import type { CourierBookingResponse } from '../../../domain/carriers';
import { apiJson } from '../../api/client';
import { ShipPickup } from '../couriers/RequestPickup';
import type { OrderDetail } from './queries';

export function OrderPickup({ order }: { order: Pick<OrderDetail, 'id' | 'status' | 'companyId' | 'warehouseId' | 'trackingNumber'> }) {
  const waiting = order.status === 'READY_TO_SHIP' && !!order.trackingNumber;
  const booking = useQuery({
    queryKey: ['orders', 'courier-booking', order.id],
    queryFn: ({ signal }) => apiJson<CourierBookingResponse>(`/api/orders/${order.id}/courier-booking`, { signal }).then((r) => r.data),
    enabled: waiting,
    retry: false,
  });
  const b = booking.data;
  if (!waiting || !b || b.status !== 'booked' || b.awb !== order.trackingNumber) return null;
  return <ShipPickup courierCode={b.courierCode} companyId={order.companyId} warehouseId={order.warehouseId} size="xs" />;
}
