import { useState } from 'react';
import { Alert, Badge, Group, Loader, Pagination, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditLogResponse } from '../../../domain/audit';
import { apiJson } from '../../api/client';
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
  const [page, setPage] = useState(1);
  const q = useQuery(auditLogQuery({ companyId, userId, startDate, endDate }, page));
  const reset = <T,>(set: (v: T) => void) => (v: T) => {
    set(v);
    setPage(1);
  };

  return (
    <Stack>
      <Title order={2}>Audit log</Title>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <CompanyFinder value={companyId} onChange={reset(setCompanyId)} />
        <Select label="User" placeholder="Any admin" clearable w={220} data={(q.data?.users ?? []).map((u) => ({ value: u.id, label: u.name }))} value={userId} onChange={reset(setUserId)} />
        <TextInput label="From" type="date" w={150} value={startDate} onChange={(e) => reset(setStart)(e.currentTarget.value)} />
        <TextInput label="To" type="date" w={150} value={endDate} onChange={(e) => reset(setEnd)(e.currentTarget.value)} />
      </Group>
      {q.isError && <Alert color="red">{(q.error as Error).message}</Alert>}
      {q.isPending ? (
        <Loader />
      ) : !q.data?.data.length ? (
        <Text c="dimmed">Nothing to display here</Text>
      ) : (
        <Table striped verticalSpacing={4} fz="sm">
          <Table.Thead>
            <Table.Tr><Table.Th>When</Table.Th><Table.Th>Admin</Table.Th><Table.Th>Company</Table.Th><Table.Th>Action</Table.Th><Table.Th>Record</Table.Th><Table.Th>Result</Table.Th></Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {q.data.data.map((e) => (
              <Table.Tr key={e.id}>
                <Table.Td>{new Date(e.at).toLocaleString('en-IN')}</Table.Td>
                <Table.Td>{e.actorName}</Table.Td>
                <Table.Td>{e.companyName ?? '—'}</Table.Td>
                <Table.Td><code>{e.action}</code></Table.Td>
                <Table.Td>{e.entityId ?? '—'}</Table.Td>
                <Table.Td><Badge variant="light" color="green">{e.outcome}</Badge></Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {(q.data?.totalRecords ?? 0) > PAGE && <Pagination total={Math.ceil((q.data?.totalRecords ?? 0) / PAGE)} value={page} onChange={setPage} />}
    </Stack>
  );
}
