import { Alert, Badge, Button, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { approvableAs, RETURN_APPROVABLE_STATUSES } from '../../../domain/floor';
import { findOrderByCode, readOrders } from '../../local-db/db';
import { useLiveQuery } from '../../local-db/live';
import { useFloorSync } from '../../local-db/useFloorSync';
import { feedback } from '../../scanner/feedback';
import { useScanner } from '../../scanner/useScanner';
import { useUnlockSoundOnFirstTouch } from '../floor/PackingStation';
import { ScanBox } from '../floor/ScanBox';
import { ReturnApprovalModal } from './ReturnApprovalModal';

/** /returns: scan a returned parcel's AWB and approve what came back, online or not. */
export function ReturnsStation() {
  const sync = useFloorSync();
  const navigate = useNavigate();
  const [open, setOpen] = useState<string | null>(null);
  useUnlockSoundOnFirstTouch();
  const live = useLiveQuery(() => readOrders(sync.db), [sync]);
  const waiting = useMemo(() => (live.data ?? []).filter((o) => approvableAs(o) && (RETURN_APPROVABLE_STATUSES as readonly string[]).includes(o.status)), [live.data]);

  const lookup = async (code: string) => {
    let doc = await findOrderByCode(sync.db, code, RETURN_APPROVABLE_STATUSES);
    if (!doc && navigator.onLine) {
      await sync.engine.sync();
      doc = await findOrderByCode(sync.db, code, RETURN_APPROVABLE_STATUSES);
    }
    if (!doc) {
      feedback.fail();
      notifications.show({ color: 'red', title: 'Order not found', message: `No return awaiting approval has the AWB ${code}.` });
      return;
    }
    feedback.pass();
    setOpen(doc.id);
  };
  useScanner({ onScan: ({ code }) => lookup(code), enabled: open === null });

  return (
    <Stack maw={1100}>
      <Group gap="sm">
        <Button variant="default" size="lg" h={48} leftSection={<IconArrowLeft size={20} aria-hidden />} onClick={() => navigate({ to: '/orders' })}>
          Back
        </Button>
        <Title order={2}>Returns</Title>
      </Group>
      <Text fz={26} fw={700}>
        Next: scan the AWB of a returned parcel
      </Text>
      <ScanBox label="Return AWB" placeholder="Scan or type the AWB" onSubmit={(code) => void lookup(code)} autoFocus testId="return-awb-input" />
      <Title order={3}>Awaiting approval ({waiting.length})</Title>
      {!live.ready ? (
        <Loader />
      ) : waiting.length === 0 ? (
        <Alert color="gray" title="Nothing to display here">
          No returns awaiting approval are saved on this device.
        </Alert>
      ) : (
        <Table verticalSpacing="sm" fz="md" striped data-testid="returns-list">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>AWB / Order</Table.Th>
              <Table.Th>Type</Table.Th>
              <Table.Th>Customer</Table.Th>
              <Table.Th aria-label="Action" />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {waiting.map((o) => (
              <Table.Tr key={o.id}>
                <Table.Td>
                  <Text fw={700}>{o.returnAwb ?? o.awb ?? '—'}</Text>
                  <Text size="sm" c="dimmed">
                    {o.shopOrderId}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Badge>{approvableAs(o)}</Badge>
                </Table.Td>
                <Table.Td>{o.customerName}</Table.Td>
                <Table.Td>
                  <Button h={48} onClick={() => setOpen(o.id)}>
                    Approve
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {open && <ReturnApprovalModal orderId={open} onClose={() => setOpen(null)} />}
    </Stack>
  );
}
