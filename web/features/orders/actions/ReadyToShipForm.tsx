import { useState } from 'react';
import { Alert, Badge, Button, Group, Loader, Radio, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CourierBooking, CourierQuotesResponse } from '../../../../domain/carriers';
import { ZONE_LABELS } from '../../../../domain/zones';
import { apiJson } from '../../../api/client';
import { refreshOrders, type OrderDetail } from '../queries';
import type { ReadyToShipResponse } from '../../../../domain/orders/responses';
import { formatRupees } from '../../../../domain/money';
import { ShipDocuments } from '../ShipDocuments';
import { ShipPickup } from '../../couriers/RequestPickup';
import { EwayBillFlag } from '../EwayBillFlag';
import { formatDate } from '../format';

export type ReadyToShipFormProps = { order: OrderDetail; onDone: () => void };

const rupees = (paise: number | null) => (paise === null ? '—' : formatRupees(paise));
/** A courier's delivery estimate (a day or a moment) as the app writes dates; as given when it is not a date. */
const eddText = (edd: string) => (Number.isNaN(Date.parse(edd)) ? edd : formatDate(edd));

/**
 * READY TO SHIP with the courier choice: every courier's price (a live
 * courier's own, else its rate table's, said beside it), estimated
 * delivery date and COD for this order, the default (the preference's courier
 * order) picked, another one pickable, then confirm. Shows the booking (courier,
 * rate, AWB) or the partner's reason for refusing it. Once shipped: print the
 * label and invoice, add it to the manifest, and, when the courier is the
 * company's live account, request its pickup.
 */
export function ReadyToShipForm({ order, onDone }: ReadyToShipFormProps) {
  const queryClient = useQueryClient();
  const quotes = useQuery({
    queryKey: ['orders', 'couriers', order.id],
    queryFn: ({ signal }) => apiJson<CourierQuotesResponse>(`/api/orders/${order.id}/couriers`, { signal }).then((r) => r.data),
    retry: false,
  });
  const [picked, setPicked] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [booked, setBooked] = useState<CourierBooking | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const choice = picked ?? quotes.data?.defaultCourier ?? null;

  if (quotes.isPending) return <Stack><EwayBillFlag order={order} /><Group justify="center" p="md"><Loader size="sm" /><Text size="sm">Asking the couriers…</Text></Group></Stack>;
  if (quotes.isError) return <Stack><EwayBillFlag order={order} /><Alert color="red" title="Couriers could not be loaded">{(quotes.error as Error).message}</Alert></Stack>;

  if (booked) {
    return (
      <Stack data-testid="courier-booked">
        <Alert color="green" title="Order marked ready to ship">
          <Text size="sm">
            Booked with <b>{booked.courierName}</b>
            {booked.ratePaise !== null && <> at <b>{rupees(booked.ratePaise)}</b></>}.
          </Text>
          <Text size="sm">
            AWB <b data-testid="booked-awb">{booked.awb}</b>
          </Text>
          {booked.edd && <Text size="sm" data-testid="booked-edd">Expected delivery: {eddText(booked.edd)}</Text>}
        </Alert>
        <EwayBillFlag order={order} />
        <Text size="sm" fw={500}>Next for order {order.shopOrderId}:</Text>
        <ShipDocuments order={{ id: order.id, shopOrderId: order.shopOrderId, shipper: booked.courierName || null }} size="sm" />
        {booked.courierCode && <ShipPickup courierCode={booked.courierCode} companyId={order.companyId} warehouseId={order.warehouseId} />}
        <Group justify="flex-end"><Button variant="default" onClick={onDone}>Close</Button></Group>
      </Stack>
    );
  }

  const confirm = async () => {
    if (!choice) return;
    setBusy(true);
    setRefused(null);
    try {
      // An aggregator's price is its courier's: the booking names that courier (refused, not re-routed, if it changed).
      const via = quotes.data?.quotes.find((q) => q.code === choice)?.via;
      const r = await apiJson<ReadyToShipResponse>(
        `/api/orders/${order.id}/ready-to-ship?courier=${encodeURIComponent(choice)}${via ? `&via=${encodeURIComponent(via.id)}` : ''}`,
        { method: 'PATCH', body: {} },
      );
      const b = r.booking;
      notifications.show({ color: 'green', message: b ? `Booked with ${b.courierName} at ${rupees(b.ratePaise)}, AWB ${b.awb}` : r.message });
      setBooked(b ?? { orderId: order.id, courierCode: '', courierName: r.data.shipper ?? '', awb: r.data.trackingNumber, ratePaise: null, zone: null, edd: null, status: 'booked', reason: null, createdAt: '' });
    } catch (e) {
      setRefused((e as Error).message || 'Please try after some time.');
    } finally {
      setBusy(false);
      await refreshOrders(queryClient);
    }
  };

  const d = quotes.data;
  return (
    <Stack>
      <EwayBillFlag order={order} />
      <Text size="sm" c="dimmed">
        {d.weightG} g, {d.paymentMode.toUpperCase()}. The default courier follows your preferences; pick another one if you like.
      </Text>
      <Radio.Group value={choice ?? ''} onChange={setPicked} name="courier" label="Courier">
        <Table striped highlightOnHover verticalSpacing={6}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Courier</Table.Th>
              <Table.Th ta="right">Price</Table.Th>
              <Table.Th>Delivery by</Table.Th>
              <Table.Th>COD</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {d.quotes.map((q) => (
              <Table.Tr key={q.code} data-testid={`quote-${q.code}`} style={{ opacity: q.serviceable ? 1 : 0.6 }}>
                <Table.Td>
                  <Radio value={q.code} label={q.name} disabled={!q.serviceable} />
                  {q.code === d.defaultCourier && <Badge size="xs" ml={28} variant="light">Default</Badge>}
                  {!q.serviceable && q.reason && <Text size="xs" c="red" ml={28}>{q.reason}</Text>}
                </Table.Td>
                <Table.Td ta="right">
                  {rupees(q.ratePaise)}
                  {q.via && <Text size="xs" c="dimmed" data-testid={`quote-via-${q.code}`}>via {q.via.name}</Text>}
                  {q.rateNote && <Text size="xs" c="orange.8" maw={260} ml="auto" data-testid={`quote-note-${q.code}`}>{q.rateNote}</Text>}
                </Table.Td>
                <Table.Td>{q.edd ?? '—'}{q.zone ? <Text size="xs" c="dimmed">{ZONE_LABELS[q.zone]}</Text> : null}</Table.Td>
                <Table.Td>{q.codAvailable ? 'Yes' : 'No'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Radio.Group>
      {!d.quotes.some((q) => q.serviceable) && <Alert color="orange">No courier can take this order.</Alert>}
      {refused && <Alert color="red" title="Booking refused" data-testid="booking-refused">{refused}</Alert>}
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>Cancel</Button>
        <Button onClick={confirm} loading={busy} disabled={!choice}>Confirm and ship</Button>
      </Group>
    </Stack>
  );
}
