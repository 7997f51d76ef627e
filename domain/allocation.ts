// The ONE rule that picks a manual order's ship-from
// warehouse. The form pre-fills "Ship from" with it (through
// GET /api/orders/manual/ship-from) and the server applies it when `whId` is
// absent, so both always agree.
//
// Rule: among the company's ACTIVE warehouses, those that hold enough stock
// (quantity - blocked) of every WSIN of every line (line quantity x the WSIN's
// multiplier, summed over lines) are candidates; the nearest to the delivery
// pincode by zone wins (Within City, then Within State, Metro to Metro, Rest of
// India, Special Zone), ties by name. When no warehouse holds stock for every
// line (or a line has no WSIN mapping), the company's default warehouse is
// used: its active warehouse in the company's own state, else its first
// active warehouse by name.
import { z } from 'zod';
import { okBody } from './api';
import { deliveryZone, ZONE_LABELS, type Zone, type ZoneLocation } from './zones';
import { findRegion } from './india';

export const SHIP_FROM_LABEL = 'Ship from';
export const NO_ACTIVE_WAREHOUSE = 'Your company has no active warehouse to ship from';

export interface AllocationWarehouse {
  id: string;
  name: string;
  active: boolean;
  /** Where the warehouse is (for the zone); null when its pincode is unknown. */
  location: ZoneLocation | null;
  /** Stock available to sell per WSIN (quantity - blocked). */
  available: Readonly<Record<string, number>>;
}

export interface AllocationLine {
  quantity: number;
  /** WSIN -> units of that WSIN per unit of the item; empty when the item is not mapped. */
  wsinMapping: Readonly<Record<string, number>>;
}

export type AllocationReason = 'stock' | 'default';

export interface Allocation {
  warehouseId: string;
  reason: AllocationReason;
  /** Zone from the warehouse to the delivery pincode, when both are known. */
  zone: Zone | null;
}

const ZONE_RANK: Record<Zone, number> = { same_city: 0, same_state: 1, metro_to_metro: 2, rest_of_india: 3, special: 4 };

/** Units of each WSIN the lines need. null when a line has no WSIN mapping (no warehouse can be said to hold it). */
export function unitsNeeded(lines: readonly AllocationLine[]): Map<string, number> | null {
  const need = new Map<string, number>();
  for (const line of lines) {
    const entries = Object.entries(line.wsinMapping ?? {});
    if (entries.length === 0) return null;
    for (const [wsin, multiplier] of entries) {
      const m = Number(multiplier) > 0 ? Number(multiplier) : 1;
      need.set(wsin, (need.get(wsin) ?? 0) + line.quantity * m);
    }
  }
  return need;
}

function holdsAll(w: AllocationWarehouse, need: Map<string, number>): boolean {
  for (const [wsin, units] of need) if ((w.available[wsin] ?? 0) < units) return false;
  return true;
}

/** The company's default warehouse: its active one in the company's own state, else the first active by name. */
export function defaultWarehouse(warehouses: readonly AllocationWarehouse[], companyState: string | null | undefined): AllocationWarehouse | null {
  const active = warehouses.filter((w) => w.active).sort((a, b) => a.name.localeCompare(b.name));
  const home = findRegion(companyState ?? '')?.gstCode;
  return (home ? active.find((w) => w.location && findRegion(w.location.state)?.gstCode === home) : undefined) ?? active[0] ?? null;
}

/** Applies the rule above; null only when the company has no active warehouse. */
export function allocateWarehouse(input: {
  warehouses: readonly AllocationWarehouse[];
  lines: readonly AllocationLine[];
  destination: ZoneLocation | null;
  companyState?: string | null;
}): Allocation | null {
  const zoneOf = (w: AllocationWarehouse): Zone | null => (w.location && input.destination ? deliveryZone(w.location, input.destination) : null);
  const need = input.lines.length ? unitsNeeded(input.lines) : null;
  if (need) {
    const candidates = input.warehouses
      .filter((w) => w.active && holdsAll(w, need))
      .map((w) => ({ w, zone: zoneOf(w) }))
      .sort((a, b) => (a.zone ? ZONE_RANK[a.zone] : 9) - (b.zone ? ZONE_RANK[b.zone] : 9) || a.w.name.localeCompare(b.w.name));
    if (candidates.length) return { warehouseId: candidates[0].w.id, reason: 'stock', zone: candidates[0].zone };
  }
  const fallback = defaultWarehouse(input.warehouses, input.companyState);
  return fallback ? { warehouseId: fallback.id, reason: 'default', zone: zoneOf(fallback) } : null;
}

// ---- GET /api/orders/manual/ship-from ---------------------------------------------------

/** Lines as 'catalogueId:quantity' pairs, comma separated. */
export const shipFromQuerySchema = z.object({
  companyId: z.string().max(64).optional(),
  pincode: z.string().max(12).optional().default(''),
  city: z.string().max(100).optional().default(''),
  state: z.string().max(100).optional().default(''),
  items: z
    .string()
    .max(4000)
    .optional()
    .default('')
    .transform((s) =>
      s
        .split(',')
        .map((pair) => pair.split(':'))
        .filter(([id, q]) => id && Number.isInteger(Number(q)) && Number(q) > 0)
        .slice(0, 200)
        .map(([id, q]) => ({ catalogueId: id.slice(0, 64), quantity: Number(q) })),
    ),
});
export type ShipFromQuery = z.output<typeof shipFromQuerySchema>;

export interface ShipFromSuggestion {
  /** null only when the company has no active warehouse. */
  warehouseId: string | null;
  reason: AllocationReason | null;
  /** Why this warehouse, in words the form shows under "Ship from". */
  explanation: string;
}
export type ShipFromResponse = { status: true; data: ShipFromSuggestion };
/** GET /api/orders/manual/ship-from (same name as its type; listed in /api/openapi.json). */
export const ShipFromResponse: z.ZodType<ShipFromResponse> = okBody({
  data: z.object({ warehouseId: z.string().nullable(), reason: z.enum(['stock', 'default']).nullable(), explanation: z.string() }),
});

/** The words under "Ship from". */
export function explainAllocation(a: Allocation | null, warehouseName: string): string {
  if (!a) return NO_ACTIVE_WAREHOUSE;
  if (a.reason === 'stock') return `${warehouseName} holds stock for every item${a.zone ? ` and is nearest (${ZONE_LABELS[a.zone]})` : ''}`;
  return `No warehouse holds stock for every item: ${warehouseName} is your default warehouse`;
}
