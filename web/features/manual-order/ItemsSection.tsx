import { Button, Checkbox, Grid, Group, NumberInput, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { CatalogueItemDto } from '../../../domain/catalogue';
import { PRICING_VALUE_LABELS, type PreviewTotals } from '../../../domain/manual-order';
import { formatINR, type PricingType } from '../../../domain/pricing';
import { newItem, type ManualOrderFormValues } from './formValues';
import { RemoveRowButton } from '../../ui/forms/RemoveRowButton';

export type ItemsSectionProps = {
  form: UseFormReturnType<ManualOrderFormValues>;
  catalogue: CatalogueItemDto[];
  preview: PreviewTotals | null;
};

/** Order lines: product, quantity, free, and the per-item value of the pricing type; each line's tax split. */
export function ItemsSection({ form, catalogue, preview }: ItemsSectionProps) {
  const pricingType = Number(form.values.pricingType) as PricingType;
  const byId = new Map(catalogue.map((c) => [c.id, c]));
  const options = catalogue.map((c) => ({ value: c.id, label: `${c.productTitle} (${c.sku})` }));
  const intra = preview?.regime.supply !== 'inter_state';

  const chooseProduct = (i: number, id: string | null) => {
    form.setFieldValue(`items.${i}.catalogueId`, id ?? '');
    const c = id ? byId.get(id) : undefined;
    // Flat price starts at the catalogue price; margin and discount at the common value.
    if (c && pricingType === 3) form.setFieldValue(`items.${i}.pricingValue`, String(c.price));
    else if (pricingType === 1 || pricingType === 2) form.setFieldValue(`items.${i}.pricingValue`, form.values.commonPricingValue);
  };

  return (
    <Stack gap="xs">
      {typeof form.errors.items === 'string' && <Text c="red" size="sm" role="alert">{form.errors.items}</Text>}
      {form.values.items.map((it, i) => {
        const c = byId.get(it.catalogueId);
        const line = preview?.rows[i] ?? null;
        return (
          <Paper key={it.key} withBorder p="xs" data-testid={`order-line-${i}`}>
            <Grid gap="xs" align="flex-end">
              <Grid.Col span={{ base: 12, md: 5 }}>
                <Select
                  label="Product"
                  placeholder="Search product or SKU"
                  searchable
                  required
                  data={options}
                  nothingFoundMessage="No product found"
                  {...form.getInputProps(`items.${i}.catalogueId`)}
                  onChange={(v) => chooseProduct(i, v)}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 4, md: 2 }}>
                <NumberInput label="Quantity" required min={1} allowDecimal={false} allowNegative={false} {...form.getInputProps(`items.${i}.quantity`)} />
              </Grid.Col>
              <Grid.Col span={{ base: 8, md: 3 }}>
                {pricingType === 0 ? (
                  <TextInput label={PRICING_VALUE_LABELS[0]} value={c ? formatINR(c.pricePaise) : ''} readOnly variant="filled" />
                ) : (
                  <TextInput
                    label={PRICING_VALUE_LABELS[pricingType]}
                    inputMode="decimal"
                    required={pricingType === 2 || pricingType === 3}
                    disabled={it.isFree}
                    {...form.getInputProps(`items.${i}.pricingValue`)}
                  />
                )}
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 2 }}>
                <Group gap="xs" wrap="nowrap" justify="space-between" h={36}>
                  <Checkbox label="Free" {...form.getInputProps(`items.${i}.isFree`, { type: 'checkbox' })} />
                  <RemoveRowButton label={`Remove line ${i + 1}`} disabled={form.values.items.length === 1} onRemove={() => form.removeListItem('items', i)} />
                </Group>
              </Grid.Col>
            </Grid>
            {line && (
              <Text size="xs" c="dimmed" mt={4} data-testid={`line-tax-${i}`}>
                {formatINR(line.unitPaise)} × {line.quantity} = {formatINR(line.lineTotalPaise)} · Taxable {formatINR(line.taxablePaise)} ·{' '}
                {intra
                  ? `CGST ${formatINR(line.cgstPaise)} + ${line.utgstPaise ? `UTGST ${formatINR(line.utgstPaise)}` : `SGST ${formatINR(line.sgstPaise)}`}`
                  : `IGST ${formatINR(line.igstPaise)}`}
                {line.cessPaise ? ` · CESS ${formatINR(line.cessPaise)}` : ''}
              </Text>
            )}
          </Paper>
        );
      })}
      <Button variant="light" onClick={() => form.insertListItem('items', newItem())} w="fit-content">Add Product</Button>
    </Stack>
  );
}
