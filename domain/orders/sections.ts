// The orders workspace's sidebar sections and the status tabs above the All
// section's table: their status filters and their counts.
import { ORDER_STATUSES, type OrderStatus } from '../statuses';

export const RETURN_STATUSES = [
  'RTO_IN_TRANSIT', 'RTO_DELIVERED', 'RTO_OUT_FOR_DELIVERY', 'RTO_PROCESSED',
  'DTO_IN_TRANSIT', 'DTO_DELIVERED', 'DTO_OUT_FOR_DELIVERY', 'DTO_PROCESSED',
] as const satisfies readonly OrderStatus[];
export const NDR_STATUSES = ['UNDELIVERED', 'RTO_UNDELIVERED'] as const satisfies readonly OrderStatus[];

export type SectionView = 'orders' | 'missed' | 'customerRequests';
export type OrderSection = {
  /** The numeric option of the original page (1 All, 2 Missed Orders, 7 customer requests). */
  key: number;
  /** Held in the URL query `tab`. */
  name: string;
  label: string;
  view: SectionView;
  /** Status filter of the section; null = none. */
  statuses: readonly OrderStatus[] | null;
};

export const ORDER_SECTIONS = [
  { key: 1, name: 'all', label: 'All', view: 'orders', statuses: null },
  { key: 2, name: 'missed', label: 'Missed Orders', view: 'missed', statuses: null },
  { key: 3, name: 'unserviceable', label: 'Unserviceable', view: 'orders', statuses: ['UNSERVICEABLE'] },
  { key: 4, name: 'returns', label: 'Returns', view: 'orders', statuses: RETURN_STATUSES },
  { key: 5, name: 'ndr', label: 'NDRs', view: 'orders', statuses: NDR_STATUSES },
  { key: 7, name: 'user-requests', label: 'User Requests (NDR)', view: 'customerRequests', statuses: null },
] as const satisfies readonly OrderSection[];

export type SectionName = (typeof ORDER_SECTIONS)[number]['name'];
export const SECTION_NAMES = ORDER_SECTIONS.map((s) => s.name) as [SectionName, ...SectionName[]];
/** The sections drawn with the common order table. */
export const ORDER_TABLE_SECTIONS = ['all', 'unserviceable', 'returns', 'ndr'] as const;
export type OrderTableSection = (typeof ORDER_TABLE_SECTIONS)[number];

export function sectionByName(name: string | null | undefined): OrderSection | undefined {
  return ORDER_SECTIONS.find((s) => s.name === name);
}
export function sectionByKey(key: number): OrderSection | undefined {
  return ORDER_SECTIONS.find((s) => s.key === key);
}

/**
 * Statuses a list query may return: the section's statuses narrowed by the
 * user's status filter. `null` means no status filter at all; an empty array
 * means nothing can match.
 */
export function effectiveStatuses(section: OrderTableSection, chosen?: readonly string[] | null): OrderStatus[] | null {
  const base = sectionByName(section)?.statuses ?? null;
  const picked = chosen?.length ? (chosen.filter((s) => (ORDER_STATUSES as readonly string[]).includes(s)) as OrderStatus[]) : null;
  if (!base) return picked;
  if (!picked) return [...base];
  return picked.filter((s) => base.includes(s));
}

/** Sidebar count of a section from per-status counts. */
export function sectionCount(section: OrderTableSection, counts: Partial<Record<string, number>>): number {
  return countStatuses(sectionByName(section)?.statuses ?? null, counts);
}

/** The orders in `statuses` (null = every status) from per-status counts. */
function countStatuses(statuses: readonly string[] | null, counts: Partial<Record<string, number>>): number {
  const keys = statuses ?? Object.keys(counts);
  return keys.reduce((n, s) => n + (counts[s] ?? 0), 0);
}

/**
 * The status tabs above the All section's table: each a status filter, counted from the per-status counts.
 * An order is in one tab at most (RTO_UNDELIVERED is an NDR, as in the NDRs section); 'All' has no filter.
 */
export const STATUS_TABS = [
  { name: 'new', label: 'New', statuses: ['PLACED', 'PROCESSED'] },
  { name: 'ready', label: 'Ready To Ship', statuses: ['READY_TO_SHIP'] },
  { name: 'transit', label: 'In Transit', statuses: ['SHIPPED', 'IN_TRANSIT', 'OUT_FOR_DELIVERY'] },
  { name: 'ndr', label: 'NDR', statuses: NDR_STATUSES },
  { name: 'delivered', label: 'Delivered', statuses: ['DELIVERED'] },
  { name: 'rto', label: 'RTO', statuses: ['RTO_IN_TRANSIT', 'RTO_OUT_FOR_DELIVERY', 'RTO_DELIVERED', 'RTO_PROCESSED'] },
  { name: 'all', label: 'All', statuses: null },
] as const satisfies readonly { name: string; label: string; statuses: readonly OrderStatus[] | null }[];
export type StatusTab = (typeof STATUS_TABS)[number];

/** The status tab a status filter (comma list) is exactly, or null when it is another choice; no filter is 'All'. */
export function statusTabOf(status: string | undefined | null): StatusTab | null {
  const chosen = new Set((status ?? '').split(',').filter(Boolean));
  if (!chosen.size) return STATUS_TABS[STATUS_TABS.length - 1];
  return STATUS_TABS.find((t) => t.statuses && t.statuses.length === chosen.size && t.statuses.every((s) => chosen.has(s))) ?? null;
}

/** A status tab's count from per-status counts. */
export function statusTabCount(tab: StatusTab, counts: Partial<Record<string, number>>): number {
  return countStatuses(tab.statuses, counts);
}

/**
 * The status tab a seller's orders page opens on when its address names no section and no filter: the spec names the
 * sections ('All' first) but no status tab, so it opens on the work to do, New, when New has orders; else on All.
 */
export function landingStatusTab(counts: Partial<Record<string, number>>): StatusTab {
  const work = STATUS_TABS[0];
  return statusTabCount(work, counts) > 0 ? work : STATUS_TABS[STATUS_TABS.length - 1];
}
