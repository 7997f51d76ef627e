import { Fragment, useMemo, useState } from 'react';
import { Alert, Button, Grid, Group, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { INVOICING_SAVED, invoiceNumberOf, invoiceProfileSchema } from '../../../domain/invoicing';
import { LOGO_DIMENSIONS, LOGO_MAX_HEIGHT, LOGO_MAX_WIDTH } from '../../../domain/tracking-rules';
import { apiJson, fieldErrors } from '../../api/client';
import { stackedRowsClass, useStackedRows } from '../../ui/DataTable';
import { addressFields } from '../../ui/forms/addressFields';
import { FieldGrid, type GridFieldEntry } from '../../ui/forms/FieldGrid';
import { useServerValues } from '../../ui/forms/useServerValues';
import { zodValidate } from '../../ui/zodForm';
import { ImageUploadField } from './ImageUploadField';
import { billingKeys, type InvoicingResponse } from './queries';
import type { InvoicingSavedResponse } from '../../../domain/invoicing';

type Series = { invoicePrefix: string; b2bInvoicePrefix: string };
type Indexes = { b2cIndex: string; b2bIndex: string };

export type InvoicingFormValues = {
  registeredName: string;
  brandName: string;
  invoicingAddress: { line1: string; line2: string; city: string; state: string; pincode: string };
  logo: string;
  signature: string;
  sgstPercentage: string;
  cgstPercentage: string;
  igstPercentage: string;
  utgstPercentage: string;
  warehouseInvoiceSeries: Record<string, Series>;
  invoiceIndexes: Record<string, Indexes>;
};

/** The two invoice series of a warehouse: their column names, and where their prefix and last number are kept. */
const SERIES = [
  { kind: 'B2C', prefix: 'invoicePrefix', index: 'b2cIndex' },
  { kind: 'B2B', prefix: 'b2bInvoicePrefix', index: 'b2bIndex' },
] as const satisfies readonly { kind: string; prefix: keyof Series; index: keyof Indexes }[];

const COMPANY_FIELDS: GridFieldEntry[] = [
  { path: 'registeredName', label: 'Registered Company Name' },
  { path: 'brandName', label: 'Brand Name', props: { description: 'Used as the sender name of e-mails' } },
];
const ADDRESS_FIELDS = addressFields('invoicingAddress', { placeSpan: { base: 12, sm: 4 } });
const TAX_SPAN = { base: 6, sm: 3 };
const TAX_FIELDS: GridFieldEntry[] = (['sgst', 'cgst', 'igst'] as const).map((t) => ({
  path: `${t}Percentage`,
  label: `${t.toUpperCase()} (%)`,
  span: TAX_SPAN,
  props: { inputMode: 'decimal' },
}));
const utgstField = (sgst: string): GridFieldEntry => ({
  path: 'utgstPercentage',
  label: 'UTGST (%)',
  required: false,
  span: TAX_SPAN,
  props: { inputMode: 'decimal', description: 'Defaults to SGST', placeholder: sgst },
});

const text = (v: unknown) => (v == null ? '' : String(v));

export function invoicingFormValues(data: InvoicingResponse): InvoicingFormValues {
  const p = data.userProfileDataObject;
  const a = p?.invoicingAddress ?? data.company.address;
  return {
    registeredName: p?.registeredName ?? data.company.name,
    brandName: p?.brandName ?? '',
    invoicingAddress: { line1: text(a.line1), line2: text(a.line2), city: text(a.city), state: text(a.state), pincode: text(a.pincode) },
    logo: p?.logo ?? '',
    signature: p?.signature ?? '',
    sgstPercentage: text(p?.sgstPercentage),
    cgstPercentage: text(p?.cgstPercentage),
    igstPercentage: text(p?.igstPercentage),
    utgstPercentage: p && p.utgstPercentage !== p.sgstPercentage ? text(p.utgstPercentage) : '',
    warehouseInvoiceSeries: Object.fromEntries(data.warehouses.map((w) => [w.id, { invoicePrefix: w.invoicePrefix, b2bInvoicePrefix: w.b2bInvoicePrefix }])),
    invoiceIndexes: Object.fromEntries(data.warehouses.map((w) => [w.id, { b2cIndex: String(w.indexes.b2cIndex), b2bIndex: String(w.indexes.b2bIndex) }])),
  };
}

export type InvoicingFormProps = { data: InvoicingResponse; companyId?: string };

/** Settings > Invoicing (spec part 2 §2, §3, §5): what every tax invoice prints, and the invoice series per warehouse. */
export function InvoicingForm({ data, companyId }: InvoicingFormProps) {
  const queryClient = useQueryClient();
  const values = useMemo(() => invoicingFormValues(data), [data]);
  const form = useForm<InvoicingFormValues>({ initialValues: values, validate: zodValidate(invoiceProfileSchema) });
  // On a phone each warehouse's series stack into a card instead of a table that scrolls sideways.
  const stacked = useStackedRows();
  const [logoUrl, setLogoUrl] = useState<string | null>(data.userProfileDataObject?.logoUrl ?? null);
  const [signatureUrl, setSignatureUrl] = useState<string | null>(data.userProfileDataObject?.signatureUrl ?? null);
  const { discard } = useServerValues(form, values, () => {
    setLogoUrl(data.userProfileDataObject?.logoUrl ?? null);
    setSignatureUrl(data.userProfileDataObject?.signatureUrl ?? null);
  });
  const field = (path: string) => form.getInputProps(path);

  const submit = form.onSubmit(async (values) => {
    try {
      const r = await apiJson<InvoicingSavedResponse>('/api/ums/invoices', { method: 'POST', body: { ...values, companyId } });
      notifications.show({ color: 'green', message: r.message ?? INVOICING_SAVED });
      form.resetDirty();
      await queryClient.invalidateQueries({ queryKey: billingKeys.invoicing(companyId ?? 'own') });
    } catch (e) {
      form.setErrors(fieldErrors(e));
      notifications.show({ color: 'red', title: 'Error', message: (e as Error).message });
    }
  });

  return (
    <Paper component="form" onSubmit={submit} withBorder p="md" noValidate aria-label="Invoicing settings">
      <Stack gap="lg">
        {form.isDirty() && <Alert color="yellow" variant="light">You have unsaved changes.</Alert>}
        <Stack gap="xs">
          <Title order={3} size="h4">Company</Title>
          <FieldGrid form={form} fields={COMPANY_FIELDS}>
            <Grid.Col span={12}>
              <Text size="sm" c="dimmed">GSTIN printed on invoices: <b>{data.company.gstin}</b> (from the company profile)</Text>
            </Grid.Col>
          </FieldGrid>
        </Stack>

        <Stack gap="xs">
          <Title order={3} size="h4">Registered address</Title>
          <FieldGrid form={form} fields={ADDRESS_FIELDS} />
        </Stack>

        <Group align="flex-start" gap="xl">
          <ImageUploadField
            label="Logo"
            purpose="logo"
            url={logoUrl}
            companyId={companyId}
            hint={`JPG, PNG or WebP, at most ${LOGO_MAX_WIDTH} x ${LOGO_MAX_HEIGHT} pixels`}
            maxSize={{ width: LOGO_MAX_WIDTH, height: LOGO_MAX_HEIGHT, message: LOGO_DIMENSIONS }}
            error={form.errors.logo}
            onUploaded={(u) => {
              form.setFieldValue('logo', u.key);
              setLogoUrl(u.url);
            }}
          />
          <ImageUploadField
            label="Signature"
            purpose="signature"
            url={signatureUrl}
            companyId={companyId}
            hint="JPG, PNG or WebP; printed above 'Authorised Signatory'"
            error={form.errors.signature}
            onUploaded={(u) => {
              form.setFieldValue('signature', u.key);
              setSignatureUrl(u.url);
            }}
          />
        </Group>

        <Stack gap="xs">
          <Title order={3} size="h4">Tax percentages</Title>
          <Text size="sm" c="dimmed">Used for items whose catalogue entry has no GST rates.</Text>
          <FieldGrid form={form} fields={[...TAX_FIELDS, utgstField(form.values.sgstPercentage)]} />
        </Stack>

        <Stack gap="xs">
          <Title order={3} size="h4">Invoice series per warehouse</Title>
          <Text size="sm" c="dimmed">
            Each invoice number is the series followed by the next number. The last number can be raised to continue an existing series, never lowered.
          </Text>
          {data.warehouses.length === 0 ? (
            <Alert color="gray">Your company is not linked to any warehouse yet.</Alert>
          ) : (
            <Table.ScrollContainer minWidth={stacked ? 0 : 720}>
              <Table verticalSpacing="xs" aria-label="Invoice series" className={stacked ? stackedRowsClass : undefined}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Warehouse</Table.Th>
                    {SERIES.map(({ kind }) => (
                      <Fragment key={kind}>
                        <Table.Th>{kind} series</Table.Th>
                        <Table.Th>{kind} last number</Table.Th>
                      </Fragment>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.warehouses.map((w) => {
                    const s = form.values.warehouseInvoiceSeries[w.id];
                    const i = form.values.invoiceIndexes[w.id];
                    const next = (prefix: string, last: string) => (/^\d+$/.test(last) && prefix ? `Next: ${invoiceNumberOf(prefix, Number(last) + 1)}` : undefined);
                    return (
                      <Table.Tr key={w.id}>
                        <Table.Td data-wide>
                          <Text size="sm" fw={500}>{w.profile.name}</Text>
                          <Text size="xs" c="dimmed">{w.warehouseId}</Text>
                        </Table.Td>
                        {SERIES.map(({ kind, prefix, index }) => (
                          <Fragment key={kind}>
                            <Table.Td data-label={`${kind} series`}>
                              <TextInput aria-label={`${kind} series for ${w.warehouseId}`} description={next(s[prefix], i[index])} {...field(`warehouseInvoiceSeries.${w.id}.${prefix}`)} />
                            </Table.Td>
                            <Table.Td data-label={`${kind} last number`}>
                              <TextInput aria-label={`${kind} last number for ${w.warehouseId}`} inputMode="numeric" w={stacked ? undefined : 110} {...field(`invoiceIndexes.${w.id}.${index}`)} />
                            </Table.Td>
                          </Fragment>
                        ))}
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Stack>

        <Group justify="flex-end">
          <Button
            variant="default"
            disabled={!form.isDirty()}
            onClick={discard}
          >
            Discard
          </Button>
          <Button type="submit" loading={form.submitting}>Save</Button>
        </Group>
      </Stack>
    </Paper>
  );
}
