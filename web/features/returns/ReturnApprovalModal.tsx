// The return approval modal: its title and order header, and what the order
// calls for (the lines to approve, the details of a processed return, or why
// there is nothing to approve).
import { Alert, Badge, Button, Group, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { RETURN_KIND_LINE, RETURN_MODAL_TITLE, returnKindOf, type FloorOrderDoc, type ReturnType } from '../../../domain/floor';
import { useSyncStatus, type FloorSync } from '../../local-db/engine';
import { useFloorSync } from '../../local-db/useFloorSync';
// The floor screens' own rules (notifications kept off the scan field).
import '../floor/floor.module.css';
import { ReturnDetails } from './ReturnDetails';
import { ReturnLineEditor } from './ReturnLineEditor';
import { useReturnApprovalForm } from './useReturnApprovalForm';
import { useReturnModel, type ReturnLine } from './useReturnModel';

export interface ReturnApprovalModalProps {
  orderId: string;
  onClose: () => void;
}

/**
 * 'Approval for RTO': approve an RTO or DTO with missing and damaged units
 * (0 to item quantity x WSIN multiplier) and an optional proof photo per
 * WSIN, or read the details of a processed return. Works offline: photos are
 * kept on the device and uploaded before the approval is sent.
 */
export function ReturnApprovalModal({ orderId, onClose }: ReturnApprovalModalProps) {
  const sync = useFloorSync();
  const { model, loading, error } = useReturnModel(sync, orderId);
  const phone = useMediaQuery('(max-width: 47.99em)', typeof window !== 'undefined' && window.innerWidth < 768);
  const kind = model ? (model.mode === 'approve' ? model.returnType : returnKindOf(model.order)) : null;
  const title = (
    <div>
      <Title order={3}>{RETURN_MODAL_TITLE}</Title>
      {kind && (
        <Text size="sm" fw={600} c={kind === 'DTO' ? 'grape.8' : 'blue.8'} data-testid="return-kind">
          {RETURN_KIND_LINE[kind]}
        </Text>
      )}
    </div>
  );
  return (
    <Modal opened onClose={onClose} title={title} size="70rem" fullScreen={phone} padding={phone ? 'sm' : 'md'} closeButtonProps={{ size: 'xl', 'aria-label': 'Close' }}>
      {loading && (
        <Group>
          <Loader size="sm" />
          <Text>Loading the return…</Text>
        </Group>
      )}
      {error && (
        <Alert color="red" title="Could not open the return">
          {error}
        </Alert>
      )}
      {model && <OrderHeader order={model.order} />}
      {model?.mode === 'details' && <ReturnDetails sync={sync} rows={model.rows} />}
      {model?.mode === 'closed' && (
        <Alert color="gray" title="Nothing to approve">
          This order is {model.order.status.replace(/_/g, ' ').toLowerCase()}; only RTO delivered and DTO delivered orders can be approved.
        </Alert>
      )}
      {model?.mode === 'approve' && <ApproveForm key={model.order.id} sync={sync} order={model.order} returnType={model.returnType} lines={model.lines} onDone={onClose} />}
    </Modal>
  );
}

function OrderHeader({ order }: { order: FloorOrderDoc }) {
  return (
    <Group mb="md" gap="lg" wrap="wrap">
      <div>
        <Text c="dimmed" size="sm">
          Order
        </Text>
        <Text fw={700} fz="lg">
          {order.shopOrderId}
        </Text>
      </div>
      <div>
        <Text c="dimmed" size="sm">
          AWB
        </Text>
        <Text fw={700} fz="lg">
          {order.returnAwb ?? order.awb ?? '—'}
        </Text>
      </div>
      <Badge size="lg" variant="light">
        {order.status.replace(/_/g, ' ')}
      </Badge>
    </Group>
  );
}

function ApproveForm({ sync, order, returnType, lines, onDone }: { sync: FloorSync; order: FloorOrderDoc; returnType: ReturnType; lines: ReturnLine[]; onDone: () => void }) {
  const status = useSyncStatus(sync);
  const form = useReturnApprovalForm({ sync, order, returnType, lines, onDone });
  return (
    <Stack>
      <ReturnLineEditor lines={lines} form={form} />
      {!status.online && (
        <Alert color="orange" variant="light">
          Offline: the approval and its photos are saved on this device and sent when the network is back.
        </Alert>
      )}
      <Group justify="flex-end" wrap="wrap">
        <Button variant="default" size="lg" h={48} onClick={onDone}>
          Cancel
        </Button>
        <Button size="lg" h={48} onClick={() => void form.approve()} loading={form.saving} disabled={form.blocked} data-testid="approve-return">
          Approve {returnType}
        </Button>
      </Group>
    </Stack>
  );
}
