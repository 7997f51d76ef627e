// A courier whose serviceability and prices come from its zone table and rate
// card in the database (carrier_zones, carrier_rate_cards): how the demo
// partners work, since no live carrier is reachable from here.
import { coverage, rateCard, zoneBetween } from '../../db/carriers/queries';
import { rateFor } from '../../domain/carriers';
import type { Carrier, Lane, Serviceability } from './types';

export type TableCarrierOptions = { code: string; name: string; awbPrefix: string; awbDigits: number; routingCode: (awb: string) => string };

function randomDigits(n: number): string {
  const buf = new Uint32Array(Math.ceil(n / 9));
  globalThis.crypto.getRandomValues(buf);
  return Array.from(buf, (x) => String(x % 1_000_000_000).padStart(9, '0')).join('').slice(0, n);
}

export function tableCarrier(o: TableCarrierOptions): Carrier {
  const serviceability: Carrier['serviceability'] = async (db, lane: Lane): Promise<Serviceability> => {
    const [covered, zone] = await Promise.all([coverage(db, o.code, [lane.originPincode, lane.destPincode]), zoneBetween(db, lane.originPincode, lane.destPincode)]);
    const from = covered(lane.originPincode);
    const to = covered(lane.destPincode);
    const codAvailable = !!to?.cod;
    if (!from) return { serviceable: false, codAvailable: false, zone, reason: `${o.name} does not pick up from pincode ${lane.originPincode}` };
    if (!to) return { serviceable: false, codAvailable: false, zone, reason: `${o.name} does not deliver to pincode ${lane.destPincode}` };
    if (lane.paymentMode === 'cod' && !codAvailable) return { serviceable: false, codAvailable, zone, reason: `${o.name} does not collect cash on delivery at pincode ${lane.destPincode}` };
    return { serviceable: true, codAvailable, zone, reason: null };
  };

  const rate: Carrier['rate'] = async (db, input) => {
    const card = await rateCard(db, o.code, input.zone);
    if (!card) return { ok: false, reason: `${o.name} has no rate card for this zone` };
    if (input.weightG > card.maxWeightG) return { ok: false, reason: `${o.name} carries at most ${card.maxWeightG / 1000} kg` };
    if (input.codPaise > card.codLimitPaise) return { ok: false, reason: `${o.name} collects at most ₹${(card.codLimitPaise / 100).toFixed(0)} cash on delivery` };
    return { ok: true, ratePaise: rateFor(card, input.weightG, input.codPaise) };
  };

  return {
    code: o.code,
    serviceability,
    rate,
    async book(db, s) {
      // The partner checks again what it was asked to carry and says why it refuses.
      const sv = await serviceability(db, s);
      if (!sv.serviceable) return { ok: false, reason: sv.reason ?? 'Not serviceable' };
      const r = await rate(db, { zone: sv.zone, weightG: s.weightG, codPaise: s.codPaise });
      if (!r.ok) return { ok: false, reason: r.reason };
      return { ok: true, awb: `${o.awbPrefix}${randomDigits(o.awbDigits)}` };
    },
    async cancel() {
      return { ok: true, reason: null };
    },
    labelData(awb) {
      return { courierName: o.name, awb, routingCode: o.routingCode(awb), barcodeText: awb };
    },
  };
}
