import { Text } from '@mantine/core';
import type { FloorOrderDoc } from '../../../domain/floor';
import type { DataTableColumn } from '../../ui/DataTable';
import { deviceList, type DeviceRead } from '../../ui/floorTable';

/** DataTable's props for a list of the orders kept on this device (packing list, returns list). */
export function deviceOrderList(live: DeviceRead, rows: readonly FloorOrderDoc[]) {
  return { ...deviceList(live, rows, "Could not read this device's orders"), rowKey: (o: FloorOrderDoc) => o.id };
}

/** The first column of those lists: the parcel's AWB (`awbOf`), the order number under it. */
export function orderCodeColumn(awbOf: (o: FloorOrderDoc) => string | null | undefined): DataTableColumn<FloorOrderDoc> {
  return {
    key: 'code',
    header: 'AWB / Order',
    card: 'title',
    cell: (o) => (
      <>
        <Text fw={700}>{awbOf(o) ?? '—'}</Text>
        <Text size="sm" c="dimmed">
          {o.shopOrderId}
        </Text>
      </>
    ),
  };
}
