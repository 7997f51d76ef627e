import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import type { Promoter } from '../../../domain/promoters';
import { DataTable, type DataTableColumn } from '../../ui/DataTable';
import { PromoterReport } from './PromoterReport';

type Retailer = Promoter['retailers'][number];

const RETAILER_COLUMNS: DataTableColumn<Retailer>[] = [
  { key: 'name', header: 'Name', cell: (r) => `${r.firstName} ${r.lastName}` },
  { key: 'phone', header: 'Phone', cell: (r) => r.phone },
  { key: 'gstin', header: 'GSTIN', cell: (r) => r.GSTIN || '—' },
];

/** The promoter slider: who they are, their retailers, and the stock details of those retailers. */
export function PromoterDetail({ promoter }: { promoter: Promoter }) {
  return (
    <Stack data-testid="promoter-detail">
      <Group gap="xs">
        <Badge variant="light">{promoter.phone}</Badge>
        <Badge variant="outline">{promoter.hmsUserReferenceId}</Badge>
      </Group>
      <Text size="sm" c="dimmed">
        Created {promoter.createdAt.slice(0, 10)} by {promoter.createdBy}
      </Text>
      <Title order={5}>Retailers</Title>
      <DataTable
        label={`Retailers of ${promoter.name}`}
        testId="promoter-retailers"
        rows={promoter.retailers}
        rowKey={(r) => r.id}
        columns={RETAILER_COLUMNS}
        stickyHeader={false}
        striped={false}
        verticalSpacing={4}
      />
      <Title order={5}>Stock details</Title>
      <PromoterReport kind="stock-details" promoterName={promoter.name} />
    </Stack>
  );
}
