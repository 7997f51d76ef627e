// Demo rate cards and zone tables of the seeded delivery partners. Real
// partners' cards are platform settings edited in these tables.
import type { DbHandle } from '../connect';
import '../tables/preferences-carriers-promoters';

type Profile = { base: [number, number, number, number, number]; codFee: number; codBp: number; maxWeightG: number; codLimit: number; noServe: string[]; noCod: string[] };
const ZONES = ['same_city', 'same_state', 'metro_to_metro', 'rest_of_india', 'special'] as const;

/** Paise for the first 500 g per zone (same city … special), COD charges, limits and regions not served. */
export const DEMO_CARRIER_PROFILES: Record<string, Profile> = {
  delhivery: { base: [3800, 4600, 5600, 6600, 9900], codFee: 3500, codBp: 175, maxWeightG: 30_000, codLimit: 50_000_00, noServe: [], noCod: ['18', '19', '79'] },
  bluedart: { base: [5200, 6400, 7400, 8600, 12500], codFee: 4500, codBp: 200, maxWeightG: 50_000, codLimit: 1_00_000_00, noServe: [], noCod: ['79'] },
  xpressbees: { base: [3400, 4200, 5200, 6200, 9000], codFee: 3000, codBp: 150, maxWeightG: 20_000, codLimit: 25_000_00, noServe: ['18', '19', '79'], noCod: [] },
  ekart: { base: [3600, 4400, 5400, 6400, 9500], codFee: 3200, codBp: 160, maxWeightG: 15_000, codLimit: 30_000_00, noServe: ['19', '79'], noCod: ['18'] },
  clickpost: { base: [4000, 4800, 5800, 6900, 9800], codFee: 3600, codBp: 180, maxWeightG: 35_000, codLimit: 50_000_00, noServe: [], noCod: [] },
};

/** Two-digit pincode regions of India (11 … 85). */
const PREFIXES = Array.from({ length: 75 }, (_, i) => String(11 + i));

export async function seedCarriers(h: DbHandle): Promise<void> {
  for (const [code, p] of Object.entries(DEMO_CARRIER_PROFILES)) {
    await h.db
      .insertInto('carrier_rate_cards')
      .values(
        ZONES.map((zone, i) => ({
          partner_code: code, zone, base_weight_g: 500, base_paise: p.base[i], extra_weight_g: 500, extra_paise: Math.round(p.base[i] * 0.8),
          cod_fee_paise: p.codFee, cod_bp: p.codBp, max_weight_g: p.maxWeightG, cod_limit_paise: p.codLimit,
        })),
      )
      .execute();
    await h.db
      .insertInto('carrier_zones')
      .values(PREFIXES.filter((x) => !p.noServe.includes(x)).map((pin_prefix) => ({ partner_code: code, pin_prefix, cod: p.noCod.includes(pin_prefix) ? 0 : 1 })))
      .execute();
  }
}
