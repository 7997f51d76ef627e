import { Badge, Button, Drawer, Group, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { storeAsShippingAddress, type StoreAddressDto } from '../../../domain/retailers';
import { storeDetailQuery } from './queries';
import { DetailsTable } from '../../ui/forms/DetailsTable';

export type RetailerSlideOverProps = {
  storeId: string | null;
  canAct: boolean;
  onClose: () => void;
  onMap: (s: StoreAddressDto) => void;
  onCreateOrder: (s: StoreAddressDto, shippingAddress: ReturnType<typeof storeAsShippingAddress>) => void;
};

/** Retailer info: the store, its mapping and its orders; actions for sellers and warehouse users. */
export function RetailerSlideOver({ storeId, canAct, onClose, onMap, onCreateOrder }: RetailerSlideOverProps) {
  const q = useQuery(storeDetailQuery(storeId ?? ''));
  const s = q.data?.data;
  const rows: [string, string][] = s
    ? [
        ['Contact', `${s.firstName} ${s.lastName}`.trim() || '—'],
        ['Phone', s.phone],
        ['Email', s.email ?? '—'],
        ['Address', `${s.address1}, ${s.address2}`],
        ['City', s.city],
        ['State', s.state],
        ['Pincode', s.zip],
        ['Country', `${s.country} (${s.countryCode})`],
        ['GSTIN', s.GSTIN ?? '—'],
        ['Mapped to', s.mappedTo ?? '—'],
        ['Orders', String(q.data?.orderCount ?? 0)],
      ]
    : [];
  return (
    <Drawer opened={!!storeId} onClose={onClose} position="right" size="lg" title={s?.storeName ?? 'Retailer'}>
      {q.isPending && <Loader aria-label="Loading retailer" />}
      {q.isError && <Text c="red">{(q.error as Error).message}</Text>}
      {s && (
        <Stack>
          <Group>
            <Badge color={s.isActive ? 'green' : 'gray'} variant="light">{s.isActive ? 'Active' : 'Inactive'}</Badge>
            {s.isDistributor && <Badge variant="light">Distributor</Badge>}
            {s.mappedTo && <Badge color="grape" variant="light">Mapped</Badge>}
          </Group>
          <DetailsTable rows={rows} labelWidth={140} />
          {canAct && (
            <Group>
              <Button variant="light" onClick={() => onMap(s)} disabled={!!s.mappedTo}>Retailer Mapping</Button>
              <Button onClick={() => onCreateOrder(s, storeAsShippingAddress(s))}>Create Order</Button>
            </Group>
          )}
        </Stack>
      )}
    </Drawer>
  );
}
