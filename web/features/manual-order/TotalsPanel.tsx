import { Alert, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { FINAL_ORDER_VALUE_NEGATIVE, type PreviewTotals } from '../../../domain/manual-order';
import { formatINR } from '../../../domain/pricing';

export type TotalsPanelProps = { preview: PreviewTotals | null; sellerState: string; buyerState: string };

/** The order's totals as the server will store them (same computeOrderTotals). */
export function TotalsPanel({ preview, sellerState, buyerState }: TotalsPanelProps) {
  if (!preview) {
    return (
      <Paper withBorder p="md">
        <Text size="sm" c="dimmed">Totals appear once the products and pricing values are valid.</Text>
      </Paper>
    );
  }
  const t = preview.totals;
  const intra = preview.regime.supply === 'intra_state';
  const row = (label: string, paise: number, testId: string, strong = false) => (
    <Group justify="space-between" key={label}>
      <Text size="sm" fw={strong ? 700 : undefined}>{label}</Text>
      <Text size="sm" fw={strong ? 700 : undefined} data-testid={testId}>{formatINR(paise)}</Text>
    </Group>
  );
  return (
    <Paper withBorder p="md" aria-label="Order totals">
      <Stack gap={6}>
        <Title order={4} size="h5">Totals</Title>
        <Text size="xs" c="dimmed">
          {intra ? 'Same state' : 'Inter-state'}: {sellerState || '—'} → {buyerState || '—'} ({intra ? 'CGST + SGST' : 'IGST'})
        </Text>
        {row(`Items (${t.totalUnits} units, GST inclusive)`, t.itemsPaise, 'total-items')}
        {row('Taxable value', t.taxablePaise, 'total-taxable')}
        {intra && row('CGST', t.cgstPaise, 'total-cgst')}
        {intra && (t.utgstPaise ? row('UTGST', t.utgstPaise, 'total-utgst') : row('SGST', t.sgstPaise, 'total-sgst'))}
        {!intra && row('IGST', t.igstPaise, 'total-igst')}
        {t.cessPaise > 0 && row('CESS', t.cessPaise, 'total-cess')}
        {row('Shipping', t.shippingPaise, 'total-shipping')}
        {t.specialDiscountPaise > 0 && row('Special discount', -t.specialDiscountPaise, 'total-discount')}
        <Divider />
        {row('Final Order Value', t.finalPaise, 'total-final', true)}
        {preview.isNegative && <Alert color="red" role="alert">{FINAL_ORDER_VALUE_NEGATIVE}</Alert>}
      </Stack>
    </Paper>
  );
}
