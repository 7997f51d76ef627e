// Presigned uploads (one row per stored file): who may read it and what it is for.
import type { Db } from '../connect';
import type { Database } from '../schema';

export const findUpload = (db: Db, key: string) => db.selectFrom('uploads').selectAll().where('key', '=', key).executeTakeFirst();

export const uploadExists = async (db: Db, key: string) => Boolean(await db.selectFrom('uploads').select('id').where('key', '=', key).executeTakeFirst());

export async function insertUpload(db: Db, row: Database['uploads']) {
  await db.insertInto('uploads').values(row).execute();
}

/** Owner and purpose of each of `keys` (an image named in a form must be the company's own). */
export const uploadOwners = (db: Db, keys: string[]) => db.selectFrom('uploads').select(['key', 'purpose', 'company_id']).where('key', 'in', keys).execute();

/** Owner and purpose of one upload. */
export const uploadOwner = (db: Db, key: string) => db.selectFrom('uploads').select(['company_id', 'purpose']).where('key', '=', key).executeTakeFirst();
