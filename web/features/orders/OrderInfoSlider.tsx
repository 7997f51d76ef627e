import { Alert, Anchor, Badge, Divider, Drawer, Grid, Group, Loader, SimpleGrid, Stack, Table, Text, Timeline, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { ORDER_LOAD_FAILED } from '../../../domain/orders/texts';
import { ShippingAdjustments } from '../bulk/ShippingAdjustments';
import { EwayBillFlag } from './EwayBillFlag';
import { OrderActions } from './OrderActions';
import { formatDateTime, formatINR, ORDER_TYPE_LABELS, PAYMENT_LABELS, statusColour, statusLabel } from './format';
import { orderDetailQuery, type OrderDetail } from './queries';

export type OrderInfoSliderProps = { orderId: string | null; onClose: () => void; onOpenProduct: (catalogueId: string) => void };

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">{label}</Text>
      <Text size="sm">{children || '—'}</Text>
    </div>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Stack gap={6}>
      <Title order={3} size="h5">{title}</Title>
      {children}
    </Stack>
  );
}

/** A section of labelled values, two a row. */
function FieldSection({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Section title={title}>
      <SimpleGrid cols={2} spacing="xs">
        {children}
      </SimpleGrid>
    </Section>
  );
}

function OrderBody({ o, onOpenProduct }: { o: OrderDetail; onOpenProduct: (id: string) => void }) {
  const a = o.customerAddress;
  return (
    <Stack gap="md" data-testid="order-info">
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          <Group gap="xs">
            <Badge color={statusColour(o.status)} size="lg" variant="light" data-testid="order-info-status">{statusLabel(o.status)}</Badge>
            {o.orderType > 0 && <Badge variant="outline">{ORDER_TYPE_LABELS[o.orderType]}</Badge>}
            <Badge variant="outline" color="gray">{o.shopType}</Badge>
          </Group>
          <Text size="xs" c="dimmed">Placed {formatDateTime(o.createdAt)} · {o.companyName}</Text>
        </Stack>
      </Group>
      <EwayBillFlag order={o} />
      <OrderActions order={o} />
      <Divider />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Section title="Customer">
          <Text size="sm" fw={500}>{[a.firstName, a.lastName].filter(Boolean).join(' ')}</Text>
          <Text size="sm">{o.shippingPhone}{o.shippingEmail ? ` · ${o.shippingEmail}` : ''}</Text>
          <Text size="sm">{[a.address1, a.address2].filter(Boolean).join(', ')}</Text>
          <Text size="sm">{o.shipping.city}, {o.shipping.state} {o.shipping.pincode}</Text>
        </Section>
        <FieldSection title="Payment">
          <Field label="Mode">{PAYMENT_LABELS[o.paymentMode] ?? o.paymentMode}</Field>
          <Field label="Order value">{formatINR(o.totalPaise)}</Field>
          <Field label="Shipping">{formatINR(o.shippingPaise)}</Field>
          {o.paymentMode === 'cod' && <Field label="COD amount">{formatINR(o.codPaise)}</Field>}
          {o.remittanceStatus && (
            <Field label="COD remittance">
              <Badge size="sm" variant="light" color={o.remittanceStatus.status === 'PAID' ? 'green' : o.remittanceStatus.status === 'DUE' ? 'orange' : 'blue'} data-testid="cod-remittance">
                {o.remittanceStatus.status}
              </Badge>
            </Field>
          )}
          {o.d2rDueDate && <Field label="Credit due">{o.d2rDueDate}</Field>}
        </FieldSection>
        <FieldSection title="Shipping">
          <Field label="Courier">{o.shipper}</Field>
          <Field label="AWB">{o.trackingNumber}</Field>
          {o.returnAwb && <Field label="Return AWB">{o.returnAwb}</Field>}
          <Field label="Package">{o.shippingPackageName ?? o.shippingPackageCode}</Field>
          <Field label="Weight">{`${o.weightG} g`}</Field>
          <Field label="Dimensions">{`${o.dimensions.length} × ${o.dimensions.breadth} × ${o.dimensions.height} cm`}</Field>
          {o.parcel && (
            <>
              <Field label="Weighed at packing">
                <span data-testid="parcel-weight">{`${o.parcel.weightG} g in ${o.parcel.packageCode ? `${o.parcel.packageCode}, ` : ''}${o.parcel.lengthCm} × ${o.parcel.breadthCm} × ${o.parcel.heightCm} cm`}</span>
              </Field>
              <Field label="Volumetric weight">{`${o.parcel.volumetricWeightG} g`}</Field>
              <Field label="Chargeable weight">
                <span data-testid="parcel-chargeable">{`${o.parcel.chargeableWeightG} g`}</span>
              </Field>
            </>
          )}
        </FieldSection>
        <FieldSection title="Details">
          <Field label="Invoice">{o.invoiceNumber}</Field>
          <Field label="E-way bill">{o.ewayBill && o.ewayBillValidTill ? `${o.ewayBill}, valid till ${formatDateTime(o.ewayBillValidTill)}` : o.ewayBill}</Field>
          <Field label="PO number">{o.purchaseOrderNumber}</Field>
          {o.beat && <Field label="Beat">{o.beat.name ?? o.beat.id}</Field>}
          <Field label="Inventory">{o.inventoryBlocked ? 'Blocked for this order' : 'Not blocked'}</Field>
          {o.remarks && <Field label="Remarks">{o.remarks}</Field>}
          {o.cancelReason && <Field label="Cancel reason">{o.cancelReason}</Field>}
        </FieldSection>
      </SimpleGrid>
      <Section title="Items">
        <Table fz="sm" verticalSpacing={4} withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Product</Table.Th>
              <Table.Th>SKU</Table.Th>
              <Table.Th ta="right">Qty</Table.Th>
              <Table.Th ta="right">Price</Table.Th>
              {o.items.some((i) => i.returnQuantity > 0) && <Table.Th ta="right">Return</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {o.items.map((i) => (
              <Table.Tr key={i.id}>
                <Table.Td>
                  {i.catalogueId ? (
                    <Anchor component="button" type="button" fz="sm" onClick={() => onOpenProduct(i.catalogueId!)}>{i.title}</Anchor>
                  ) : (
                    i.title
                  )}
                </Table.Td>
                <Table.Td>{i.sku}</Table.Td>
                <Table.Td ta="right">{i.quantity}</Table.Td>
                <Table.Td ta="right">{formatINR(i.finalPricePaise)}</Table.Td>
                {o.items.some((x) => x.returnQuantity > 0) && <Table.Td ta="right">{i.returnQuantity}</Table.Td>}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Section>
      {(o.creditDebitNotes.length > 0 || o.actions.includes('generateCreditNote')) && (
        <Section title="Credit notes">
          {o.creditDebitNotes.length === 0 ? (
            <Text size="sm" c="dimmed">No credit notes yet.</Text>
          ) : (
            <Table fz="sm" verticalSpacing={4} data-testid="credit-notes">
              <Table.Tbody>
                {o.creditDebitNotes.map((n) => (
                  <Table.Tr key={n.id}>
                    <Table.Td>{n.number}</Table.Td>
                    <Table.Td>{formatINR(n.amountPaise)}</Table.Td>
                    <Table.Td>{n.reason}</Table.Td>
                    <Table.Td c="dimmed">{n.actorName} · {formatDateTime(n.createdAt)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Section>
      )}
      <ShippingAdjustments orderId={o.id} />
      <Section title="Timeline">
        <Timeline bulletSize={12} lineWidth={2} active={o.trails.length} data-testid="order-timeline">
          {[...o.trails].reverse().map((t) => (
            <Timeline.Item key={t.id} title={<Text size="sm" fw={500}>{statusLabel(t.status)}</Text>}>
              <Text size="sm">{t.description}</Text>
              <Text size="xs" c="dimmed">
                {formatDateTime(t.createdAt)}
                {t.city ? ` · ${t.city}` : ''}
                {t.actorName ? ` · ${t.actorName}` : ''}
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      </Section>
    </Stack>
  );
}

/** The order-info slider: one order, what can be done with it now, and its history. */
export function OrderInfoSlider({ orderId, onClose, onOpenProduct }: OrderInfoSliderProps) {
  const q = useQuery(orderDetailQuery(orderId ?? ''));
  const narrow = useMediaQuery('(max-width: 48em)');
  return (
    <Drawer
      opened={!!orderId}
      onClose={onClose}
      position="right"
      size={narrow ? '100%' : 'xl'}
      title={<Text fw={700}>{q.data ? `Order ${q.data.shopOrderId}` : 'Order'}</Text>}
      closeButtonProps={{ 'aria-label': 'Close order' }}
      data-testid="order-slider"
    >
      {q.isPending && orderId && <Loader aria-label="Loading order" />}
      {q.isError && <Alert color="red" role="alert">{ORDER_LOAD_FAILED}</Alert>}
      {q.data && <Grid><Grid.Col span={12}><OrderBody o={q.data} onOpenProduct={onOpenProduct} /></Grid.Col></Grid>}
    </Drawer>
  );
}
