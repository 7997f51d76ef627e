import { useState } from 'react';
import { Badge, Group, Select, TextInput } from '@mantine/core';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditLogResponse } from '../../../domain/audit';
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
          <TextInput label="From" type="date" w={150} value={startDate} onChange={(e) => reset(setStart)(e.currentTarget.value)} />
          <TextInput label="To" type="date" w={150} value={endDate} onChange={(e) => reset(setEnd)(e.currentTarget.value)} />
        </Group>
      }
      query={q}
      list={{ rows: (d) => d.data, total: (d) => d.totalRecords, ...paging, noun: 'entries', nounOne: 'entry' }}
      table={{
        testId: 'audit-log-table',
        minWidth: 860,
        columns: [
          { key: 'when', header: 'When', cell: (e) => new Date(e.at).toLocaleString('en-IN') },
          { key: 'admin', header: 'Admin', cell: (e) => e.actorName },
          { key: 'company', header: 'Company', cell: (e) => e.companyName ?? '—' },
          { key: 'action', header: 'Action', cell: (e) => <code>{e.action}</code> },
          { key: 'record', header: 'Record', cell: (e) => e.entityId ?? '—' },
          { key: 'result', header: 'Result', cell: (e) => <Badge variant="light" color="green">{e.outcome}</Badge> },
        ],
      }}
    />
  );
}
