import type { DataTableProps } from './DataTable';

/**
 * How the floor screens' lists (packing, returns, inventory) sit in DataTable on a
 * 360 px handheld: larger type and rows, and cards instead of columns on a phone.
 * Spread it into the DataTable's props (a list may override `narrow`).
 */
export const FLOOR_TABLE = {
  narrow: 'cards',
  fz: 'md',
  verticalSpacing: 'sm',
  skeletonRows: 3,
} as const satisfies Partial<DataTableProps<unknown>>;

/** What a list on the floor reads of the device's store (useLiveQuery's answer). */
export type DeviceRead = { ready: boolean; error: unknown };

/**
 * DataTable's props for a floor list read from the device's store: FLOOR_TABLE, the skeleton until the
 * first read, and the read's failure (titled `failed`) instead of the table.
 */
export function deviceList<Row>(live: DeviceRead, rows: readonly Row[], failed: string) {
  return {
    ...FLOOR_TABLE,
    rows: live.ready ? rows : undefined,
    loading: !live.ready,
    error: live.error ? { title: failed, message: String(live.error) } : null,
  } satisfies Partial<DataTableProps<Row>>;
}
