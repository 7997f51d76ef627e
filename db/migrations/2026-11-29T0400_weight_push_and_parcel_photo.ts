import type { Kysely } from 'kysely';

// Frozen in time: never import app code here.
//
// Where a billed weight came from: 'file' (a courier's weight file imported by
// finance; import_id names the import) or 'push' (a courier's tracking push that
// carried its charged weight; import_id names the courier connection that
// pushed it). And the parcel photo the packer may take at the end of packing
// (the key of a 'proof' upload of the order's company), shown as weight
// dispute evidence. Null until a photo is taken.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('weight_charges').addColumn('source', 'text', (c) => c.notNull().defaultTo('file')).execute();
  await db.schema.alterTable('orders').addColumn('packed_photo_key', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('packed_photo_key').execute();
  await db.schema.alterTable('weight_charges').dropColumn('source').execute();
}
