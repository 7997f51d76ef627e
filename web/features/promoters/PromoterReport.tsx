import { DayInput } from '../../ui/DayInput';
import { useState } from 'react';
import { Box, Button, Group, Select, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  PROMOTER_SEARCH_OPTIONS,
  type PromoterCreditNoteResponse,
  type PromoterCreditNoteRow,
  type PromoterStockResponse,
  type PromoterStockRow,
} from '../../../domain/promoters';
import { apiFetch, apiJson } from '../../api/client';
import { DOWNLOAD_CSV_ERROR } from '../../../domain/downloads';
import { saveBlob } from '../downloads/files';
import { DataTable, type DataTableColumn } from '../../ui/DataTable';
import { numberedPager } from '../../ui/Pager';
import { queryError } from '../../ui/queryError';
import { formatRupees } from '../../../domain/money';

export type PromoterReportProps = { kind: 'stock-details' | 'credit-note'; promoterName?: string };

/** The columns both reports start with: whose row it is. */
const WHOSE: DataTableColumn<Pick<PromoterStockRow, 'promoterName' | 'retailerName' | 'retailerPhone'>>[] = [
  { key: 'promoter', header: 'Promoter', cell: (r) => r.promoterName },
  { key: 'retailer', header: 'Retailer', cell: (r) => r.retailerName },
  { key: 'phone', header: 'Phone', cell: (r) => r.retailerPhone },
];

const rupees = formatRupees;
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

  // What both reports' tables share: states, paging and width.
  const shared = {
    minWidth: 800,
    stickyHeader: false,
    loading: q.isPending,
    refreshing: q.isPlaceholderData && q.isFetching,
    error: queryError(q),
    pager: numberedPager({ page, pageSize: PAGE, total: q.data?.totalRecords ?? 0, onPage: setPage, noun: 'rows', busy: q.isFetching }),
  };
  return (
    <>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select label="Search by" w={160} data={PROMOTER_SEARCH_OPTIONS.map((o) => ({ value: o.value, label: o.label }))} value={f.searchOptionType} onChange={set('searchOptionType')} allowDeselect={false} />
        <TextInput label="Search" w={180} value={f.searchValue} onChange={(e) => set('searchValue')(e.currentTarget.value)} />
        {!fixedName && <TextInput label="Promoter name" w={180} value={f.promoterName} onChange={(e) => set('promoterName')(e.currentTarget.value)} />}
        <DayInput label="From" w={160} value={f.startDate} onChange={set('startDate')} />
        <DayInput label="To" w={160} value={f.endDate} onChange={set('endDate')} />
        <Button variant="light" onClick={downloadCsv}>Download CSV</Button>
      </Group>
      <Box mt="sm">
        {kind === 'stock-details' ? (
          <DataTable
            {...shared}
            label="Stock details"
            rows={q.data?.data as PromoterStockRow[] | undefined}
            rowKey={(r) => `${r.retailerPhone}-${r.sku}`}
            columns={[
              ...WHOSE,
              { key: 'sku', header: 'SKU', cell: (r) => r.sku },
              { key: 'product', header: 'Product', cell: (r) => r.product },
              { key: 'qty', header: 'Qty', align: 'right', cell: (r) => r.quantity },
              { key: 'returned', header: 'Returned', align: 'right', cell: (r) => r.returnedQuantity },
              { key: 'value', header: 'Value', align: 'right', cell: (r) => rupees(r.valuePaise) },
            ]}
          />
        ) : (
          <DataTable
            {...shared}
            label="Credit notes"
            rows={q.data?.data as PromoterCreditNoteRow[] | undefined}
            rowKey={(r) => r.creditNoteNumber}
            columns={[
              ...WHOSE,
              { key: 'order', header: 'Order', cell: (r) => r.orderId },
              { key: 'note', header: 'Credit note', cell: (r) => r.creditNoteNumber },
              { key: 'amount', header: 'Amount', align: 'right', cell: (r) => rupees(r.amountPaise) },
              { key: 'reason', header: 'Reason', cell: (r) => r.reason },
              { key: 'date', header: 'Date', cell: (r) => r.createdAt.slice(0, 10) },
            ]}
          />
        )}
      </Box>
    </>
  );
}
