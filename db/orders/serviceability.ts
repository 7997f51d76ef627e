// Bulk serviceability check: each order's destination pincode against the
// pincode directory and its courier's special-zone service.
import { servesSpecialZones, serviceability } from '../../domain/orders/serviceability';
import type { Tx } from './status';

export type ServiceabilityVerdict = { orderId: string; pincode: string; ok: boolean; reason: string | null };

export async function judgeServiceability(
  tx: Tx,
  orders: readonly { id: string; shipping_pincode: string; delivery_partner_id: string | null }[],
): Promise<ServiceabilityVerdict[]> {
  if (!orders.length) return [];
  const pins = [...new Set(orders.map((o) => o.shipping_pincode.trim()))];
  const known = new Map<string, { isSpecial: boolean }>();
  for (let i = 0; i < pins.length; i += 500) {
    const rows = await tx.selectFrom('pincodes').select(['pincode', 'is_special']).where('pincode', 'in', pins.slice(i, i + 500)).execute();
    for (const r of rows) known.set(r.pincode, { isSpecial: Number(r.is_special) === 1 });
  }
  const partners = await tx.selectFrom('delivery_partners').select(['id', 'service_levels']).where('status', '=', 1).execute();
  const special = new Map(partners.map((p) => [p.id, servesSpecialZones(p.service_levels)]));
  // An order without a courier yet can go with any active partner that serves the zone.
  const anyServesSpecial = [...special.values()].some(Boolean);
  return orders.map((o) => {
    const pin = o.shipping_pincode.trim();
    const courierServes = o.delivery_partner_id ? (special.get(o.delivery_partner_id) ?? false) : anyServesSpecial;
    const v = serviceability(pin, known.get(pin) ?? null, courierServes);
    return { orderId: o.id, pincode: pin, ok: v.ok, reason: v.ok ? null : v.reason };
  });
}
