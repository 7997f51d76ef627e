// Problem orders: the NDR and unserviceable actions of an order, as
// buttons beside the order's other actions. The rules are domain/ndr.ts, the same
// table the server checks.
import { useState, type ReactNode } from 'react';
import { Badge, Button, Group, Modal, SegmentedControl, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { modals } from '@mantine/modals';
import { useQuery } from '@tanstack/react-query';
import { ndrCasesQuery } from './queries';
import {
  changeCourierSchema,
  ndrAddressSchema,
  ndrReattemptSchema,
  PROBLEM_ACTIONS,
  problemActions,
  REATTEMPT_SLOTS,
  SLOT_LABELS,
  type CourierOptionsResponse,
  type NdrCase,
  type ProblemActionKey,
  type ReattemptSlot,
} from '../../../domain/ndr';
import { cancelOrderSchema } from '../../../domain/orders/action-inputs';
import { CANCEL_REASON_MAX } from '../../../domain/orders/texts';
import { reattemptDates } from '../../../domain/tracking-rules';
import { apiJson } from '../../api/client';
import { useSession } from '../../auth/useSession';
import { zodValidate } from '../../ui/zodForm';
import { OrderForm, type OrderFormProps } from './actions/OrderForm';
import { useOrderMutation } from './actions/useOrderMutation';
import { phoneInputProps } from '../../ui/phoneInput';

type Order = { id: string; status: string; shipper?: string | null };

const dayLabel = (d: string) => new Intl.DateTimeFormat('en-IN', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${d}T00:00:00Z`));

type FormProps = { order: Order; onDone: () => void };

type ProblemFormProps<V> = FormProps & {
  form: UseFormReturnType<V>;
  /** The order's action path after /api/orders/<id>/. */
  action: string;
  success: string;
  /** What is posted (the checked values unless given). */
  body?: (values: V) => unknown;
  children: ReactNode;
} & Pick<OrderFormProps<V>, 'cancelLabel' | 'submitLabel' | 'submitColor'>;

/** A problem action's form: submitting posts to the order's action. */
function ProblemForm<V>({ order, onDone, form, action, success, body = (v) => v, children, ...footer }: ProblemFormProps<V>) {
  return (
    <OrderForm form={form} request={(v) => ({ path: `/api/orders/${order.id}/${action}`, method: 'POST', body: body(v), success })} onDone={onDone} {...footer}>
      {children}
    </OrderForm>
  );
}

function ReattemptForm({ order, onDone }: FormProps) {
  const dates = reattemptDates();
  const form = useForm<{ date: string; slot: ReattemptSlot }>({ initialValues: { date: dates[0] ?? '', slot: 'morning' }, validate: zodValidate(ndrReattemptSchema) });
  return (
    <ProblemForm order={order} onDone={onDone} form={form} action="ndr/reattempt" success="Re-attempt requested" submitLabel="Request Re-attempt">
      <Select label="Re-attempt date" required data={dates.map((d) => ({ value: d, label: dayLabel(d) }))} allowDeselect={false} {...form.getInputProps('date')} />
      <Stack gap={4}>
        <Text size="sm" fw={500}>Delivery slot</Text>
        <SegmentedControl fullWidth data={REATTEMPT_SLOTS.map((s) => ({ value: s, label: SLOT_LABELS[s] }))} {...form.getInputProps('slot')} />
      </Stack>
      <Text size="xs" c="dimmed">Only days the courier delivers are offered (no Sundays or national holidays).</Text>
    </ProblemForm>
  );
}

/** Only the address fields given are sent. */
const filledIn = (v: Record<string, string>) => Object.fromEntries(Object.entries(v).filter(([, x]) => x.trim()));

function AddressForm({ order, onDone }: FormProps) {
  const form = useForm({ initialValues: { address1: '', address2: '', landmark: '', phone: '' }, validate: zodValidate(ndrAddressSchema) });
  return (
    <ProblemForm order={order} onDone={onDone} form={form} action="ndr/address" body={filledIn} success="Address updated for the re-attempt" submitLabel="Save Changes">
      <Text size="sm" c="dimmed">Fill in only what changes; the courier gets it with the next attempt.</Text>
      <TextInput label="Address line 1" maxLength={200} {...form.getInputProps('address1')} />
      <TextInput label="Address line 2" maxLength={200} {...form.getInputProps('address2')} />
      <TextInput label="Landmark" maxLength={120} {...form.getInputProps('landmark')} />
      <TextInput label="Phone" {...phoneInputProps(form.getInputProps('phone'), (v) => form.setFieldValue('phone', v))} />
    </ProblemForm>
  );
}

function CourierForm({ order, onDone }: FormProps) {
  const q = useQuery({ queryKey: ['problem-orders', 'couriers'], queryFn: ({ signal }) => apiJson<CourierOptionsResponse>('/api/problem-orders/couriers', { signal }).then((r) => r.data) });
  const form = useForm({ initialValues: { partnerId: '' }, validate: zodValidate(changeCourierSchema) });
  return (
    <ProblemForm order={order} onDone={onDone} form={form} action="unserviceable/courier" success="Courier changed" submitLabel="Change Courier">
      <Select
        label="Courier"
        required
        placeholder={order.shipper ? `Now: ${order.shipper}` : 'Choose a courier'}
        data={(q.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
        {...form.getInputProps('partnerId')}
      />
      <Text size="xs" c="dimmed">Serviceability is checked again with the new courier.</Text>
    </ProblemForm>
  );
}

function CancelForm({ order, onDone }: FormProps) {
  const form = useForm({ initialValues: { reason: '' }, validate: zodValidate(cancelOrderSchema) });
  return (
    <ProblemForm order={order} onDone={onDone} form={form} action="unserviceable/cancel" success="Order cancelled" cancelLabel="Keep order" submitLabel="Cancel Order" submitColor="red">
      <Textarea label="Reason for cancellation" required autosize minRows={3} maxLength={CANCEL_REASON_MAX} data-autofocus {...form.getInputProps('reason')} />
    </ProblemForm>
  );
}

const NDR_STATUS_SET = new Set(['UNDELIVERED', 'RTO_UNDELIVERED']);

/**
 * The NDR / unserviceable actions this user may take on this order now. An instruction sent to the courier
 * shows as pending (its button gone) until the courier's next event; an NDR order without actions says why.
 * `ndr`: the order's NDR facts when the caller has them (the NDR table), else read here for an NDR order.
 */
export function NdrActions({ order, ndr, compact = false }: { order: Order; ndr?: NdrCase; compact?: boolean }) {
  const { role } = useSession();
  const run = useOrderMutation();
  const [open, setOpen] = useState<ProblemActionKey | null>(null);
  const [busy, setBusy] = useState(false);
  const own = useQuery({ ...ndrCasesQuery([order.id]), enabled: !ndr && NDR_STATUS_SET.has(order.status) && role !== 'finance' });
  const c = ndr ?? own.data?.find((x) => x.orderId === order.id);
  if (role === 'finance') return null;
  const pending = c?.pending ?? null;
  const keys = problemActions(order.status, role).filter((k) => !(k === 'ndrReattempt' && pending?.kind === 'reattempt'));
  const pendingBadge = pending && (
    <Badge color="yellow" variant="light" size={compact ? 'sm' : 'md'} tt="none" title={pending.text} data-testid="ndr-pending">
      {pending.kind === 'reattempt' ? 'Re-attempt requested' : 'New address sent'} · waiting for the courier
    </Badge>
  );
  if (!keys.length) {
    if (pendingBadge) return pendingBadge;
    if (!compact && c?.noActionReason) return <Text size="xs" c="dimmed" data-testid="ndr-no-action">{c.noActionReason}</Text>;
    return null;
  }
  const close = () => setOpen(null);

  const act = (k: ProblemActionKey) => {
    if (k === 'ndrReturnToOrigin') {
      modals.openConfirmModal({
        title: PROBLEM_ACTIONS[k].label,
        children: <Text size="sm">The courier stops trying and brings the parcel back to the warehouse.</Text>,
        labels: { confirm: 'Return to Origin', cancel: 'Keep trying' },
        confirmProps: { color: 'red' },
        onConfirm: () => void run({ path: `/api/orders/${order.id}/ndr/rto`, method: 'POST', body: {}, success: 'Return to origin requested' }),
      });
      return;
    }
    if (k === 'unserviceableRecheck') {
      setBusy(true);
      void run({ path: `/api/orders/${order.id}/unserviceable/recheck`, method: 'POST', body: {}, success: 'Serviceability checked' }).finally(() => setBusy(false));
      return;
    }
    setOpen(k);
  };

  const forms: Partial<Record<ProblemActionKey, ReactNode>> = {
    ndrReattempt: <ReattemptForm order={order} onDone={close} />,
    ndrUpdateAddress: <AddressForm order={order} onDone={close} />,
    unserviceableChangeCourier: <CourierForm order={order} onDone={close} />,
    unserviceableCancel: <CancelForm order={order} onDone={close} />,
  };

  return (
    <>
      <Group gap="xs" wrap="wrap" data-testid="problem-actions">
        {pendingBadge}
        {keys.map((k) => (
          <Button
            key={k}
            size={compact ? 'compact-xs' : 'xs'}
            variant={k === 'ndrReattempt' || k === 'unserviceableRecheck' ? 'filled' : 'light'}
            color={k === 'unserviceableCancel' || k === 'ndrReturnToOrigin' ? 'red' : undefined}
            loading={busy && k === 'unserviceableRecheck'}
            onClick={() => act(k)}
          >
            {PROBLEM_ACTIONS[k].label}
          </Button>
        ))}
      </Group>
      <Modal opened={!!open} onClose={close} title={open ? PROBLEM_ACTIONS[open].label : ''} size="md">
        {open && forms[open]}
      </Modal>
    </>
  );
}
