import { indiaDateText } from '../../../domain/india-time';
import { Alert, Badge, Button, Divider, Drawer, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { COULD_NOT_GET_PAYMENTS, formatRupees, INVOICE_STATUS_LABELS, PAYMENT_MODE_LABELS, type InvoiceStatus } from '../../../domain/invoicing';
import { useDownloads } from '../downloads';
import { PaymentForm } from './PaymentForm';
import { OfflineGate } from '../sync/OfflineGate';
import { invoiceQuery } from './queries';

export const STATUS_COLOURS: Record<InvoiceStatus, string> = { UNPAID: 'red', PARTIALLY_PAID: 'yellow', PAID: 'green' };

export type InvoiceSliderProps = { invoiceId: string | undefined; canCapture: boolean; onClose: () => void };

const date = (iso: string) => indiaDateText(iso);

/** One invoice: amounts, payments received, the balance, and the form to record a payment. */
export function InvoiceSlider({ invoiceId, canCapture, onClose }: InvoiceSliderProps) {
  const queryClient = useQueryClient();
  const q = useQuery(invoiceQuery(invoiceId ?? ''));
  const d = useDownloads();
  const inv = q.data?.invoice;
  const payments = q.data?.payments ?? [];
  return (
    <Drawer opened={!!invoiceId} onClose={onClose} position="right" size="lg" title={inv ? `Invoice ${inv.invoiceNumber}` : 'Invoice'}>
      {q.isPending && <Loader aria-label="Loading invoice" />}
      {q.isError && !q.data && <Alert color="red">{COULD_NOT_GET_PAYMENTS}</Alert>}
      {inv && (
        <Stack>
          <Group justify="space-between">
            <Badge color={STATUS_COLOURS[inv.status]} size="lg" variant="light" data-testid="invoice-status">
              {INVOICE_STATUS_LABELS[inv.status]}
            </Badge>
            <OfflineGate>
              <Button size="xs" variant="default" onClick={() => void d.downloadInvoices([inv.orderId])}>Download PDF</Button>
            </OfflineGate>
          </Group>
          <Table variant="vertical" withTableBorder>
            <Table.Tbody>
              <Table.Tr><Table.Th w={160}>Order</Table.Th><Table.Td>{inv.shopOrderId}</Table.Td></Table.Tr>
              <Table.Tr><Table.Th>Type</Table.Th><Table.Td>{inv.kind}</Table.Td></Table.Tr>
              <Table.Tr><Table.Th>Buyer</Table.Th><Table.Td>{inv.buyerName}{inv.buyerGstin ? ` (GSTIN ${inv.buyerGstin})` : ''}</Table.Td></Table.Tr>
              <Table.Tr><Table.Th>Issued</Table.Th><Table.Td>{date(inv.issuedAt)}</Table.Td></Table.Tr>
              <Table.Tr><Table.Th>Amount</Table.Th><Table.Td>{formatRupees(inv.amountPaise)}</Table.Td></Table.Tr>
              <Table.Tr><Table.Th>Received</Table.Th><Table.Td>{formatRupees(inv.paidPaise)}</Table.Td></Table.Tr>
              <Table.Tr><Table.Th>Balance due</Table.Th><Table.Td fw={700} data-testid="invoice-balance">{formatRupees(inv.balancePaise)}</Table.Td></Table.Tr>
            </Table.Tbody>
          </Table>
          <Title order={4}>Payments</Title>
          {payments.length === 0 ? (
            <Text c="dimmed" size="sm">No payment recorded yet.</Text>
          ) : (
            <Table striped aria-label="Payments">
              <Table.Thead>
                <Table.Tr><Table.Th>Date</Table.Th><Table.Th>Mode</Table.Th><Table.Th>Reference</Table.Th><Table.Th ta="right">Amount</Table.Th><Table.Th>By</Table.Th></Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {payments.map((p) => (
                  <Table.Tr key={p.id}>
                    <Table.Td>{date(p.paidOn)}</Table.Td>
                    <Table.Td>{PAYMENT_MODE_LABELS[p.mode]}</Table.Td>
                    <Table.Td>{p.reference ?? ''}</Table.Td>
                    <Table.Td ta="right">{formatRupees(p.amountPaise)}</Table.Td>
                    <Table.Td>{p.actorName ?? ''}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          {canCapture && inv.balancePaise > 0 && (
            <>
              <Divider label="Record a payment" labelPosition="left" />
              <OfflineGate>
                <PaymentForm
                  key={`${inv.id}-${inv.paidPaise}`}
                  invoice={inv}
                  onRecorded={() => void queryClient.invalidateQueries({ queryKey: ['billing'] })}
                />
              </OfflineGate>
            </>
          )}
        </Stack>
      )}
    </Drawer>
  );
}
