import { Alert, Badge, Drawer, Group, Image, Loader, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ACTIVE_LABELS, CATALOGUE_SERVER_ERROR } from '../../../domain/catalogue';
import { formatINR } from '../../../domain/pricing';
import { catalogueItemQuery } from '../catalogue/queries';

export type CatalogueItemSlideOverProps = { itemId: string | null; onClose: () => void };

/** A product of an order, read-only: what the catalogue says about it. */
export function CatalogueItemSlideOver({ itemId, onClose }: CatalogueItemSlideOverProps) {
  const q = useQuery(catalogueItemQuery(itemId ?? ''));
  const item = q.data;
  const g = item?.gstPercentage;
  const rows: [string, string][] = item
    ? [
        ['SKU', item.sku],
        ['Product ID', item.productId],
        ['Category', item.category],
        ['HSN Code', item.hsnCode ?? '—'],
        ['Price (GST inclusive)', formatINR(item.pricePaise)],
        ['Weight', `${item.weight} g`],
        ['Dimensions', `${item.dimensions.length} × ${item.dimensions.breadth} × ${item.dimensions.height} cm`],
        ['GST', g ? `SGST ${g.sgst}% · CGST ${g.cgst}% · IGST ${g.igst}%` : '—'],
        ['Inventory', String(item.inventoryQuantity)],
        ['WSIN mapping', Object.entries(item.wsinMapping).map(([w, m]) => `${w} × ${m}`).join(', ') || '—'],
      ]
    : [];
  return (
    <Drawer opened={!!itemId} onClose={onClose} position="right" size="md" title={item?.productTitle ?? 'Product'} data-testid="catalogue-slide-over" closeButtonProps={{ 'aria-label': 'Close product' }}>
      {q.isPending && <Loader aria-label="Loading product" />}
      {q.isError && <Alert color="red" title={CATALOGUE_SERVER_ERROR.title}>{CATALOGUE_SERVER_ERROR.message}</Alert>}
      {item && (
        <Stack>
          <Group>
            {item.imageUrls[0] && <Image src={item.imageUrls[0]} alt={item.productTitle} w={96} h={96} fit="contain" radius="sm" />}
            <Stack gap={4}>
              <Text fw={600}>{item.productTitle}</Text>
              {item.variantTitle && <Text size="sm" c="dimmed">{item.variantTitle}</Text>}
              <Badge color={item.active ? 'green' : 'gray'} variant="light">{ACTIVE_LABELS[item.active as 0 | 1]}</Badge>
            </Stack>
          </Group>
          <Table withRowBorders={false} verticalSpacing={4} fz="sm">
            <Table.Tbody>
              {rows.map(([k, v]) => (
                <Table.Tr key={k}>
                  <Table.Th w={170} fw={500} c="dimmed">{k}</Table.Th>
                  <Table.Td>{v}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      )}
    </Drawer>
  );
}
