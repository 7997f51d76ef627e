// "Consolidated e-way bill" for the manifest being built (docs/integrations/gst.md, GENCEWB): the active e-way
// bills of the manifest's orders (their latest invoices) travel in one vehicle, or under one rail/air/ship
// transport document. The seller enters the vehicle and mode, confirms, and reads back the consolidated
// e-way bill's number and date; the e-way bill system's refusals are shown in its words.
import { Alert, Button, Group, List, Loader, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { CONSOLIDATE_NONE, ConsolidateInput, EWB_TRANS_MODES, type ConsolidatedResponse } from '../../../domain/einvoice/ewb';
import { indiaDateTimeText } from '../../../domain/india-time';
import { apiJson, fieldErrors } from '../../api/client';
import type { ManifestEntry } from '../downloads/manifestTray';
import { ewayBillsQuery } from '../gst/EwayBillsCard';

const modes = Object.entries(EWB_TRANS_MODES).map(([value, label]) => ({ value, label }));

export type ConsolidateEwbModalProps = { entries: ManifestEntry[]; onClose: () => void };

export function ConsolidateEwbModal({ entries, onClose }: ConsolidateEwbModalProps) {
  const qc = useQueryClient();
  const q = useQuery(ewayBillsQuery());
  const [v, setV] = useState({ transMode: '1', vehicleNo: '', transDocNo: '', transDocDate: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState(false);
  const onManifest = new Map(entries.map((e) => [e.id, e]));
  const bills = (q.data?.ewayBills ?? []).filter((b) => onManifest.has(b.orderId));
  const covered = new Set(bills.map((b) => b.orderId));
  const without = entries.filter((e) => !covered.has(e.id));
  const body = { orderIds: [...covered], ...v };
  const make = useMutation({
    mutationFn: () => apiJson<ConsolidatedResponse>('/api/gst/ewaybills/consolidate', { method: 'POST', body }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ewayBillsQuery().queryKey }),
    onError: (err) => {
      setConfirming(false);
      setErrors(fieldErrors(err));
    },
  });
  const set = (k: keyof typeof v) => (ev: React.ChangeEvent<HTMLInputElement>) => {
    setV({ ...v, [k]: ev.currentTarget.value });
    setErrors({ ...errors, [k]: '' });
  };
  /** The same checks as the API, before asking the seller to confirm. */
  const check = () => {
    const parsed = ConsolidateInput.safeParse(body);
    if (parsed.success) return setConfirming(true);
    setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0] ?? ''), i.message])));
  };
  const vehicleText = v.transMode === '1' ? `vehicle ${v.vehicleNo.trim().toUpperCase()}` : `${EWB_TRANS_MODES[v.transMode as keyof typeof EWB_TRANS_MODES].toLowerCase()} document ${v.transDocNo.trim().toUpperCase()}`;
  const failure = make.isError && !Object.values(errors).some(Boolean) ? (make.error as Error).message : null;

  return (
    <Modal opened onClose={onClose} title="Consolidated e-way bill" size="lg">
      {q.isPending && <Group gap="xs"><Loader size="sm" aria-label="Loading e-way bills" /><Text size="sm">Loading the manifest's e-way bills…</Text></Group>}
      {q.isError && <Alert color="red" title="Could not load the e-way bills">{(q.error as Error).message}</Alert>}
      {q.data && make.data && (
        <Stack>
          <Alert color="green" title={`Consolidated e-way bill ${make.data.consolidatedNo}`}>
            Generated {indiaDateTimeText(make.data.generatedAt)} for {make.data.ewbNos.length} e-way {make.data.ewbNos.length === 1 ? 'bill' : 'bills'}: {make.data.ewbNos.join(', ')}.
          </Alert>
          <Group justify="flex-end"><Button onClick={onClose}>Done</Button></Group>
        </Stack>
      )}
      {q.data && !make.data && !bills.length && (
        <Stack>
          <Text size="sm">{CONSOLIDATE_NONE}</Text>
          <Group justify="flex-end"><Button variant="default" onClick={onClose}>Close</Button></Group>
        </Stack>
      )}
      {q.data && !make.data && !!bills.length && (
        <form noValidate aria-label="Consolidated e-way bill" onSubmit={(ev) => { ev.preventDefault(); if (confirming) make.mutate(); else check(); }}>
          <Stack>
            <Text size="sm">
              One consolidated e-way bill (trip sheet) for the {bills.length} e-way {bills.length === 1 ? 'bill' : 'bills'} of this manifest moving together, generated on the e-way bill system.
            </Text>
            <List size="sm" spacing={2}>
              {bills.map((b) => (
                <List.Item key={b.ewbNo}>
                  {onManifest.get(b.orderId)?.shopOrderId ?? b.docNo}: e-way bill {b.ewbNo}
                  {b.consolidatedNo ? ` (already in consolidated ${b.consolidatedNo})` : ''}
                </List.Item>
              ))}
            </List>
            {!!without.length && (
              <Alert color="yellow">
                Left out, no e-way bill: {without.map((e) => e.shopOrderId).join(', ')}.
              </Alert>
            )}
            <Select label="Mode" data={modes} value={v.transMode} onChange={(m) => { if (m) { setV({ ...v, transMode: m }); setConfirming(false); } }} allowDeselect={false} disabled={confirming} />
            {v.transMode === '1' ? (
              <TextInput label="Vehicle number" placeholder="MH04AB1234" value={v.vehicleNo} onChange={set('vehicleNo')} error={errors.vehicleNo} maxLength={15} disabled={confirming} />
            ) : (
              <Group grow align="flex-start">
                <TextInput label="Transport document number" value={v.transDocNo} onChange={set('transDocNo')} error={errors.transDocNo} maxLength={15} disabled={confirming} />
                <TextInput label="Transport document date" placeholder="dd/mm/yyyy" value={v.transDocDate} onChange={set('transDocDate')} error={errors.transDocDate} maxLength={10} disabled={confirming} />
              </Group>
            )}
            {failure && <Alert color="red" title="Not generated">{failure}</Alert>}
            {confirming && (
              <Alert color="blue" title="Generate it?">
                A consolidated e-way bill for {bills.length} e-way {bills.length === 1 ? 'bill' : 'bills'} in {vehicleText} is registered with the e-way bill system.
              </Alert>
            )}
            <Group justify="flex-end">
              {confirming ? (
                <Button variant="default" onClick={() => setConfirming(false)} disabled={make.isPending}>Back</Button>
              ) : (
                <Button variant="default" onClick={onClose}>Cancel</Button>
              )}
              <Button type="submit" loading={make.isPending}>{confirming ? 'Generate consolidated e-way bill' : 'Continue'}</Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
