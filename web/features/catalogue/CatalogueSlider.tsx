import { Alert, Badge, Button, Drawer, Group, Image, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ACTIVE_LABELS, CATALOGUE_SERVER_ERROR, canEditCatalogue, NOT_MAPPED_CANNOT_PACK, type CatalogueItemDto } from '../../../domain/catalogue';
import { formatINR } from '../../../domain/pricing';
import { CatalogueForm } from './CatalogueForm';
import { catalogueItemQuery } from './queries';
import { OfflineGate } from '../sync/OfflineGate';
import { DetailsTable } from '../../ui/forms/DetailsTable';
import { rupeesToPaise } from '../../../domain/money';

export type CatalogueSliderProps = {
  itemId: string | null;
  editing: boolean;
  role: string;
  onEdit: () => void;
  onCancelEdit: () => void;
  onClose: () => void;
  onSaved: (item: CatalogueItemDto) => void;
};

/** One catalogue item: details, and the Edit form unless admin or editing is not allowed. */
export function CatalogueSlider({ itemId, editing, role, onEdit, onCancelEdit, onClose, onSaved }: CatalogueSliderProps) {
  const q = useQuery(catalogueItemQuery(itemId ?? ''));
  const item = q.data;
  const editable = !!item && canEditCatalogue(role, item.shopType);
  return (
    <Drawer opened={!!itemId} onClose={onClose} position="right" size="xl" title={item ? item.productTitle : 'Catalogue item'}>
      {q.isPending && <Loader aria-label="Loading item" />}
      {q.isError && !q.data && <Alert color="red" title={CATALOGUE_SERVER_ERROR.title}>{CATALOGUE_SERVER_ERROR.message}</Alert>}
      {item && editing && editable && (
        <OfflineGate>
          <CatalogueForm key={item.updatedAt} mode="update" item={item} onCancel={onCancelEdit} onSaved={onSaved} />
        </OfflineGate>
      )}
      {item && !(editing && editable) && <CatalogueDetails item={item} editable={editable} onEdit={onEdit} />}
    </Drawer>
  );
}

function CatalogueDetails({ item, editable, onEdit }: { item: CatalogueItemDto; editable: boolean; onEdit: () => void }) {
  const g = item.gstPercentage;
  const rows: [string, string][] = [
    ['SKU ID', item.sku],
    ['Product ID', item.productId],
    ['Variant', [item.variantId, item.variantTitle].filter(Boolean).join(' · ') || '—'],
    ['Category', item.category],
    ['Product Type', item.productType ?? '—'],
    ['HSN Code', item.hsnCode ?? '—'],
    ['Bar Code', item.barCode ?? '—'],
    ['Price (GST inclusive)', formatINR(item.pricePaise)],
    ['Base Price', item.basePrice == null ? '—' : formatINR(rupeesToPaise(item.basePrice) ?? 0)],
    ['Margin', item.margin == null ? '—' : `${item.margin}%`],
    ['Distributor Margin', item.distributorMargin == null ? '—' : `${item.distributorMargin}%`],
    ['Weight', `${item.weight} g`],
    ['Dimensions', `${item.dimensions.length} × ${item.dimensions.breadth} × ${item.dimensions.height} cm`],
    ['GST', `SGST ${g.sgst}% · CGST ${g.cgst}% · IGST ${g.igst}% · UTGST ${g.utgst ?? g.sgst}%${g.cess != null ? ` · CESS ${g.cess}%` : ''}`],
    // Live stock of the mapped WSIN(s) in the company's warehouses, not a typed number.
    ['Inventory', inventoryText(item)],
    ['WSIN mapping', Object.entries(item.wsinMapping).map(([w, m]) => `${w} × ${m}`).join(', ') || '—'],
    ['Shop type', item.shopType],
  ];
  return (
    <Stack data-testid="catalogue-details">
      <Group justify="space-between" align="flex-start">
        <Group>
          {item.imageUrls[0] ? (
            <Image src={item.imageUrls[0]} alt={item.productTitle} w={96} h={96} fit="contain" radius="sm" />
          ) : (
            <Text c="dimmed" size="sm">No image</Text>
          )}
          <Badge color={item.active ? 'green' : 'gray'} variant="light">{ACTIVE_LABELS[item.active]}</Badge>
        </Group>
        {editable && (
          <OfflineGate>
            <Button onClick={onEdit}>Edit</Button>
          </OfflineGate>
        )}
      </Group>
      <DetailsTable rows={rows} labelWidth={200} />
    </Stack>
  );
}

/** The catalogue's inventory figure: live units across warehouses, with each warehouse; or why there is none. */
export function inventoryText(item: Pick<CatalogueItemDto, 'liveStock' | 'inventoryQuantity'>): string {
  if (item.liveStock === undefined) return String(item.inventoryQuantity);
  if (item.liveStock === null) return NOT_MAPPED_CANNOT_PACK;
  const per = item.liveStock.warehouses.map((w) => `${w.name}: ${w.units}`).join(' · ');
  return per ? `${item.liveStock.total} (${per})` : String(item.liveStock.total);
}
