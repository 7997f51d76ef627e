import { useEffect, useMemo, useRef } from 'react';
import {
  Alert, Button, Checkbox, Fieldset, Grid, Group, Loader, SegmentedControl, Select, Stack, Text, TextInput, Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import {
  B2B_PROMPT, BACKDATE_HINT, BACKDATE_MAX_DAYS, COMPANY_REQUIRED, editedAs, FINAL_ORDER_VALUE_NEGATIVE, manualOrderSchema, ORDER_CREATED, ORDER_ID_MAX_LENGTH, ORDER_TYPE_LABELS,
  d2rPricingStore, previewTotals, shouldOfferB2B, withStoreDiscounts, type ManualOrderCreatedResponse, type PricedCatalogueItem,
} from '../../../domain/manual-order';
import { ORDER_LOAD_FAILED } from '../../../domain/orders/texts';
import { PRICING_TYPE_LABELS } from '../../../domain/pricing';
import { SHIP_FROM_LABEL } from '../../../domain/allocation';
import { addIndiaDays, indiaToday } from '../../../domain/india-time';
import { shipFromQuery } from './shipFrom';
import { storeAsShippingAddress } from '../../../domain/retailers';
import { apiJson, fieldErrors } from '../../api/client';
import type { Session } from '../../auth/session';
import { useSession } from '../../auth/useSession';
import { zodValidate } from '../../ui/zodForm';
import { AddressFields } from './AddressFields';
import { emptyAddress, initialValues, newItem, toPayload, type ManualOrderFormValues, type StoreValues } from './formValues';
import { ItemsSection } from './ItemsSection';
import { orderCatalogueQuery, orderIdProblem, prefillQuery, storeDiscountsQuery, suggestedOrderIdQuery, warehousesQuery, type OrderPrefill } from './queries';
import { DayInput } from '../../ui/DayInput';
import { SalesmanField } from './SalesmanField';
import { StoreAddressSection } from './StoreAddressSection';
import { TotalsPanel } from './TotalsPanel';
import { BeatField } from '../bulk/BeatField';

export type ManualOrderSearch = {
  cloneFrom?: string;
  mode?: 'clone' | 'edit';
  isRetailerOrder?: boolean;
  storeAddressId?: string;
  shippingAddress?: Record<string, unknown>;
};

const PAYMENT_METHODS = [
  { value: 'cod', label: 'COD' },
  { value: 'prepaid', label: 'Prepaid' },
  { value: 'credit', label: 'Credit' },
];

/** /orders/new: a new order, a clone, a Clone & Edit, or a retailer order. */
export function ManualOrderPage({ search }: { search: ManualOrderSearch }) {
  const prefill = useQuery(prefillQuery(search.cloneFrom ?? ''));
  if (search.cloneFrom && prefill.isPending) return <Loader aria-label="Loading order" />;
  if (search.cloneFrom && prefill.isError) {
    return <Alert color="red" title="Server Error">{ORDER_LOAD_FAILED}</Alert>;
  }
  return <ManualOrderForm key={search.cloneFrom ?? 'new'} search={search} prefill={prefill.data} />;
}

function scopeCompanies(s: Session) {
  if (s.role === 'warehouse') return s.companyData.filter((c) => s.selectedCompanyIds.includes(c.id));
  if (s.role === 'seller') return s.companyData.filter((c) => c.id === s.companyId);
  return s.companyData;
}

/** The company the form starts with: the seller's own, or the only one in scope ('' when the user must choose). */
function startCompanyOf(s: Session) {
  const companies = scopeCompanies(s);
  return s.role === 'seller' ? (s.companyId ?? '') : companies.length === 1 ? companies[0].id : '';
}

/** What the form reads first (its route loader prefetches them): the order cloned, the start company's catalogue and warehouses. */
export function manualOrderQueries(s: Session, search: ManualOrderSearch) {
  const companyId = startCompanyOf(s);
  return [prefillQuery(search.cloneFrom ?? ''), orderCatalogueQuery(companyId), warehousesQuery(companyId)];
}

function ManualOrderForm({ search, prefill }: { search: ManualOrderSearch; prefill?: OrderPrefill }) {
  const session = useSession();
  const navigate = useNavigate();
  const companies = scopeCompanies(session);
  const chooseCompany = session.role !== 'seller';
  const startCompany = startCompanyOf(session);
  const clone = search.cloneFrom ? { cloneFrom: search.cloneFrom, mode: search.mode ?? 'clone' } : undefined;
  const retailer = search.isRetailerOrder ? { storeAddressId: search.storeAddressId, shippingAddress: search.shippingAddress } : undefined;

  const form = useForm<ManualOrderFormValues>({
    initialValues: initialValues({
      companyId: startCompany,
      isD2RAccount: !!companies.find((c) => c.id === (prefill?.companyId ?? startCompany))?.isD2R,
      prefill,
      retailer,
    }),
    validate: (v) => {
      const errors = zodValidate(manualOrderSchema)(toPayload(v, clone));
      if (chooseCompany && !v.companyId) errors.companyId = COMPANY_REQUIRED;
      return errors;
    },
  });
  const v = form.values;
  const companyId = v.companyId;
  const catalogue = useQuery(orderCatalogueQuery(companyId));
  const warehouses = useQuery(warehousesQuery(companyId));
  const isD2R = v.orderType === '2';
  const warehouse = warehouses.data?.warehouses.find((w) => w.id === v.whId);
  // GST follows the ship-from warehouse's state, the same rule the server applies.
  const sellerState = warehouse?.state || warehouses.data?.companyState || '';
  const isB2B = v.orderType === '1';

  // "Ship from": pre-filled by the allocation rule (nearest warehouse holding stock, else the default) until the seller picks one.
  const suggestion = useQuery(shipFromQuery(companyId, v.shippingAddress.zip, v.shippingAddress.state, v.shippingAddress.city, v.items));
  const pickedByHand = useRef(!!prefill?.whId);
  useEffect(() => {
    const id = suggestion.data?.warehouseId;
    if (id && !pickedByHand.current && form.getValues().whId !== id) form.setFieldValue('whId', id);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [suggestion.data?.warehouseId]);

  // The order id starts as a free id of today (editable); a typed one is checked against the company's orders when the field is left.
  const suggestedId = useQuery({ ...suggestedOrderIdQuery(companyId), enabled: !!companyId && !v.id });
  useEffect(() => {
    if (suggestedId.data && !form.getValues().id) form.setFieldValue('id', suggestedId.data);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [suggestedId.data]);
  const checkOrderId = async () => {
    const id = form.getValues().id.trim();
    if (!id || !companyId) return;
    const problem = await orderIdProblem(companyId, id).catch(() => null);
    if (problem && form.getValues().id.trim() === id) form.setFieldError('id', problem);
  };

  // A D2R order for an existing store is priced at the store's D2R price (its discounts), as the server prices it.
  const pricingStore = d2rPricingStore({ orderType: v.orderType, selectedStoreAddressId: v.storeMode === 'existing' ? v.selectedStoreAddressId : '' }) ?? '';
  const discounts = useQuery(storeDiscountsQuery(companyId, pricingStore));
  const storeDiscounts = pricingStore ? discounts.data : undefined;
  const priced = useMemo(() => {
    const m = new Map<string, PricedCatalogueItem>((catalogue.data ?? []).map((c) => [c.id, { pricePaise: c.pricePaise, gst: c.gstPercentage }]));
    return withStoreDiscounts((id: string) => m.get(id), storeDiscounts);
  }, [catalogue.data, storeDiscounts]);
  const preview = previewTotals({ ...v, pricingType: Number(v.pricingType) }, priced, sellerState);

  const changeCompany = (id: string | null) => {
    const next = id ?? '';
    const d2r = companies.find((c) => c.id === next)?.isD2R;
    pickedByHand.current = false;
    form.setValues({ companyId: next, orderType: d2r ? '2' : '0', whId: '', selectedStoreAddressId: '', d2rSalesmanId: '', items: [newItem()] });
  };

  const changePricingType = (t: string | null) => {
    const type = (t ?? '0') as ManualOrderFormValues['pricingType'];
    form.setFieldValue('pricingType', type);
    form.setFieldValue(
      'items',
      v.items.map((it) => {
        const c = catalogue.data?.find((x) => x.id === it.catalogueId);
        const value = type === '3' ? (c ? String(c.price) : '') : type === '0' ? '' : v.commonPricingValue;
        return { ...it, pricingValue: value };
      }),
    );
  };

  const changeCommonValue = (value: string) => {
    form.setFieldValue('commonPricingValue', value);
    // The common value applies to every line; a line may then be changed on its own.
    form.setFieldValue('items', v.items.map((it) => ({ ...it, pricingValue: value })));
  };

  const copyStoreToShipping = (s: StoreValues & { GSTIN?: string | null }) => {
    form.setFieldValue('shippingAddress', { ...emptyAddress(), ...storeAsShippingAddress({ ...s, GSTIN: s.GSTIN ?? s.gstin ?? null }) });
  };

  const send = async (values: ManualOrderFormValues) => {
    try {
      const r = await apiJson<ManualOrderCreatedResponse>('/api/orders/manual', {
        method: 'POST',
        body: toPayload(values, clone),
      });
      notifications.show({
        color: 'green',
        title: ORDER_CREATED,
        message: r.data.cancelledOriginal ? `Order ${r.data.shopOrderId} created. The original order was cancelled: ${editedAs(r.data.shopOrderId)}.` : `Order ${r.data.shopOrderId} created.`,
      });
      await navigate({ to: '/orders' });
    } catch (e) {
      form.setErrors(fieldErrors(e));
      notifications.show({ color: 'red', title: 'Error', message: (e as Error).message });
    }
  };

  const submit = form.onSubmit((values) => {
    if (preview?.isNegative) {
      form.setFieldError('specialDiscount', FINAL_ORDER_VALUE_NEGATIVE);
      notifications.show({ color: 'red', title: 'Error', message: FINAL_ORDER_VALUE_NEGATIVE });
      return;
    }
    if (shouldOfferB2B(Number(values.orderType), values.items)) {
      modals.openConfirmModal({
        title: B2B_PROMPT.title,
        children: <Text size="sm">{B2B_PROMPT.message}</Text>,
        labels: { confirm: B2B_PROMPT.confirm, cancel: B2B_PROMPT.cancel },
        onConfirm: () => {
          form.setFieldValue('orderType', '1');
          // A B2B order needs the buyer's business name and GSTIN: when they are
          // missing, the form asks for them (its errors say why) instead of sending.
          const asB2B = { ...values, orderType: '1' as const };
          const b2bErrors = zodValidate(manualOrderSchema)(toPayload(asB2B, clone));
          if (Object.keys(b2bErrors).length > 0) {
            form.setErrors(b2bErrors);
            notifications.show({ color: 'orange', title: 'B2B order', message: "Add the buyer's business name and GSTIN, then create the order." });
            return;
          }
          void send(asB2B);
        },
        onCancel: () => void send(values),
      });
      return;
    }
    return send(values);
  });

  const title = clone ? (clone.mode === 'edit' ? 'Clone & Edit Order' : 'Clone Order') : 'Create Order';
  const half = { base: 12, sm: 6 };
  const pricingType = v.pricingType;
  return (
    <Stack>
      <Group justify="space-between">
        <Group>
          <Button variant="subtle" onClick={() => void navigate({ to: '/orders' })}>← Back</Button>
          <Title order={2}>{title}</Title>
        </Group>
      </Group>
      {prefill && clone && (
        <Alert color={clone.mode === 'edit' ? 'orange' : 'blue'} variant="light">
          {clone.mode === 'edit'
            ? `Editing order ${prefill.shopOrderId}: give the new order its own Order ID. Once it is created, ${prefill.shopOrderId} is cancelled with the reason "Edited as <new Order ID>" if it is still PLACED (it is ${prefill.status} now).`
            : `Cloning order ${prefill.shopOrderId}: give the new order its own Order ID.`}
        </Alert>
      )}
      <form onSubmit={submit} noValidate aria-label="Manual order">
        <Grid gap="md">
          <Grid.Col span={{ base: 12, lg: 8 }}>
            <Stack>
              <Fieldset legend="Order Details">
                <Grid gap="sm">
                  {chooseCompany && (
                    <Grid.Col span={12}>
                      <Select
                        label="Company"
                        required
                        data={companies.map((c) => ({ value: c.id, label: c.name }))}
                        value={companyId || null}
                        onChange={changeCompany}
                        error={form.errors.companyId}
                      />
                    </Grid.Col>
                  )}
                  <Grid.Col span={12}>
                    <Text size="sm" fw={500} mb={4} id="order-type-label">Order Type</Text>
                    <SegmentedControl
                      aria-labelledby="order-type-label"
                      data={(['0', '1', '2'] as const).map((t) => ({ value: t, label: ORDER_TYPE_LABELS[Number(t) as 0 | 1 | 2] }))}
                      {...form.getInputProps('orderType')}
                    />
                  </Grid.Col>
                  <Grid.Col span={half}>
                    <TextInput
                      label="Order ID"
                      required
                      maxLength={ORDER_ID_MAX_LENGTH}
                      description="Suggested; change it if you number orders yourself"
                      {...form.getInputProps('id')}
                      onBlur={() => void checkOrderId()}
                    />
                  </Grid.Col>
                  <Grid.Col span={half}>
                    <Select label="Payment Method" required allowDeselect={false} data={PAYMENT_METHODS} {...form.getInputProps('paymentMethod')} />
                  </Grid.Col>
                  <Grid.Col span={half}>
                    <Select
                      label={SHIP_FROM_LABEL}
                      required
                      placeholder="Select warehouse"
                      allowDeselect={false}
                      data={(warehouses.data?.warehouses ?? []).filter((w) => w.active || w.id === v.whId).map((w) => ({ value: w.id, label: `${w.name} (${w.warehouseId}) · ${w.state}` }))}
                      {...form.getInputProps('whId')}
                      onChange={(id) => {
                        pickedByHand.current = true;
                        form.setFieldValue('whId', id ?? '');
                      }}
                      description={suggestion.data?.explanation}
                    />
                  </Grid.Col>
                  <Grid.Col span={half}>
                    <DayInput
                      label="Order Date"
                      description={BACKDATE_HINT}
                      min={addIndiaDays(indiaToday(), -BACKDATE_MAX_DAYS)}
                      max={indiaToday()}
                      value={v.backdate}
                      onChange={(d) => form.setFieldValue('backdate', d)}
                      error={form.errors.backdate}
                    />
                  </Grid.Col>
                  <Grid.Col span={{ base: 6, sm: 3 }}><TextInput label="Shipping Price" description="₹" inputMode="decimal" {...form.getInputProps('shippingPrice')} /></Grid.Col>
                  <Grid.Col span={{ base: 6, sm: 3 }}><TextInput label="Special Discount" description="₹, off the order" inputMode="decimal" {...form.getInputProps('specialDiscount')} /></Grid.Col>
                  <Grid.Col span={{ base: 6, sm: 3 }}>
                    <TextInput label="Own AWB" description="Own courier only" maxLength={40} {...form.getInputProps('awb')} />
                  </Grid.Col>
                  {v.awb.trim() !== '' && (
                    <Grid.Col span={{ base: 6, sm: 3 }}>
                      <TextInput label="Courier of this AWB" required description="e.g. Delhivery" maxLength={64} {...form.getInputProps('awbPartner')} />
                    </Grid.Col>
                  )}
                </Grid>
              </Fieldset>

              <Fieldset legend="Items">
                {catalogue.isError && <Alert color="red" mb="sm">Could not load the catalogue. Please try again after some time.</Alert>}
                <ItemsSection form={form} catalogue={catalogue.data ?? []} preview={preview} />
              </Fieldset>

              {v.orderType !== '0' && (
                <Fieldset legend={isD2R ? 'D2R details' : 'B2B details'} data-testid="business-details">
                  <Grid gap="sm">
                    <Grid.Col span={half}><TextInput label="Purchase Order Number" maxLength={ORDER_ID_MAX_LENGTH} {...form.getInputProps('purchaseOrderNumber')} /></Grid.Col>
                    <Grid.Col span={half}><TextInput label="Terms of Payment" placeholder="e.g. Net 30" {...form.getInputProps('termsOfPayment')} /></Grid.Col>
                    <Grid.Col span={half}>
                      <DayInput label="Due Date" value={v.dueDate} onChange={(d) => form.setFieldValue('dueDate', d)} error={form.errors.dueDate} />
                    </Grid.Col>
                    <Grid.Col span={half}>
                      <SalesmanField
                        companyId={companyId}
                        value={v.d2rSalesmanId}
                        onChange={(id) => form.setFieldValue('d2rSalesmanId', id)}
                        error={form.errors.d2rSalesmanId as string | undefined}
                      />
                    </Grid.Col>
                    <Grid.Col span={half}>
                      <Select
                        label="Pricing Type"
                        allowDeselect={false}
                        data={Object.entries(PRICING_TYPE_LABELS).map(([value, label]) => ({ value, label }))}
                        value={pricingType}
                        onChange={changePricingType}
                      />
                    </Grid.Col>
                    {(pricingType === '1' || pricingType === '2') && (
                      <Grid.Col span={half}>
                        <TextInput
                          label={pricingType === '1' ? 'Common Margin (%)' : 'Common Discount (%)'}
                          description="0 to 100, applied to every product"
                          inputMode="decimal"
                          {...form.getInputProps('commonPricingValue')}
                          onChange={(e) => changeCommonValue(e.currentTarget.value)}
                        />
                      </Grid.Col>
                    )}
                    <Grid.Col span={half}><TextInput label="E-way Bill Number" {...form.getInputProps('ewayBill')} /></Grid.Col>
                    <Grid.Col span={half}><BeatField companyId={companyId} {...form.getInputProps('beatId')} /></Grid.Col>
                    {isD2R && (
                      <Grid.Col span={12}>
                        <StoreAddressSection form={form} companyId={companyId} onUseStore={copyStoreToShipping} />
                      </Grid.Col>
                    )}
                  </Grid>
                </Fieldset>
              )}

              <Fieldset legend="Shipping Address">
                <AddressFields form={form} prefix="shippingAddress" b2b={isB2B && v.sameAsShipping} />
              </Fieldset>

              <Fieldset legend="Billing Address">
                <Stack gap="sm">
                  <Checkbox label="Same as shipping address" {...form.getInputProps('sameAsShipping', { type: 'checkbox' })} />
                  {!v.sameAsShipping && <AddressFields form={form} prefix="billingAddress" b2b={isB2B} />}
                </Stack>
              </Fieldset>

            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 4 }}>
            <Stack pos="sticky" top={76}>
              <TotalsPanel preview={preview} sellerState={sellerState} buyerState={v.shippingAddress.state} />
              <Group grow>
                <Button variant="default" onClick={() => void navigate({ to: '/orders' })}>Cancel</Button>
                <Button type="submit" loading={form.submitting}>Create Order</Button>
              </Group>
            </Stack>
          </Grid.Col>
        </Grid>
      </form>
    </Stack>
  );
}
