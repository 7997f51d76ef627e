import { useState } from 'react';
import { Alert, Button, Group, Loader, Pagination, Select, Table, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PROMOTER_SEARCH_OPTIONS, type PromoterCreditNoteResponse, type PromoterStockResponse } from '../../../domain/promoters';
import { apiFetch, apiJson } from '../../api/client';
import { DOWNLOAD_CSV_ERROR } from '../../../domain/downloads';
import { saveBlob } from '../downloads/files';

export type PromoterReportProps = { kind: 'stock-details' | 'credit-note'; promoterName?: string };

const rupees = (paise: number) => `₹${(paise / 100).toFixed(2)}`;
const PAGE = 20;

/** Stock details or credit notes of promoters' retailers: search option, date range, paging and CSV. */
export function PromoterReport({ kind, promoterName: fixedName }: PromoterReportProps) {
  const [f, setF] = useState({ searchOptionType: 'retailerPhone', searchValue: '', promoterName: fixedName ?? '', startDate: '', endDate: '' });
  const [page, setPage] = useState(1);
  const params = new URLSearchParams({ record: String(PAGE), page: String(page) });
  for (const [k, v] of Object.entries(f)) if (v && (k !== 'searchOptionType' || f.searchValue)) params.set(k, v);
  const q = useQuery({
    queryKey: ['promoters', kind, params.toString()],
    queryFn: ({ signal }) => apiJson<PromoterStockResponse | PromoterCreditNoteResponse>(`/api/admin/promoter/${kind}?${params}`, { signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const set = (k: keyof typeof f) => (v: string | null) => {
    setF((s) => ({ ...s, [k]: v ?? '' }));
    setPage(1);
  };

  const downloadCsv = async () => {
    const p = new URLSearchParams(params);
    p.set('csvFlag', 'true');
    p.delete('page');
    const res = await apiFetch(`/api/admin/promoter/${kind}?${p}`);
    if (!res.ok) {
      notifications.show({ color: 'red', title: 'Error', message: DOWNLOAD_CSV_ERROR });
      return;
    }
    saveBlob(await res.blob(), kind === 'stock-details' ? 'promoter-stock.csv' : 'promoter-credit-notes.csv');
  };

  const data = q.data?.data ?? [];
  return (
    <>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select label="Search by" w={160} data={PROMOTER_SEARCH_OPTIONS.map((o) => ({ value: o.value, label: o.label }))} value={f.searchOptionType} onChange={set('searchOptionType')} allowDeselect={false} />
        <TextInput label="Search" w={180} value={f.searchValue} onChange={(e) => set('searchValue')(e.currentTarget.value)} />
        {!fixedName && <TextInput label="Promoter name" w={180} value={f.promoterName} onChange={(e) => set('promoterName')(e.currentTarget.value)} />}
        <TextInput label="From" type="date" w={150} value={f.startDate} onChange={(e) => set('startDate')(e.currentTarget.value)} />
        <TextInput label="To" type="date" w={150} value={f.endDate} onChange={(e) => set('endDate')(e.currentTarget.value)} />
        <Button variant="light" onClick={downloadCsv}>Download CSV</Button>
      </Group>
      {q.isError && <Alert color="red" mt="sm">{(q.error as Error).message}</Alert>}
      {q.isPending ? (
        <Loader mt="md" />
      ) : data.length === 0 ? (
        <Text c="dimmed" mt="md">Nothing to display here</Text>
      ) : (
        <Table.ScrollContainer minWidth={800} mt="sm">
          <Table striped verticalSpacing={4} fz="sm">
            {kind === 'stock-details' ? (
              <>
                <Table.Thead><Table.Tr><Table.Th>Promoter</Table.Th><Table.Th>Retailer</Table.Th><Table.Th>Phone</Table.Th><Table.Th>SKU</Table.Th><Table.Th>Product</Table.Th><Table.Th ta="right">Qty</Table.Th><Table.Th ta="right">Returned</Table.Th><Table.Th ta="right">Value</Table.Th></Table.Tr></Table.Thead>
                <Table.Tbody>
                  {(data as PromoterStockResponse['data']).map((r) => (
                    <Table.Tr key={`${r.retailerPhone}-${r.sku}`}><Table.Td>{r.promoterName}</Table.Td><Table.Td>{r.retailerName}</Table.Td><Table.Td>{r.retailerPhone}</Table.Td><Table.Td>{r.sku}</Table.Td><Table.Td>{r.product}</Table.Td><Table.Td ta="right">{r.quantity}</Table.Td><Table.Td ta="right">{r.returnedQuantity}</Table.Td><Table.Td ta="right">{rupees(r.valuePaise)}</Table.Td></Table.Tr>
                  ))}
                </Table.Tbody>
              </>
            ) : (
              <>
                <Table.Thead><Table.Tr><Table.Th>Promoter</Table.Th><Table.Th>Retailer</Table.Th><Table.Th>Phone</Table.Th><Table.Th>Order</Table.Th><Table.Th>Credit note</Table.Th><Table.Th ta="right">Amount</Table.Th><Table.Th>Reason</Table.Th><Table.Th>Date</Table.Th></Table.Tr></Table.Thead>
                <Table.Tbody>
                  {(data as PromoterCreditNoteResponse['data']).map((r) => (
                    <Table.Tr key={r.creditNoteNumber}><Table.Td>{r.promoterName}</Table.Td><Table.Td>{r.retailerName}</Table.Td><Table.Td>{r.retailerPhone}</Table.Td><Table.Td>{r.orderId}</Table.Td><Table.Td>{r.creditNoteNumber}</Table.Td><Table.Td ta="right">{rupees(r.amountPaise)}</Table.Td><Table.Td>{r.reason}</Table.Td><Table.Td>{r.createdAt.slice(0, 10)}</Table.Td></Table.Tr>
                  ))}
                </Table.Tbody>
              </>
            )}
          </Table>
        </Table.ScrollContainer>
      )}
      {(q.data?.totalRecords ?? 0) > PAGE && <Pagination mt="sm" total={Math.ceil((q.data?.totalRecords ?? 0) / PAGE)} value={page} onChange={setPage} />}
    </>
  );
}
