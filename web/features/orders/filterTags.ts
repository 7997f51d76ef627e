// The filter tags above the table: up to three shown, then '+N more filters'.
import type { FilterKey } from '../../../domain/orders/filters';
import { statusTabOf } from '../../../domain/orders/sections';
import { FILTER_TAGS_SHOWN, moreFiltersLabel } from '../../../domain/orders/texts';
import { STATUS_LABELS, type OrderStatus } from '../../../domain/statuses';
import type { FilterValues } from './search';

export type FilterTag = { keys: FilterKey[]; label: string };

const ORDER_TYPES = ['None', 'B2B', 'D2R'];
const PAYMENT = { cod: 'COD', prepaid: 'Prepaid', credit: 'Credit' } as const;

export function filterTags(
  f: FilterValues,
  companyName: (id: string) => string = (id) => id,
  warehouseName: (id: string) => string = (id) => id,
  beatName: (id: string) => string = (id) => id,
  clusterName: (id: string) => string = (id) => id,
): FilterTag[] {
  const tags: FilterTag[] = [];
  if (f.q) tags.push({ keys: ['q'], label: `Search: ${f.q}` });
  const tab = f.status ? statusTabOf(f.status) : null;
  if (tab) tags.push({ keys: ['status'], label: `Status: ${tab.label}` });
  else if (f.status) {
    const names = f.status.split(',').map((s) => STATUS_LABELS[s as OrderStatus] ?? s);
    tags.push({ keys: ['status'], label: `Status: ${names.join(', ')}` });
  }
  if (f.from || f.to) tags.push({ keys: ['from', 'to'], label: `Date: ${f.from ?? '…'} to ${f.to ?? '…'}` });
  if (f.paymentMode) tags.push({ keys: ['paymentMode'], label: `Payment: ${PAYMENT[f.paymentMode]}` });
  if (f.shopType) tags.push({ keys: ['shopType'], label: `Channel: ${f.shopType}` });
  if (f.orderType !== undefined) tags.push({ keys: ['orderType'], label: `Order type: ${ORDER_TYPES[f.orderType] ?? f.orderType}` });
  if (f.companyId) tags.push({ keys: ['companyId'], label: `Company: ${companyName(f.companyId)}` });
  if (f.courier) tags.push({ keys: ['courier'], label: `Courier: ${f.courier}` });
  if (f.warehouseId) tags.push({ keys: ['warehouseId'], label: `Warehouse: ${warehouseName(f.warehouseId)}` });
  if (f.pincode) tags.push({ keys: ['pincode'], label: `Pincode: ${f.pincode}` });
  if (f.sku) tags.push({ keys: ['sku'], label: `SKU: ${f.sku}` });
  if (f.beatId) tags.push({ keys: ['beatId'], label: `Beat: ${beatName(f.beatId)}` });
  if (f.cluster) tags.push({ keys: ['cluster'], label: `Cluster: ${clusterName(f.cluster)}` });
  return tags;
}

/** The tags to draw and the '+N more filters' label (null when all fit). */
export function visibleTags(tags: FilterTag[]): { shown: FilterTag[]; more: string | null } {
  const hidden = tags.length - FILTER_TAGS_SHOWN;
  return { shown: tags.slice(0, FILTER_TAGS_SHOWN), more: hidden > 0 ? moreFiltersLabel(hidden) : null };
}
