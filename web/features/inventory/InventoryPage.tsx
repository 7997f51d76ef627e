import { Badge, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useMemo, useRef, useState } from 'react';
import { inventoryKey, type InventoryDoc } from '../../../domain/floor';
import { NOTHING_TO_DISPLAY } from '../../../domain/orders/texts';
import { useSession } from '../../auth/useSession';
import { readInventory } from '../../local-db/db';
import { useLiveQuery } from '../../local-db/live';
import { useFloorSync } from '../../local-db/useFloorSync';
// The floor screens' own rules (notifications kept off the scan field).
import '../floor/floor.module.css';
import { cleanScan, loadScannerProfile } from '../../scanner/profile';
import { useScanner } from '../../scanner/useScanner';
import { DataTable, type DataTableColumn } from '../../ui/DataTable';
import { deviceList } from '../../ui/floorTable';
import { InventoryPopup } from './InventoryPopup';

const PAGE_SIZE = 50;

/** /inventory: the stock rows of the warehouse (or the seller's company) kept on this device. */
export function InventoryPage({ q, page }: { q: string; page: number }) {
  const session = useSession();
  const sync = useFloorSync();
  const navigate = useNavigate();
  const field = useRef<HTMLInputElement>(null);
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
  const companyColumn = useMediaQuery('(min-width: 62em)', true, { getInitialValueInEffect: false });
  const columns: (DataTableColumn<InventoryDoc> | false)[] = [
    { key: 'wsin', header: 'WSIN', card: 'title', cellProps: () => ({ fw: 700 }), cell: (r) => r.wsin },
    { key: 'quantity', header: 'Quantity', cellProps: () => ({ fw: 700, 'data-testid': 'inventory-quantity' }), cell: (r) => r.quantity },
    {
      key: 'product',
      header: 'Product',
      card: 'wide',
      cell: (r) =>
        companyColumn ? (
          r.productName ?? '—'
        ) : (
          <>
            {r.productName ?? '—'}
            <Text size="sm" c="dimmed">
              {companies.get(r.companyId) ?? r.companyId}
            </Text>
          </>
        ),
    },
    // Its own column where there is room (992 px up); under the product on a portrait tablet.
    companyColumn && { key: 'company', header: 'Company', cell: (r) => companies.get(r.companyId) ?? r.companyId },
    { key: 'location', header: 'Location', cell: (r) => r.location ?? '—' },
    { key: 'blocked', header: 'Blocked', cell: (r) => (r.blocked > 0 ? <Badge color="orange">{r.blocked}</Badge> : 0) },
    { key: 'scanned', header: 'Scanned', cell: (r) => r.scannedQuantity },
    {
      key: 'action',
      label: 'Action',
      card: 'action',
      cell: (r) => (
        <Button h={48} variant="light" onClick={() => setOpenKey(inventoryKey(r))}>
          Open
        </Button>
      ),
    },
  ];
  // A search (typed or scanned): a WSIN of one row opens that row; anything else filters the list.
  const find = (raw: string) => {
    const code = cleanScan(raw, loadScannerProfile());
    const exact = (live.data ?? []).filter((r) => r.wsin.toLowerCase() === code.toLowerCase());
    if (exact.length === 1) {
      // A scanned product: its popup, and the field empty for the next scan.
      if (field.current) field.current.value = '';
      setOpenKey(inventoryKey(exact[0]));
      return;
    }
    if (field.current) field.current.value = code;
    void navigate({ to: '/inventory', search: { q: code || undefined, page: 1 } });
  };
  useScanner({ onScan: ({ code }) => find(code), enabled: openKey === null });
  const open = openKey ? (live.data ?? []).find((r) => inventoryKey(r) === openKey) : undefined;

  return (
    <Stack maw={1200} gap="sm" className="sd-floor-screen">
      <Title order={2} fz={{ base: 22, sm: 26 }}>
        Inventory
      </Title>
      <form noValidate
        onSubmit={(e) => {
          e.preventDefault();
          find(field.current?.value ?? '');
        }}
      >
        <Group align="flex-end" gap="xs" wrap="nowrap">
          {/* A scan field: what arrives before the terminator is one search, whatever the key timing. */}
          <TextInput
            ref={field}
            label="Search WSIN or product"
            defaultValue={q}
            onKeyDown={(e) => {
              if (e.key !== 'Enter' && e.key !== loadScannerProfile().terminator) return;
              if (e.nativeEvent.isComposing) return;
              e.preventDefault();
              find(e.currentTarget.value);
            }}
            leftSection={<IconSearch size={18} aria-hidden />}
            size="lg"
            autoComplete="off"
            spellCheck={false}
            style={{ flex: '1 1 0', minWidth: 0 }}
            data-testid="inventory-search"
            data-scan-field=""
          />
          <Button type="submit" size="lg" h={50} style={{ flexShrink: 0 }}>
            Search
          </Button>
        </Group>
      </form>
      <DataTable
        label="Stock"
        testId="inventory-list"
        {...deviceList(live, shown, 'Could not read the stock saved on this device')}
        rowKey={inventoryKey}
        rowProps={(r) => ({ 'data-testid': 'inventory-row', 'data-wsin': r.wsin })}
        columns={columns}
        empty={{
          title: NOTHING_TO_DISPLAY,
          text: (live.data ?? []).length === 0 ? 'No stock rows are saved on this device yet. They arrive with the next sync.' : 'No stock matches the search.',
        }}
        touchPager={{ page, pages, onChange: (p) => void navigate({ to: '/inventory', search: { q: q || undefined, page: p } }) }}
        // Cards on a phone; a table from a portrait tablet (768 px) up, a screenful of products at a time.
        narrow="cards"
      />
      {open && <InventoryPopup row={open} sync={sync} onClose={() => setOpenKey(null)} />}
    </Stack>
  );
}
