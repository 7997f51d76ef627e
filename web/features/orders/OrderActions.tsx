import { useState, type ReactNode } from 'react';
import { Button, Group, Menu, Modal, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useNavigate } from '@tanstack/react-router';
import { actionRule, type OrderActionKey } from '../../../domain/orders/actions';
import { REGENERATE_FAILED, REVERT_FAILED } from '../../../domain/orders/texts';
import { CancelOrderForm } from './actions/CancelOrderForm';
import { CreditNoteForm } from './actions/CreditNoteForm';
import { CustomerDetailsForm } from './actions/CustomerDetailsForm';
import { MarkDeliveredForm } from './actions/MarkDeliveredForm';
import { OrderDetailsForm } from './actions/OrderDetailsForm';
import { QuantitiesForm } from './actions/QuantitiesForm';
import { ScheduleReturnForm } from './actions/ScheduleReturnForm';
import { ShippingPackageForm } from './actions/ShippingPackageForm';
import { useOrderMutation } from './actions/useOrderMutation';
import { AdminCloneActions } from './actions/AdminCloneActions';
import { HighMarginApproval } from './actions/HighMarginApproval';
import { ReadyToShipForm } from './actions/ReadyToShipForm';
import { WarehouseForm } from './actions/WarehouseForm';
import { WeightForm } from './actions/WeightForm';
import { WhatsappMessages } from './actions/WhatsappMessages';
import type { OrderDetail } from './queries';
import { ReturnAction } from '../returns/ReturnAction';
import { OfflineGate } from '../sync/OfflineGate';
import { NdrActions } from './NdrActions';
import { ShipDocuments } from './ShipDocuments';
import { OrderPickup } from './OrderPickup';

export type OrderActionsProps = { order: OrderDetail };

/** Buttons that open a form in a modal. */
const WITH_FORM: OrderActionKey[] = [
  'readyToShip', 'editCustomer', 'changeShippingPackage', 'editOrderDetails', 'changeWeight', 'reassignWarehouse', 'updateQuantities', 'markDelivered',
  'cancel', 'scheduleReturn', 'whatsappMessages', 'generateCreditNote',
];
/** Shown as buttons; the rest go in the "More" menu. */
const PROMINENT: OrderActionKey[] = ['readyToShip', 'markDelivered', 'scheduleReturn', 'cancelReturn', 'cancel'];

/** Exactly the actions the server allows this user on this order now (order.actions), each with its form or confirmation. */
export function OrderActions({ order }: OrderActionsProps) {
  const navigate = useNavigate();
  const run = useOrderMutation();
  const [open, setOpen] = useState<OrderActionKey | null>(null);
  const [busy, setBusy] = useState<OrderActionKey | null>(null);
  const close = () => setOpen(null);

  const confirmThen = (key: OrderActionKey, message: string, call: () => Promise<unknown>, danger = false) =>
    modals.openConfirmModal({
      title: actionRule(key).label,
      children: <Text size="sm">{message}</Text>,
      labels: { confirm: actionRule(key).label, cancel: 'Cancel' },
      confirmProps: { color: danger ? 'red' : undefined },
      onConfirm: async () => {
        setBusy(key);
        await call();
        setBusy(null);
      },
    });

  const act = async (key: OrderActionKey) => {
    const id = order.id;
    switch (key) {
      case 'clone':
      case 'cloneEdit':
        navigate({ to: '/orders/new', search: { cloneFrom: id, mode: key === 'clone' ? 'clone' : 'edit' } });
        return;
      case 'cancelReturn':
        return confirmThen(key, 'The return pickup is called off and the order goes back to the customer\'s.', () =>
          run({ path: '/api/cancel-return', method: 'POST', body: { splitOrderId: id, provider: order.shipper, awb: order.returnAwb }, success: 'Return cancelled' }), true);
      case 'unblockInventory':
        return confirmThen(key, 'The stock held for this order is released for other orders.', () =>
          run({ path: `/api/orders/unblock-inventory/${id}`, method: 'PATCH', success: 'Inventory unblocked' }));
      case 'revertToPlaced':
        return confirmThen(key, `The order goes back from ${order.status} to PLACED.`, () =>
          run({ path: `/api/orders/${id}/revert-to-placed`, method: 'PATCH', success: 'Order status brought back to PLACED', failMessage: REVERT_FAILED }));
      case 'regenerateDocuments':
        return confirmThen(key, 'The invoice (same number) and the shipping label are drawn again from the order as it is now.', () =>
          run({ path: `/api/orders/${id}/regenerate-documents`, method: 'POST', success: 'Invoice and shipping label regenerated', failMessage: REGENERATE_FAILED }));
      default:
        if (WITH_FORM.includes(key)) setOpen(key);
    }
  };

  const forms: Partial<Record<OrderActionKey, ReactNode>> = {
    readyToShip: <ReadyToShipForm order={order} onDone={close} />,
    editCustomer: <CustomerDetailsForm order={order} onDone={close} />,
    changeShippingPackage: <ShippingPackageForm order={order} onDone={close} />,
    editOrderDetails: <OrderDetailsForm order={order} onDone={close} onFullEdit={() => navigate({ to: '/orders/new', search: { cloneFrom: order.id, mode: 'edit' } })} />,
    markDelivered: <MarkDeliveredForm order={order} onDone={close} />,
    cancel: <CancelOrderForm orderId={order.id} onDone={close} />,
    scheduleReturn: <ScheduleReturnForm order={order} onDone={close} />,
    whatsappMessages: <WhatsappMessages orderId={order.id} />,
    generateCreditNote: <CreditNoteForm order={order} onDone={close} />,
    changeWeight: <WeightForm order={order} onDone={close} />,
    reassignWarehouse: <WarehouseForm order={order} onDone={close} />,
    updateQuantities: <QuantitiesForm order={order} onDone={close} />,
  };

  const prominent = order.actions.filter((k) => PROMINENT.includes(k));
  const rest = order.actions.filter((k) => !PROMINENT.includes(k));
  return (
    <>
      <OfflineGate>
      <Group gap="xs" wrap="wrap" data-testid="order-actions">
        <ReturnAction order={order} />
        <HighMarginApproval order={order} />
        <AdminCloneActions order={order} />
        <NdrActions order={order} />
        {prominent.map((k) => (
          <Button
            key={k}
            size="xs"
            color={actionRule(k).danger ? 'red' : undefined}
            variant={k === 'readyToShip' ? 'filled' : 'light'}
            loading={busy === k}
            onClick={() => act(k)}
          >
            {actionRule(k).label}
          </Button>
        ))}
        {rest.length > 0 && (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Button size="xs" variant="default" loading={!!busy && rest.includes(busy)}>More actions</Button>
            </Menu.Target>
            <Menu.Dropdown>
              {rest.map((k) => (
                <Menu.Item key={k} onClick={() => act(k)} color={actionRule(k).danger ? 'red' : undefined}>
                  {actionRule(k).label}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>
      {order.trackingNumber && (order.status === 'READY_TO_SHIP' || order.status === 'SHIPPED') && (
        <ShipDocuments order={{ id: order.id, shopOrderId: order.shopOrderId, shipper: order.shipper ?? null }} />
      )}
      <OrderPickup order={order} />
      </OfflineGate>
      <Modal opened={!!open} onClose={close} title={open ? actionRule(open).label : ''} size={open === 'editCustomer' || open === 'scheduleReturn' || open === 'readyToShip' ? 'lg' : 'md'}>
        {open && forms[open]}
      </Modal>
    </>
  );
}
