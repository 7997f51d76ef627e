import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Divider, Drawer, Group, Image, Loader, Stack, Table, Text, Timeline } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ACTION_LABELS, DELIVERY_ACTIONS, DELIVERY_STATUS_LABELS, SERVER_ERROR, canAct, type DeliveryAction } from '../../../domain/delivery';
import { deliveryDetailQuery } from './api';
import { DeliveryActionModal } from './DeliveryActionModal';
import { PodMap } from './PodMap';
import { formatDateTime, inr, statusColour } from './format';

/** The delivery-order slider opened by AWB: status, customer, driver, actions, proof of delivery, trail. */
export function DeliverySlider({ awb, onClose }: { awb: string | null; onClose: () => void }) {
  const q = useQuery(deliveryDetailQuery(awb ?? ''));
  const [action, setAction] = useState<DeliveryAction | null>(null);
  const o = q.data;
  return (
    <Drawer opened={!!awb} onClose={onClose} position="right" size="lg" title={<Text span fw={700} fz="h4">Delivery order {awb}</Text>} closeButtonProps={{ 'aria-label': 'Close' }}>
      {q.isLoading && <Loader />}
      {q.isError && <Alert color="red">{SERVER_ERROR}</Alert>}
      {o && (
        <Stack gap="md" data-testid="delivery-slider">
          <Group gap="xs">
            <Badge color={statusColour(o.orderStatus)} size="lg" data-testid="slider-status">
              {DELIVERY_STATUS_LABELS[o.orderStatus]}
            </Badge>
            <Text size="sm" c="dimmed">
              Attempt {o.attempt} · {o.paymentMethod.toUpperCase()} · {inr(o.totalPrice)} · {o.companyName}
            </Text>
          </Group>
          {canAct(o.orderStatus) && (
            <Group gap="xs" data-testid="slider-actions">
              {DELIVERY_ACTIONS.map((a) => (
                <Button key={a} size="xs" variant={a === 'delivered' ? 'filled' : 'default'} color={a === 'cancelled' ? 'red' : undefined} onClick={() => setAction(a)}>
                  {ACTION_LABELS[a]}
                </Button>
              ))}
            </Group>
          )}
          <Table variant="vertical" withTableBorder fz="sm">
            <Table.Tbody>
              <Table.Tr>
                <Table.Th w={150}>Customer</Table.Th>
                <Table.Td>
                  {o.customerAddress.name} · {o.customerAddress.phone}
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>Address</Table.Th>
                <Table.Td>
                  {[o.customerAddress.addressLine1, o.customerAddress.addressLine2, o.customerAddress.city, o.customerAddress.state, o.customerAddress.pincode].filter(Boolean).join(', ')}
                </Table.Td>
              </Table.Tr>
              {o.driver && (
                <Table.Tr data-testid="slider-driver">
                  <Table.Th>Driver</Table.Th>
                  <Table.Td>
                    {o.driver.name} · <Anchor href={`tel:${o.driver.phone}`}>{o.driver.phone}</Anchor>
                  </Table.Td>
                </Table.Tr>
              )}
              {o.otp && (
                <Table.Tr>
                  <Table.Th>OTP</Table.Th>
                  <Table.Td>{o.otp}</Table.Td>
                </Table.Tr>
              )}
              {o.deliveredAt && (
                <Table.Tr>
                  <Table.Th>Delivered at</Table.Th>
                  <Table.Td>{formatDateTime(o.deliveredAt)}</Table.Td>
                </Table.Tr>
              )}
              {o.lastReason && (
                <Table.Tr>
                  <Table.Th>Last reason</Table.Th>
                  <Table.Td data-testid="slider-reason">{o.lastReason}</Table.Td>
                </Table.Tr>
              )}
              <Table.Tr>
                <Table.Th>Shipping label</Table.Th>
                <Table.Td>
                  {o.shippingLabelURL ? (
                    <Anchor href={o.shippingLabelURL} target="_blank" rel="noopener noreferrer">
                      Open label
                    </Anchor>
                  ) : (
                    <Text size="sm" c="dimmed">No label</Text>
                  )}
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          {(o.podUrl || o.cordinates) && (
            <Stack gap="xs" data-testid="slider-pod">
              <Divider label="Proof of delivery" labelPosition="left" />
              {o.podUrl && (
                <Anchor href={o.podUrl} target="_blank" rel="noopener noreferrer">
                  <Image src={o.podUrl} alt={`Proof of delivery of ${o.awb}`} mah={220} w="auto" fit="contain" radius="sm" data-testid="pod-photo" />
                </Anchor>
              )}
              {o.cordinates && <PodMap latitude={o.cordinates.latitude} longitude={o.cordinates.longitude} />}
            </Stack>
          )}
          <Divider label="Trail" labelPosition="left" />
          <Timeline active={o.trails.length - 1} bulletSize={14} lineWidth={2} data-testid="slider-trail">
            {o.trails.map((t) => (
              <Timeline.Item key={t.id} title={DELIVERY_STATUS_LABELS[t.status as keyof typeof DELIVERY_STATUS_LABELS] ?? t.status}>
                <Text size="xs" c="dimmed">
                  {formatDateTime(t.createdAt)} · {t.actorName}
                </Text>
                {t.note && <Text size="sm">{t.note}</Text>}
              </Timeline.Item>
            ))}
          </Timeline>
          <DeliveryActionModal action={action} order={o} onClose={() => setAction(null)} />
        </Stack>
      )}
    </Drawer>
  );
}
