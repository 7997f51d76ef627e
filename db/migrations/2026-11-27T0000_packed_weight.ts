import type { Kysely } from 'kysely';

// Frozen in time: never import app code here.
//
// The parcel as the packer weighed and boxed it at the end of packing (the
// floor records it, offline too): dead weight in grams, the box as a shipping
// package code or its own L×B×H in cm, and the weights a courier bills by:
// volumetric = L×B×H/5000 kg (stored in grams) and chargeable = the larger of
// the two. Who weighed it and when are kept for weight disputes. All null until
// the parcel is weighed; the seller's declared weight_g/length_cm/... stay as
// they were.
export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, type] of [
    ['packed_weight_g', 'integer'],
    ['packed_package_code', 'text'],
    ['packed_length_cm', 'integer'],
    ['packed_breadth_cm', 'integer'],
    ['packed_height_cm', 'integer'],
    ['volumetric_weight_g', 'integer'],
    ['chargeable_weight_g', 'integer'],
    ['weighed_at', 'text'],
    ['weighed_by', 'text'],
  ] as const) {
    await db.schema.alterTable('orders').addColumn(name, type).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of ['weighed_by', 'weighed_at', 'chargeable_weight_g', 'volumetric_weight_g', 'packed_height_cm', 'packed_breadth_cm', 'packed_length_cm', 'packed_package_code', 'packed_weight_g']) {
    await db.schema.alterTable('orders').dropColumn(name).execute();
  }
}
