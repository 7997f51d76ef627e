import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';

// Frozen in time: never import app code here.
//
// Shiprocket as a delivery partner: offered in the courier choice to a company
// with a live Shiprocket connection (it has no demo courier), its bookings and
// orders pointing at this row. Its rate table answers when Shiprocket's own
// serviceability answer does not come (down, slow): a platform setting like
// every courier's card, editable in carrier_rate_cards / carrier_zones.
const ZONES = ['same_city', 'same_state', 'metro_to_metro', 'rest_of_india', 'special'] as const;
const BASE = [3700, 4500, 5500, 6500, 9600];

export async function up(db: Kysely<any>): Promise<void> {
  const have = await db.selectFrom('delivery_partners').select('id').where('code', '=', 'shiprocket').executeTakeFirst();
  if (!have) {
    await db.insertInto('delivery_partners').values({
      id: 'dp-shiprocket', name: 'Shiprocket', code: 'shiprocket', status: 1, hmac_secret: randomBytes(32).toString('hex'),
      service_levels: JSON.stringify({ same_city: 2, same_state: 3, metro_to_metro: 3, rest_of_india: 5, special: 8 }),
    }).execute();
  }
  const card = await db.selectFrom('carrier_rate_cards').select('zone').where('partner_code', '=', 'shiprocket').executeTakeFirst();
  if (!card) {
    await db.insertInto('carrier_rate_cards').values(ZONES.map((zone, i) => ({
      partner_code: 'shiprocket', zone, base_weight_g: 500, base_paise: BASE[i], extra_weight_g: 500, extra_paise: Math.round(BASE[i]! * 0.8),
      cod_fee_paise: 3400, cod_bp: 170, max_weight_g: 30_000, cod_limit_paise: 50_000_00,
    }))).execute();
    await db.insertInto('carrier_zones').values(Array.from({ length: 75 }, (_, i) => ({ partner_code: 'shiprocket', pin_prefix: String(11 + i), cod: 1 }))).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('carrier_zones').where('partner_code', '=', 'shiprocket').execute();
  await db.deleteFrom('carrier_rate_cards').where('partner_code', '=', 'shiprocket').execute();
  await db.deleteFrom('delivery_partners').where('code', '=', 'shiprocket').where('id', '=', 'dp-shiprocket').execute();
}
