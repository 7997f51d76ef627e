// What the return modal's two tables (the lines to approve, the details of a processed return) share.
import { Text } from '@mantine/core';
import type { DataTableColumn } from '../../ui/DataTable';

/** Both tables of the modal: cards below 992 px, no stripes. */
export const RETURN_TABLE = { narrow: 'cards-tablet', verticalSpacing: 'sm', striped: false } as const;

type Item = { wsin: string; sku: string; productTitle: string };
export const PRODUCT_COLUMN: DataTableColumn<Item> = {
  key: 'product',
  header: 'Product',
  card: 'wide',
  cell: (l) => (
    <>
      <Text fw={600}>{l.productTitle}</Text>
      <Text size="sm" c="dimmed">
        {l.sku}
      </Text>
    </>
  ),
};
export const WSIN_COLUMN: DataTableColumn<Item> = { key: 'wsin', header: 'WSIN', cellProps: () => ({ fw: 700 }), cell: (l) => l.wsin };
