import { Alert, Badge, Button, Group, Loader, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { inventoryKey } from '../../../domain/floor';
import { useSession } from '../../auth/useSession';
import { readInventory } from '../../local-db/db';
import { useLiveQuery } from '../../local-db/live';
import { useFloorSync } from '../../local-db/useFloorSync';
// The floor screens' own rules (notifications kept off the scan field).
import '../floor/floor.module.css';
import cards from '../../ui/DataTable.module.css';
import { TouchPager } from '../../ui/TouchPager';
import { InventoryPopup } from './InventoryPopup';

const PAGE_SIZE = 50;

/** /inventory: the stock rows of the warehouse (or the seller's company) kept on this device. */
export function InventoryPage({ q, page }: { q: string; page: number }) {
  const session = useSession();
  const sync = useFloorSync();
  const navigate = useNavigate();
  const [search, setSearch] = useState(q);
  const [openKey, setOpenKey] = useState<string | null>(null);
  const live = useLiveQuery(() => readInventory(sync.db), [sync]);
  const companies = useMemo(() => new Map(session.companyData.map((c) => [c.id, c.name])), [session.companyData]);
  const rows = useMemo(() => {
    const wanted = q.trim().toLowerCase();
    return (live.data ?? [])
      .filter((r) => !wanted || r.wsin.toLowerCase().includes(wanted) || (r.productName ?? '').toLowerCase().includes(wanted))
      .sort((a, b) => a.wsin.localeCompare(b.wsin) || a.companyId.localeCompare(b.companyId));
  }, [live.data, q]);
  const pages = Math.max(1, Math.ceil(rows.length / PAGE_SIZE));
  const shown = rows.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  const open = openKey ? (live.data ?? []).find((r) => inventoryKey(r) === openKey) : undefined;

  return (
    <Stack maw={1200} gap="sm" className="sd-floor-screen">
      <Title order={2} fz={{ base: 22, sm: 26 }}>
        Inventory
      </Title>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void navigate({ to: '/inventory', search: { q: search || undefined, page: 1 } });
        }}
      >
        <Group align="flex-end" gap="xs" wrap="nowrap">
          <TextInput
            label="Search WSIN or product"
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            leftSection={<IconSearch size={18} aria-hidden />}
            size="lg"
            style={{ flex: '1 1 0', minWidth: 0 }}
            data-testid="inventory-search"
          />
          <Button type="submit" size="lg" h={50} style={{ flexShrink: 0 }}>
            Search
          </Button>
        </Group>
      </form>
      {!live.ready ? (
        <Group>
          <Loader size="sm" />
          <Text>Loading the stock saved on this device…</Text>
        </Group>
      ) : rows.length === 0 ? (
        <Alert color="gray" title="Nothing to display here">
          {(live.data ?? []).length === 0 ? 'No stock rows are saved on this device yet. They arrive with the next sync.' : 'No stock matches the search.'}
        </Alert>
      ) : (
        <>
          <Table striped highlightOnHover verticalSpacing="sm" fz="md" data-testid="inventory-list" className={cards.cardsTablet}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>WSIN</Table.Th>
                <Table.Th>Quantity</Table.Th>
                <Table.Th>Product</Table.Th>
                <Table.Th>Company</Table.Th>
                <Table.Th>Location</Table.Th>
                <Table.Th>Blocked</Table.Th>
                <Table.Th>Scanned</Table.Th>
                <Table.Th aria-label="Action" />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((r) => (
                <Table.Tr key={inventoryKey(r)} data-testid="inventory-row" data-wsin={r.wsin}>
                  <Table.Td fw={700}>{r.wsin}</Table.Td>
                  <Table.Td fw={700} data-label="Quantity" data-testid="inventory-quantity">
                    {r.quantity}
                  </Table.Td>
                  <Table.Td data-wide>{r.productName ?? '—'}</Table.Td>
                  <Table.Td data-label="Company">{companies.get(r.companyId) ?? r.companyId}</Table.Td>
                  <Table.Td data-label="Location">{r.location ?? '—'}</Table.Td>
                  <Table.Td data-label="Blocked">{r.blocked > 0 ? <Badge color="orange">{r.blocked}</Badge> : 0}</Table.Td>
                  <Table.Td data-label="Scanned">{r.scannedQuantity}</Table.Td>
                  <Table.Td data-action>
                    <Button h={48} variant="light" onClick={() => setOpenKey(inventoryKey(r))}>
                      Open
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <TouchPager page={page} pages={pages} onChange={(p) => void navigate({ to: '/inventory', search: { q: q || undefined, page: p } })} />
        </>
      )}
      {open && <InventoryPopup row={open} sync={sync} onClose={() => setOpenKey(null)} />}
    </Stack>
  );
}
