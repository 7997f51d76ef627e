import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { approvableAs, RETURN_APPROVABLE_STATUSES, type FloorOrderDoc, type ReturnFindResponse } from '../../../domain/floor';
import { NOTHING_TO_DISPLAY } from '../../../domain/orders/texts';
import { ApiRequestError, apiJson } from '../../api/client';
import { findOrderByCode, readOrders } from '../../local-db/db';
import { useLiveQuery } from '../../local-db/live';
import { useFloorSync } from '../../local-db/useFloorSync';
import { feedback } from '../../scanner/feedback';
import { useScanner } from '../../scanner/useScanner';
// The floor screens' own rules (notifications kept off the scan field).
import '../floor/floor.module.css';
import { DataTable, type DataTableColumn } from '../../ui/DataTable';
import { deviceOrderList, orderCodeColumn } from '../floor/orderList';
import { useUnlockSoundOnFirstTouch } from '../floor/PackingStation';
import { useSession } from '../../auth/useSession';
import { ScanBox } from '../../ui/ScanBox';
import { ScannerSettingsButton } from '../../scanner/ScannerSettings';
import { ScanResult, type ScanOutcome } from '../floor/ScanResult';
import { ReturnApprovalModal } from './ReturnApprovalModal';

/** Statuses a scanned return AWB is looked for in: RTO/DTO delivered, and READY_TO_SHIP for the one company the spec names. */
const LOOKUP_STATUSES = [...RETURN_APPROVABLE_STATUSES, 'READY_TO_SHIP'] as const;

/** /returns: scan a returned parcel's AWB and approve what came back, online or not. */
export function ReturnsStation() {
  const sync = useFloorSync();
  const navigate = useNavigate();
  const session = useSession();
  const [open, setOpen] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<ScanOutcome | null>(null);
  useUnlockSoundOnFirstTouch();
  const live = useLiveQuery(() => readOrders(sync.db), [sync]);
  // Every order this device keeps that may be approved: RTO/DTO delivered, and the named company's READY_TO_SHIP orders.
  const waiting = useMemo(() => {
    const all = (live.data ?? []).filter((o) => approvableAs(o) !== null);
    const delivered = (o: { status: string }) => (RETURN_APPROVABLE_STATUSES as readonly string[]).includes(o.status);
    return [...all.filter(delivered), ...all.filter((o) => !delivered(o))];
  }, [live.data]);

  const notFound = (code: string, message = `No return awaiting approval has the AWB ${code}.`) => {
    feedback.fail();
    setOutcome((o) => ({ kind: 'fail', seq: (o?.seq ?? 0) + 1, title: 'Order not found', detail: message }));
  };

  const lookup = async (raw: string) => {
    const code = raw.trim();
    const approvable = async () => {
      const doc = await findOrderByCode(sync.db, code, LOOKUP_STATUSES);
      return doc && approvableAs(doc) ? doc : undefined;
    };
    let doc = await approvable();
    if (!doc && navigator.onLine) {
      await sync.engine.sync();
      doc = await approvable();
    }
    let id = doc?.id;
    if (!id && navigator.onLine) {
      // Not kept on this device (an admin keeps none): ask the server.
      try {
        id = (await apiJson<ReturnFindResponse>(`/api/returns/find?code=${encodeURIComponent(code)}`)).data.orderId;
      } catch (error) {
        return notFound(code, error instanceof ApiRequestError ? error.message : undefined);
      }
    }
    if (!id) return notFound(code);
    feedback.pass();
    setOutcome(null);
    setOpen(id);
  };
  useScanner({ onScan: ({ code }) => lookup(code), enabled: open === null });
  const columns: DataTableColumn<FloorOrderDoc>[] = [
    orderCodeColumn((o) => o.returnAwb ?? o.awb),
    {
      key: 'type',
      header: 'Type',
      cell: (o) => (
        <>
          <Badge>{approvableAs(o)}</Badge>
          {o.status === 'READY_TO_SHIP' && (
            <Text size="xs" c="dimmed">
              Ready to ship
            </Text>
          )}
        </>
      ),
    },
    { key: 'customer', header: 'Customer', cellProps: () => ({ 'data-wide': true }), cell: (o) => o.customerName },
    {
      key: 'action',
      label: 'Action',
      card: 'action',
      cell: (o) => (
        <Button h={48} onClick={() => setOpen(o.id)}>
          Approve
        </Button>
      ),
    },
  ];

  return (
    <Stack maw={1100} gap="sm" className="sd-floor-screen">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="sm" wrap="nowrap">
          {/* Back goes to the floor's own list (the packing station) for a warehouse user, to the orders for a seller. */}
          <Button
            variant="default"
            size="md"
            h={48}
            leftSection={<IconArrowLeft size={20} aria-hidden />}
            onClick={() => navigate(session.role === 'warehouse' ? { to: '/fulfillment' } : { to: '/orders' })}
          >
            Back
          </Button>
          <Title order={2} fz={{ base: 22, sm: 26 }}>
            Returns
          </Title>
          <ScannerSettingsButton />
        </Group>
      </Group>
      <Text fz={{ base: 18, sm: 26 }} fw={700}>
        Next: scan the AWB of a returned parcel
      </Text>
      <ScanBox label="Return AWB" placeholder="Scan or type the AWB" onSubmit={(code) => void lookup(code)} autoFocus testId="return-awb-input" />
      <ScanResult outcome={outcome} compact />
      <Title order={3} fz={{ base: 18, sm: 22 }}>
        Awaiting approval ({waiting.length})
      </Title>
      <DataTable
        label="Returns awaiting approval"
        testId="returns-list"
        {...deviceOrderList(live, waiting)}
        rowProps={(o) => ({ 'data-order-id': o.id })}
        columns={columns}
        empty={{ title: NOTHING_TO_DISPLAY, text: 'No returns awaiting approval are saved on this device.' }}
      />
      {open && <ReturnApprovalModal orderId={open} onClose={() => setOpen(null)} />}
    </Stack>
  );
}
