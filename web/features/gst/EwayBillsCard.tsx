// E-way bills through the e-way bill system (docs/integrations/gst.md): the seller's active e-way bills with
// their Part B and validity, "Update Part B" (vehicle or transport document, with a reason), "Cancel e-way
// bill" within 24 hours, and "Generate e-way bill" for an invoice without an IRN (distance from the PIN
// codes, the courier's transporter id, the mode).
import { Alert, Badge, Button, Card, Group, Loader, Modal, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { EWB_TRANS_MODES, PART_B_REASONS, type EwayBillCancelResponse, type EwayBillListResponse, type EwayBillResponse, type EwayBillView } from '../../../domain/einvoice/ewb';
import { EWB_CANCEL_REASONS, type EwbCancelReason } from '../../../domain/einvoice/rules';
import { indiaDateTimeText } from '../../../domain/india-time';
import { formatRupees } from '../../../domain/money';
import { apiJson, fieldErrors } from '../../api/client';
import { gstKeys } from './queries';

const ewayBillsKey = ['gst', 'ewaybills'] as const;
/** GET /api/gst/ewaybills: the company's active e-way bills. */
export const ewayBillsQuery = () => queryOptions({ queryKey: ewayBillsKey, queryFn: ({ signal }) => apiJson<EwayBillListResponse>('/api/gst/ewaybills', { signal }) });

const modes = Object.entries(EWB_TRANS_MODES).map(([value, label]) => ({ value, label }));

function useRefresh() {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: ewayBillsKey });
    void qc.invalidateQueries({ queryKey: gstKeys.queue });
    void qc.invalidateQueries({ queryKey: ['orders'] });
  };
}

/** "Generate e-way bill" for an invoice without an IRN. */
/** The foot of both "Generate e-way bill" forms (by IRN and without): a failure not tied to a field, Cancel, and the submit. */
export function GenerateEwbFooter({ error, pending, onClose }: { error: string | null; pending: boolean; onClose: () => void }) {
  return (
    <>
      {error && <Alert color="red">{error}</Alert>}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>Cancel</Button>
        <Button type="submit" loading={pending}>Generate e-way bill</Button>
      </Group>
    </>
  );
}

export function GenerateEwbModal({ invoiceId, title, onClose }: { invoiceId: string; title: string; onClose: () => void }) {
  const refresh = useRefresh();
  const [v, setV] = useState({ distanceKm: '0', transMode: '1', transporterId: '', transporterName: '', vehicleNo: '', transDocNo: '', transDocDate: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (k: keyof typeof v) => (ev: React.ChangeEvent<HTMLInputElement>) => {
    setV({ ...v, [k]: ev.currentTarget.value });
    setErrors({ ...errors, [k]: '' });
  };
  const make = useMutation({
    mutationFn: () => apiJson<EwayBillResponse>(`/api/gst/invoices/${invoiceId}/ewaybill`, { method: 'POST', body: v }),
    onSuccess: () => {
      refresh();
      onClose();
    },
    onError: (err) => setErrors(fieldErrors(err)),
  });
  return (
    <Modal opened onClose={onClose} title={title}>
      <form noValidate aria-label="Generate e-way bill without IRN" onSubmit={(ev) => { ev.preventDefault(); make.mutate(); }}>
        <Stack>
          <Text size="sm">Generated on the e-way bill system for the invoice. Valid one day per 200 km or part of it, from the day Part B (vehicle) is entered.</Text>
          <TextInput label="Distance (km)" description="0 lets the e-way bill system compute it from the PIN codes" inputMode="numeric" value={v.distanceKm} onChange={set('distanceKm')} error={errors.distanceKm} maxLength={4} />
          <Select label="Mode" data={modes} value={v.transMode} onChange={(m) => m && setV({ ...v, transMode: m })} allowDeselect={false} />
          <Group grow>
            <TextInput label="Transporter id (GSTIN or TRANSIN)" value={v.transporterId} onChange={set('transporterId')} error={errors.transporterId} maxLength={15} />
            <TextInput label="Transporter name" value={v.transporterName} onChange={set('transporterName')} error={errors.transporterName} maxLength={100} />
          </Group>
          <TextInput label="Vehicle number" description="Leave empty to enter Part B later" value={v.vehicleNo} onChange={set('vehicleNo')} error={errors.vehicleNo} maxLength={15} />
          {v.transMode !== '1' && (
            <Group grow>
              <TextInput label="Transport document number" value={v.transDocNo} onChange={set('transDocNo')} error={errors.transDocNo} maxLength={15} />
              <TextInput label="Transport document date" placeholder="dd/mm/yyyy" value={v.transDocDate} onChange={set('transDocDate')} error={errors.transDocDate} maxLength={10} />
            </Group>
          )}
          <GenerateEwbFooter error={make.isError && !Object.values(errors).some(Boolean) ? (make.error as Error).message : null} pending={make.isPending} onClose={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}

/** Update Part B: the vehicle (road) or the transport document (rail, air, ship) now carrying the goods, with a reason. */
export function PartBModal({ invoiceId, ewbNo, onClose }: { invoiceId: string; ewbNo: string; onClose: () => void }) {
  const refresh = useRefresh();
  const [v, setV] = useState({ transMode: '1', vehicleNo: '', transDocNo: '', transDocDate: '', reason: '', remark: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (k: keyof typeof v) => (ev: React.ChangeEvent<HTMLInputElement>) => {
    setV({ ...v, [k]: ev.currentTarget.value });
    setErrors({ ...errors, [k]: '' });
  };
  const save = useMutation({
    mutationFn: () => apiJson<EwayBillResponse>(`/api/gst/invoices/${invoiceId}/ewaybill/part-b`, { method: 'POST', body: { ...v, reason: v.reason || undefined } }),
    onSuccess: () => {
      refresh();
      onClose();
    },
    onError: (err) => setErrors(fieldErrors(err)),
  });
  return (
    <Modal opened onClose={onClose} title={`Part B of e-way bill ${ewbNo}`}>
      <form noValidate aria-label="Update Part B" onSubmit={(ev) => { ev.preventDefault(); save.mutate(); }}>
        <Stack>
          <Select label="Mode" data={modes} value={v.transMode} onChange={(m) => m && setV({ ...v, transMode: m })} allowDeselect={false} />
          {v.transMode === '1' ? (
            <TextInput label="Vehicle number" value={v.vehicleNo} onChange={set('vehicleNo')} error={errors.vehicleNo} maxLength={15} />
          ) : (
            <Group grow>
              <TextInput label="Transport document number" value={v.transDocNo} onChange={set('transDocNo')} error={errors.transDocNo} maxLength={15} />
              <TextInput label="Transport document date" placeholder="dd/mm/yyyy" value={v.transDocDate} onChange={set('transDocDate')} error={errors.transDocDate} maxLength={10} />
            </Group>
          )}
          <Select label="Reason" data={Object.entries(PART_B_REASONS).map(([value, label]) => ({ value, label }))} value={v.reason || null} onChange={(r) => { setV({ ...v, reason: r ?? '' }); setErrors({ ...errors, reason: '' }); }} error={errors.reason} />
          <TextInput label="Remark" value={v.remark} onChange={set('remark')} error={errors.remark} maxLength={50} />
          {save.isError && !Object.values(errors).some(Boolean) && <Alert color="red">{(save.error as Error).message}</Alert>}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>Cancel</Button>
            <Button type="submit" loading={save.isPending}>Update Part B</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Cancel E-way Bill within 24 hours: a reason of the e-way bill system and a remark, after a confirmation. */
export function CancelEwbModal({ invoiceId, ewbNo, onClose }: { invoiceId: string; ewbNo: string; onClose: () => void }) {
  const refresh = useRefresh();
  const [reason, setReason] = useState<EwbCancelReason | null>(null);
  const [remark, setRemark] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const cancel = useMutation({
    mutationFn: () => apiJson<EwayBillCancelResponse>(`/api/gst/invoices/${invoiceId}/ewaybill/cancel`, { method: 'POST', body: { reason, remark } }),
    onSuccess: () => {
      refresh();
      onClose();
    },
    onError: (err) => setErrors(fieldErrors(err)),
  });
  return (
    <Modal opened onClose={onClose} title={`Cancel e-way bill ${ewbNo}?`}>
      <form noValidate aria-label="Cancel e-way bill" onSubmit={(ev) => { ev.preventDefault(); cancel.mutate(); }}>
        <Stack>
          <Text size="sm">The e-way bill system cancels it for good. Allowed within 24 hours of its generation; the consignment then needs a new one before it moves.</Text>
          <Select label="Reason" data={Object.entries(EWB_CANCEL_REASONS).map(([value, label]) => ({ value, label }))} value={reason} onChange={(r) => { setReason(r as EwbCancelReason); setErrors({ ...errors, reason: '' }); }} error={errors.reason} />
          <TextInput label="Remark" value={remark} onChange={(ev) => { setRemark(ev.currentTarget.value); setErrors({ ...errors, remark: '' }); }} maxLength={50} error={errors.remark} />
          {cancel.isError && !Object.values(errors).some(Boolean) && <Alert color="red">{(cancel.error as Error).message}</Alert>}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>Keep the e-way bill</Button>
            <Button color="red" type="submit" loading={cancel.isPending}>Cancel e-way bill</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The e-way bills made on the e-way bill system (those by IRN are in the e-invoice queue). */
export function EwayBillsCard() {
  const q = useQuery(ewayBillsQuery());
  const [partB, setPartB] = useState<EwayBillView | null>(null);
  const [cancelling, setCancelling] = useState<EwayBillView | null>(null);
  const own = q.data?.ewayBills.filter((e) => e.source === 'ewb') ?? [];
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Title order={4}>E-way bills without IRN</Title>
        {q.isPending && <Loader aria-label="Loading e-way bills" />}
        {q.isError && <Alert color="red" title="Server Error">{(q.error as Error).message}</Alert>}
        {!!q.data?.pending.length && (
          <Alert color="orange" title="E-way bills in doubt">
            <Stack gap={4}>
              {q.data.pending.map((p) => (
                <Text size="sm" key={p.invoiceId}>Invoice {p.docNo} ({p.buyerName}, since {indiaDateTimeText(p.since)}): {p.message}</Text>
              ))}
            </Stack>
          </Alert>
        )}
        {q.data && !own.length && <Text size="sm" c="dimmed">No e-way bill generated on the e-way bill system yet: an order worth more than ₹50,000 offers it once its invoice is issued.</Text>}
        {!!own.length && (
          <Table>
            <Table.Thead>
              <Table.Tr><Table.Th>E-way bill</Table.Th><Table.Th>Invoice</Table.Th><Table.Th ta="right">Amount</Table.Th><Table.Th>Part B</Table.Th><Table.Th>Valid till</Table.Th><Table.Th /></Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {own.map((e) => (
                <Table.Tr key={e.ewbNo}>
                  <Table.Td>
                    <Text size="sm" fw={600}>{e.ewbNo}</Text>
                    <Text size="xs" c="dimmed">{indiaDateTimeText(e.generatedAt)}{e.distanceKm ? `, ${e.distanceKm} km` : ''}</Text>
                    {e.demo && <Badge color="orange" size="xs">Demo</Badge>}
                    {e.consolidatedNo && <Text size="xs" c="dimmed">Consolidated {e.consolidatedNo}</Text>}
                  </Table.Td>
                  <Table.Td><Text size="sm">{e.docNo}</Text><Text size="xs" c="dimmed">{e.buyerName}</Text></Table.Td>
                  <Table.Td ta="right">{formatRupees(e.amountPaise)}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{e.vehicleNo ?? e.transDocNo ?? <Text span c="orange" size="sm">Not entered</Text>}</Text>
                    <Text size="xs" c="dimmed">{e.transMode ? EWB_TRANS_MODES[e.transMode as keyof typeof EWB_TRANS_MODES] : ''}{e.transporterId ? ` · ${e.transporterId}` : ''}</Text>
                  </Table.Td>
                  <Table.Td><Text size="sm">{e.validTill ? indiaDateTimeText(e.validTill) : '—'}</Text></Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Button size="xs" variant="light" onClick={() => setPartB(e)}>Update Part B</Button>
                      {e.canCancel && <Button size="xs" color="red" variant="subtle" onClick={() => setCancelling(e)}>Cancel e-way bill</Button>}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
      {partB && <PartBModal invoiceId={partB.invoiceId} ewbNo={partB.ewbNo} onClose={() => setPartB(null)} />}
      {cancelling && <CancelEwbModal invoiceId={cancelling.invoiceId} ewbNo={cancelling.ewbNo} onClose={() => setCancelling(null)} />}
    </Card>
  );
}
