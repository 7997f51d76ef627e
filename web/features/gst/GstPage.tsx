// Settings > GST: e-invoicing on or off with the company's turnover band (which
// sets the HSN digits required), the IRP credentials of each GSTIN (written,
// never shown back), and the invoices waiting for their IRN or refused, with
// "Register again" and Cancel IRN within 24 hours (reason and confirmation).
import { Alert, Badge, Button, Card, Group, Loader, Modal, PasswordInput, SegmentedControl, Select, Stack, Switch, Table, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { IRP_PRODUCTION_URL, IRP_SANDBOX_URL, TRANS_MODES, type EinvoiceResponse, type EinvoiceView, type GstSettingsResponse } from '../../../domain/einvoice/connection';
import { CANCEL_REASONS, DEMO_MARK, TURNOVER_BAND_LABELS, TURNOVER_BANDS, type CancelReason, type TurnoverBand } from '../../../domain/einvoice/rules';
import { indiaDateTimeText } from '../../../domain/india-time';
import type { ConnectionView } from '../../../domain/integrations';
import { formatRupees } from '../../../domain/money';
import { apiJson, fieldErrors } from '../../api/client';
import { useConnectionForm } from '../channels/useConnectionForm';
import { CancelEwbModal, EwayBillsCard, GenerateEwbFooter, PartBModal } from './EwayBillsCard';
import { einvoiceQueueQuery, ewbConnectionsQuery, gstKeys, gstSettingsQuery, irpConnectionsQuery } from './queries';
import { EWB_KIND, EWB_PRODUCTION_URL } from '../../../domain/einvoice/ewb';

function SettingsCard() {
  const qc = useQueryClient();
  const q = useQuery(gstSettingsQuery());
  const [on, setOn] = useState(false);
  const [band, setBand] = useState<TurnoverBand>('under_5cr');
  useEffect(() => {
    if (q.data) {
      setOn(q.data.settings.einvoicing);
      setBand(q.data.settings.turnoverBand);
    }
  }, [q.data]);
  const save = useMutation({
    mutationFn: () => apiJson<GstSettingsResponse>('/api/gst/settings', { method: 'PUT', body: { einvoicing: on, turnoverBand: band } }),
    onSuccess: (r) => qc.setQueryData(gstKeys.settings, r),
  });
  if (q.isPending) return <Loader aria-label="Loading GST settings" />;
  if (q.isError) return <Alert color="red" title="Server Error">{(q.error as Error).message}</Alert>;
  const digits = band === 'under_5cr' ? 4 : 6;
  return (
    <Card withBorder padding="md">
      <form noValidate onSubmit={(e) => { e.preventDefault(); save.mutate(); }}>
        <Stack gap="sm">
          <Title order={4}>E-invoicing</Title>
          <Group align="flex-end" gap="xl">
            <Select
              label="Aggregate turnover (previous financial year)" data={TURNOVER_BANDS.map((b) => ({ value: b, label: TURNOVER_BAND_LABELS[b] }))}
              value={band} onChange={(v) => v && setBand(v as TurnoverBand)} allowDeselect={false} w={360}
            />
            <Switch label="Register B2B and distributor invoices with the IRP" checked={on} onChange={(e) => setOn(e.currentTarget.checked)} />
          </Group>
          <Text size="sm" c="dimmed">
            HSN codes on B2B invoices need at least {digits} digits.{' '}
            {band === 'under_5cr' ? 'E-invoicing is not required below ₹5 crore.' : 'E-invoicing is required at ₹5 crore or more.'}{' '}
            {band === '10cr_plus' && 'Invoices must be registered within 30 days of their date: the queue below says by when.'}
          </Text>
          {band !== 'under_5cr' && !on && <Alert color="orange" p="xs">Your turnover requires e-invoicing: turn it on so your B2B invoices carry an IRN.</Alert>}
          {save.isError && <Alert color="red">{(save.error as Error).message}</Alert>}
          {save.isSuccess && <Text size="sm" c="green">Saved</Text>}
          <Group><Button type="submit" loading={save.isPending}>Save</Button></Group>
        </Stack>
      </form>
    </Card>
  );
}

function CredentialRow({ c, system }: { c: ConnectionView; system: System }) {
  const [confirm, setConfirm] = useState(false);
  const removeForm = useConnectionForm({
    mutationFn: () => apiJson(`/api/integrations/connections/${c.id}`, { method: 'DELETE' }), listKey: gstKeys.connections, onDone: () => setConfirm(false),
  });
  const remove = removeForm.mutation;
  const s = c.settings as { gstin?: string; mode?: string; username?: string };
  return (
    <Table.Tr>
      <Table.Td>{s.gstin}</Table.Td>
      <Table.Td>{s.mode === 'demo' ? <Badge color="orange">Demo sandbox</Badge> : <Text size="sm">{c.baseUrl}</Text>}</Table.Td>
      <Table.Td>{s.username || '-'}</Table.Td>
      <Table.Td>{c.secretsSet.length ? c.secretsSet.map((n) => <Badge key={n} variant="light" mr={4}>{n === 'clientSecret' ? 'Client secret' : 'Password'} set</Badge>) : '-'}</Table.Td>
      <Table.Td>
        <Button size="xs" color="red" variant="subtle" onClick={() => setConfirm(true)}>Remove</Button>
        <Modal opened={confirm} onClose={() => setConfirm(false)} title="Remove these credentials?">
          <Stack>
            <Text size="sm">{SYSTEMS[system].removeText(s.gstin ?? '')}</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setConfirm(false)}>Keep</Button>
              <Button color="red" loading={remove.isPending} onClick={() => remove.mutate()}>Remove</Button>
            </Group>
            {removeForm.formError && <Alert color="red" p="xs">{removeForm.formError}</Alert>}
          </Stack>
        </Modal>
      </Table.Td>
    </Table.Tr>
  );
}

const EMPTY = { gstin: '', clientId: '', username: '', clientSecret: '', password: '', publicKeyPem: '' };

type System = 'irp' | 'ewb';
/** The two NIC systems a GSTIN connects to: the IRP (e-invoices, e-way bills by IRN) and the e-way bill system (e-way bills without IRN, Part B, cancel in production). */
const SYSTEMS = {
  irp: {
    kind: 'gst-irp', title: 'IRP credentials per GSTIN', name: 'IRP', label: (g: string) => `IRP ${g}`, none: 'No GSTIN connected to the IRP yet.',
    urls: [{ value: IRP_SANDBOX_URL, label: `Sandbox (${IRP_SANDBOX_URL})` }, { value: IRP_PRODUCTION_URL, label: `Production (${IRP_PRODUCTION_URL})` }],
    keyLabel: 'IRP public key (PEM)', query: irpConnectionsQuery,
    demoText: `The demo sandbox answers as the IRP does and signs with a demo key; every document says "${DEMO_MARK}". It is refused in production.`,
    removeText: (g: string) => `Invoices from ${g} wait as "IRN pending" until credentials are added again. IRNs already registered stay on their invoices.`,
  },
  ewb: {
    kind: EWB_KIND, title: 'E-way bill system credentials per GSTIN', name: 'E-way bill system', label: (g: string) => `E-way bills ${g}`,
    none: 'No GSTIN connected to the e-way bill system yet: e-way bills without IRN, and their cancel in production, need it.',
    urls: [{ value: EWB_PRODUCTION_URL, label: `Production (${EWB_PRODUCTION_URL})` }],
    keyLabel: 'E-way bill system public key (PEM)', query: ewbConnectionsQuery,
    demoText: `The demo sandbox answers as the e-way bill system does; every e-way bill says "${DEMO_MARK}". It is refused in production.`,
    removeText: (g: string) => `E-way bills of ${g} can no longer be generated, updated or cancelled here until credentials are added again.`,
  },
} as const;

function CredentialsCard({ system }: { system: System }) {
  const sys = SYSTEMS[system];
  const q = useQuery(sys.query());
  const [mode, setMode] = useState<'live' | 'demo'>('live');
  const [env, setEnv] = useState<string>(sys.urls[0].value);
  const [v, setV] = useState(EMPTY);
  const set = (k: keyof typeof EMPTY) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setV({ ...v, [k]: e.currentTarget.value });
  const form = useConnectionForm({
    mutationFn: () =>
      apiJson('/api/integrations/connections', {
        method: 'POST',
        body: mode === 'demo'
          ? { kind: sys.kind, label: `Demo ${v.gstin}`, settings: { gstin: v.gstin, mode } }
          : {
            kind: sys.kind, label: sys.label(v.gstin), baseUrl: env,
            settings: { gstin: v.gstin, mode: system, clientId: v.clientId, username: v.username, publicKeyPem: v.publicKeyPem },
            secrets: { clientSecret: v.clientSecret, password: v.password },
          },
      }),
    listKey: gstKeys.connections,
    onDone: () => setV(EMPTY),
  });
  const { mutation: create, setErrors, errorOf: e } = form;
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Title order={4}>{sys.title}</Title>
        {q.isPending && <Loader aria-label="Loading credentials" />}
        {q.isError && <Alert color="red" title="Server Error">{(q.error as Error).message}</Alert>}
        {q.data && !q.data.connections.length && <Text size="sm" c="dimmed">{sys.none}</Text>}
        {!!q.data?.connections.length && (
          <Table>
            <Table.Thead><Table.Tr><Table.Th>GSTIN</Table.Th><Table.Th>{sys.name}</Table.Th><Table.Th>API user</Table.Th><Table.Th>Credentials</Table.Th><Table.Th /></Table.Tr></Table.Thead>
            <Table.Tbody>{q.data.connections.map((c) => <CredentialRow key={c.id} c={c} system={system} />)}</Table.Tbody>
          </Table>
        )}
        <form noValidate aria-label={sys.title} onSubmit={(ev) => { ev.preventDefault(); create.mutate(); }}>
          <Stack gap="sm">
            <Group align="flex-end">
              <TextInput label="GSTIN" value={v.gstin} onChange={set('gstin')} error={e('settings.gstin')} maxLength={15} w={200} />
              <SegmentedControl value={mode} onChange={(m) => { setMode(m as 'live' | 'demo'); setErrors({}); }} data={[{ value: 'live', label: sys.name }, { value: 'demo', label: 'Demo sandbox' }]} />
              {mode === 'live' && (
                <Select label={sys.name} w={360} allowDeselect={false} value={env} onChange={(x) => x && setEnv(x)} data={[...sys.urls]} />
              )}
            </Group>
            {mode === 'demo' ? (
              <Text size="sm" c="dimmed">{sys.demoText}</Text>
            ) : (
              <>
                <Group grow align="flex-start">
                  <TextInput label="Client id" value={v.clientId} onChange={set('clientId')} error={e('settings.clientId')} maxLength={100} />
                  <PasswordInput label="Client secret" value={v.clientSecret} onChange={set('clientSecret')} error={e('secrets.clientSecret')} maxLength={200} autoComplete="off" />
                  <TextInput label="API user name" value={v.username} onChange={set('username')} error={e('settings.username')} maxLength={100} />
                  <PasswordInput label="API password" value={v.password} onChange={set('password')} error={e('secrets.password')} maxLength={200} autoComplete="new-password" />
                </Group>
                <Textarea label={sys.keyLabel} value={v.publicKeyPem} onChange={set('publicKeyPem')} error={e('settings.publicKeyPem')} maxLength={4000} autosize minRows={2} maxRows={4}
                  placeholder="-----BEGIN PUBLIC KEY-----" />
              </>
            )}
            <Text size="xs" c="dimmed">Credentials are encrypted on the server and never shown again: to change one, remove the GSTIN and add it anew.</Text>
            {form.formError && <Alert color="red">{form.formError}</Alert>}
            <Group><Button type="submit" loading={create.isPending}>Add GSTIN</Button></Group>
          </Stack>
        </form>
      </Stack>
    </Card>
  );
}

const STATUS: Record<EinvoiceView['status'], { label: string; color: string }> = {
  pending: { label: 'IRN pending', color: 'yellow' },
  failed: { label: 'Refused', color: 'red' },
  registered: { label: 'Registered', color: 'green' },
  cancelled: { label: 'Cancelled', color: 'gray' },
};

function CancelModal({ e, onClose }: { e: EinvoiceView; onClose: () => void }) {
  const qc = useQueryClient();
  const [reason, setReason] = useState<CancelReason | null>(null);
  const [remark, setRemark] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const cancel = useMutation({
    mutationFn: () => apiJson<EinvoiceResponse>(`/api/gst/einvoices/${e.invoiceId}/cancel`, { method: 'POST', body: { reason, remark } }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: gstKeys.queue });
      onClose();
    },
    onError: (err) => setErrors(fieldErrors(err)),
  });
  return (
    <Modal opened onClose={onClose} title={`Cancel the IRN of invoice ${e.docNo}?`}>
      <form noValidate onSubmit={(ev) => { ev.preventDefault(); cancel.mutate(); }}>
        <Stack>
          <Text size="sm">The IRP cancels the IRN for good; the invoice number cannot be registered again. Allowed within 24 hours of registration.</Text>
          <Select label="Reason" data={Object.entries(CANCEL_REASONS).map(([value, label]) => ({ value, label }))} value={reason} onChange={(r) => { setReason(r as CancelReason); setErrors({ ...errors, reason: '' }); }} error={errors.reason} />
          <TextInput label="Remark" value={remark} onChange={(ev) => { setRemark(ev.currentTarget.value); setErrors({ ...errors, remark: '' }); }} maxLength={100} error={errors.remark} />
          {cancel.isError && !Object.keys(errors).length && <Alert color="red">{(cancel.error as Error).message}</Alert>}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>Keep the IRN</Button>
            <Button color="red" type="submit" loading={cancel.isPending}>Cancel IRN</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** E-way bill by IRN for a registered invoice: distance (0: the portal's own from the PIN codes), mode, transporter and vehicle. */
function EwayBillModal({ e, onClose }: { e: EinvoiceView; onClose: () => void }) {
  const qc = useQueryClient();
  const [v, setV] = useState({ distanceKm: '0', transMode: '1', transId: '', vehNo: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (k: keyof typeof v) => (ev: React.ChangeEvent<HTMLInputElement>) => {
    setV({ ...v, [k]: ev.currentTarget.value });
    setErrors({ ...errors, [k]: '' });
  };
  const make = useMutation({
    mutationFn: () => apiJson<EinvoiceResponse>(`/api/gst/einvoices/${e.invoiceId}/ewaybill`, { method: 'POST', body: v }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: gstKeys.queue });
      onClose();
    },
    onError: (err) => setErrors(fieldErrors(err)),
  });
  return (
    <Modal opened onClose={onClose} title={`E-way bill for invoice ${e.docNo}`}>
      <form noValidate aria-label="Generate e-way bill" onSubmit={(ev) => { ev.preventDefault(); make.mutate(); }}>
        <Stack>
          <Text size="sm">Generated by the invoice's IRN. Its validity follows the distance: one day per 200 km or part of it.</Text>
          <TextInput label="Distance (km)" description="0 lets the portal compute it from the PIN codes" inputMode="numeric" value={v.distanceKm} onChange={set('distanceKm')} error={errors.distanceKm} maxLength={4} />
          <Select label="Mode" data={Object.entries(TRANS_MODES).map(([value, label]) => ({ value, label }))} value={v.transMode} onChange={(m) => m && setV({ ...v, transMode: m })} allowDeselect={false} />
          <TextInput label="Transporter id (GSTIN or TRANSIN)" value={v.transId} onChange={set('transId')} error={errors.transId} maxLength={15} />
          <TextInput label="Vehicle number" value={v.vehNo} onChange={set('vehNo')} error={errors.vehNo} maxLength={20} />
          <GenerateEwbFooter error={make.isError && !Object.values(errors).some(Boolean) ? (make.error as Error).message : null} pending={make.isPending} onClose={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}

function QueueCard() {
  const qc = useQueryClient();
  const q = useQuery(einvoiceQueueQuery());
  const [cancelling, setCancelling] = useState<EinvoiceView | null>(null);
  const [ewb, setEwb] = useState<EinvoiceView | null>(null);
  const [ewbCancel, setEwbCancel] = useState<EinvoiceView | null>(null);
  const [partB, setPartB] = useState<EinvoiceView | null>(null);
  const again = useMutation({
    mutationFn: (invoiceId: string) => apiJson<EinvoiceResponse>(`/api/gst/einvoices/${invoiceId}/register`, { method: 'POST' }),
    onSettled: () => qc.invalidateQueries({ queryKey: gstKeys.queue }),
  });
  const now = Date.now();
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Title order={4}>E-invoices</Title>
        {q.isPending && <Loader aria-label="Loading e-invoices" />}
        {q.isError && <Alert color="red" title="Server Error">{(q.error as Error).message}</Alert>}
        {q.data && !q.data.einvoices.length && <Text size="sm" c="dimmed">No B2B invoice is waiting for its IRN.</Text>}
        {again.isError && <Alert color="red">{(again.error as Error).message}</Alert>}
        {!!q.data?.einvoices.length && (
          <Table>
            <Table.Thead>
              <Table.Tr><Table.Th>Invoice</Table.Th><Table.Th>Buyer</Table.Th><Table.Th ta="right">Amount</Table.Th><Table.Th>Status</Table.Th><Table.Th>IRN / reason</Table.Th><Table.Th /></Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {q.data.einvoices.map((e) => {
                const late = e.registerBy && Date.parse(e.registerBy) - now < 5 * 86400_000;
                return (
                  <Table.Tr key={e.invoiceId}>
                    <Table.Td><Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>{e.docNo}</Text><Text size="xs" c="dimmed">{e.docDate}</Text></Table.Td>
                    <Table.Td><Text size="sm">{e.buyerName}</Text><Text size="xs" c="dimmed">{e.buyerGstin}</Text></Table.Td>
                    <Table.Td ta="right">{formatRupees(e.amountPaise)}</Table.Td>
                    <Table.Td>
                      <Badge color={STATUS[e.status].color}>{STATUS[e.status].label}</Badge>
                      {e.demo && <Badge color="orange" ml={4}>Demo</Badge>}
                    </Table.Td>
                    <Table.Td maw={420}>
                      {e.irn && e.status === 'registered' && <Text size="xs" ff="monospace" style={{ overflowWrap: 'anywhere' }}>{e.irn}</Text>}
                      {e.ackNo && <Text size="xs" c="dimmed">Ack {e.ackNo}{e.ackAt ? `, ${indiaDateTimeText(e.ackAt)}` : ''}</Text>}
                      {e.lastError && e.status !== 'registered' && <Text size="xs" c={e.status === 'failed' ? 'red' : 'dimmed'} style={{ overflowWrap: 'anywhere' }}>{e.lastError}</Text>}
                      {e.registerBy && <Text size="xs" c={late ? 'red' : 'dimmed'}>Register by {indiaDateTimeText(e.registerBy)}</Text>}
                      {e.ewbNo && <Text size="xs" data-testid="queue-ewb">E-way bill {e.ewbNo}{e.ewbValidTill ? `, valid till ${indiaDateTimeText(e.ewbValidTill)}` : ''}</Text>}
                      {e.ewbCancelledNo && !e.ewbNo && <Text size="xs" c="dimmed">E-way bill {e.ewbCancelledNo} cancelled{e.ewbCancelledAt ? ` ${indiaDateTimeText(e.ewbCancelledAt)}` : ''}</Text>}
                      {e.ewayBillNeeded && <Text size="xs" c="orange">Worth more than ₹50,000: needs an e-way bill</Text>}
                    </Table.Td>
                    <Table.Td>
                      {e.status === 'failed' && (
                        <Button size="xs" variant="default" loading={again.isPending && again.variables === e.invoiceId} onClick={() => again.mutate(e.invoiceId)}>Register again</Button>
                      )}
                      {e.ewayBillNeeded && e.status === 'registered' && <Button size="xs" variant="light" onClick={() => setEwb(e)}>Generate e-way bill</Button>}
                      {e.ewbNo && <Button size="xs" variant="light" onClick={() => setPartB(e)}>Update Part B</Button>}
                      {e.canCancelEwb && <Button size="xs" color="red" variant="subtle" onClick={() => setEwbCancel(e)}>Cancel e-way bill</Button>}
                      {e.canCancel && <Button size="xs" color="red" variant="subtle" onClick={() => setCancelling(e)}>Cancel IRN</Button>}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
      {cancelling && <CancelModal e={cancelling} onClose={() => setCancelling(null)} />}
      {ewb && <EwayBillModal e={ewb} onClose={() => setEwb(null)} />}
      {ewbCancel && <CancelEwbModal invoiceId={ewbCancel.invoiceId} ewbNo={ewbCancel.ewbNo!} onClose={() => setEwbCancel(null)} />}
      {partB && <PartBModal invoiceId={partB.invoiceId} ewbNo={partB.ewbNo!} onClose={() => setPartB(null)} />}
    </Card>
  );
}

export function GstPage() {
  return (
    <Stack maw={1200}>
      <Title order={2}>GST</Title>
      <Text size="sm" c="dimmed">B2B and distributor invoices of an e-invoicing company get their IRN and signed QR code from the Invoice Registration Portal when they are issued.</Text>
      <SettingsCard />
      <CredentialsCard system="irp" />
      <QueueCard />
      <CredentialsCard system="ewb" />
      <EwayBillsCard />
    </Stack>
  );
}
