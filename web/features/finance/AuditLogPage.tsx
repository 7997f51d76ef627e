import { useState, type ReactElement } from 'react';
import { Anchor, Badge, Group, Select, Stack, Text } from '@mantine/core';
import { DayInput } from '../../ui/DayInput';
import { Link } from '@tanstack/react-router';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditEntityKind, AuditEntry, AuditLogResponse } from '../../../domain/audit';
import { DEFAULT_CATALOGUE_TAB } from '../../../domain/catalogue';
import { indiaDateTime } from '../../../domain/india-time';
import { apiJson } from '../../api/client';
import { ListPage, usePaging } from '../../ui/ListPage';
import { CompanyFinder } from '../preferences/CompanyFinder';

const PAGE = 25;

/** One page of the audit log (the page reads it; its route loader prefetches the first, unfiltered page). */
export function auditLogQuery(f: { companyId?: string | null; userId?: string | null; startDate?: string; endDate?: string }, page: number) {
  const p = new URLSearchParams({ page: String(page), pageSize: String(PAGE) });
  if (f.companyId) p.set('companyId', f.companyId);
  if (f.userId) p.set('userId', f.userId);
  if (f.startDate) p.set('startDate', f.startDate);
  if (f.endDate) p.set('endDate', f.endDate);
  return queryOptions({
    queryKey: ['audit-log', p.toString()],
    queryFn: ({ signal }) => apiJson<AuditLogResponse>(`/api/admin/audit-log?${p}`, { signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** Admin > Audit log: every admin action on a company's data, by company, user and date. */
export function AuditLogPage() {
  const [companyId, setCompanyId] = useState<string | null>(null);
  const [userId, setUserId] = useState<string | null>(null);
  const [startDate, setStart] = useState('');
  const [endDate, setEnd] = useState('');
  const { paging, toFirst } = usePaging(PAGE);
  const q = useQuery(auditLogQuery({ companyId, userId, startDate, endDate }, paging.page));
  const reset = <T,>(set: (v: T) => void) => (v: T) => {
    set(v);
    toFirst();
  };

  return (
    <ListPage
      title="Audit log"
      filters={
        <Group align="flex-end" gap="sm" wrap="wrap">
          <CompanyFinder value={companyId} onChange={reset(setCompanyId)} />
          <Select label="User" placeholder="Any admin" clearable w={220} data={(q.data?.users ?? []).map((u) => ({ value: u.id, label: u.name }))} value={userId} onChange={reset(setUserId)} />
          <DayInput label="From" w={160} value={startDate} onChange={reset(setStart)} />
          <DayInput label="To" w={160} value={endDate} onChange={reset(setEnd)} />
        </Group>
      }
      query={q}
      list={{ rows: (d) => d.data, total: (d) => d.totalRecords, ...paging, noun: 'entries', nounOne: 'entry' }}
      table={{
        testId: 'audit-log-table',
        minWidth: 860,
        columns: [
          { key: 'when', header: 'When (IST)', cell: (e) => <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>{indiaDateTime(e.at)}</Text> },
          { key: 'admin', header: 'Who', cell: (e) => e.actorName },
          {
            key: 'action',
            header: 'Action',
            cell: (e) => (
              <>
                <Text fz="sm" fw={500} data-testid="audit-action">{e.actionText}</Text>
                <Text fz={11} c="dimmed" title={e.path}>{e.action}</Text>
              </>
            ),
          },
          { key: 'record', header: 'Record', cell: (e) => <RecordLink entry={e} /> },
          { key: 'changes', header: 'What changed', cellProps: () => ({ miw: 280 }), cell: (e) => <Changes entry={e} /> },
          { key: 'result', header: 'Result', cell: (e) => <Badge variant="light" color="green">{e.outcome}</Badge> },
        ],
      }}
    />
  );
}

type LinkRoot = (props: Record<string, unknown>) => ReactElement;

/** Each kind of record: what it is called, and where it opens (a kind kept on a seller's own settings page opens nowhere). */
const RECORD_KINDS: Record<AuditEntityKind, { noun: string; opens?: (e: AuditEntry) => LinkRoot }> = {
  order: { noun: 'Order', opens: (e) => (p) => <Link {...p} to="/orders" search={{ order: e.entityId! }} /> },
  company: { noun: 'Company', opens: (e) => (p) => <Link {...p} to="/settings/preferences" search={{ company: e.entityId! }} /> },
  catalogue_item: {
    noun: 'Catalogue item',
    opens: (e) => (p) => <Link {...p} to="/catalogs" search={{ tab: DEFAULT_CATALOGUE_TAB, item: e.entityId!, company: e.companyId ?? undefined }} />,
  },
  warehouse: { noun: 'Warehouse', opens: () => (p) => <Link {...p} to="/admin/warehouses" /> },
  company_gstin: { noun: 'GSTIN', opens: (e) => (p) => <Link {...p} to="/settings/invoicing" search={{ company: e.companyId ?? undefined }} /> },
  user: { noun: 'User', opens: () => (p) => <Link {...p} to="/admin/owners" /> },
  promoter: { noun: 'Promoter', opens: () => (p) => <Link {...p} to="/admin/promoters" /> },
  channel_connection: { noun: 'Store connection' },
  courier_connection: { noun: 'Courier connection' },
  gst_connection: { noun: 'GST portal connection' },
  cluster: { noun: 'Cluster', opens: () => (p) => <Link {...p} to="/admin/clusters" /> },
  cluster_owner: { noun: 'Cluster owner', opens: () => (p) => <Link {...p} to="/admin/owners" /> },
  driver: { noun: 'Driver', opens: () => (p) => <Link {...p} to="/admin/drivers" /> },
};

/** The record an entry touched, by what it is and the name a person knows it by, opening where it is kept. */
function RecordLink({ entry: e }: { entry: AuditEntry }) {
  const company = e.companyName ? <Text fz={11} c="dimmed">{e.companyName}</Text> : null;
  const kind = e.entityKind ? RECORD_KINDS[e.entityKind] : undefined;
  if (!kind || !e.entityId) {
    return (
      <>
        <Text fz="sm" c="dimmed">{e.entityId ?? '—'}</Text>
        {company}
      </>
    );
  }
  const name = `${kind.noun} ${e.entityLabel ?? e.entityId}`;
  const root = kind.opens?.(e);
  return (
    <>
      {root ? (
        <Anchor fz="sm" fw={600} data-testid="audit-record" renderRoot={root}>{name}</Anchor>
      ) : (
        <Text fz="sm" fw={600} data-testid="audit-record">{name}</Text>
      )}
      {e.entityKind !== 'company' && company}
    </>
  );
}

/** Each changed field: before → after ('empty' where there was or is no value); a replaced credential: that it changed, never a value. */
function Changes({ entry: e }: { entry: AuditEntry }) {
  if (!e.changes.length) return <Text fz="sm" c="dimmed">—</Text>;
  return (
    <Stack gap={2} data-testid="audit-changes">
      {e.changes.map((c) => (
        <Text key={c.field} fz="xs">
          {c.secret ? (
            <>
              <b>{c.field}</b>: {c.after} <Text span fz="xs" c="dimmed">(not shown)</Text>
            </>
          ) : (
            <>
              <b>{c.field}</b>: <Text span fz="xs" c="dimmed" td="line-through">{c.before ?? 'empty'}</Text> → {c.after ?? 'empty'}
            </>
          )}
        </Text>
      ))}
    </Stack>
  );
}
