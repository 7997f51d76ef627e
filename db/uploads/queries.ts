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

const PROOF_KEY = /^proof-[0-9a-f-]{36}\.(jpg|png|webp)$/;

/** A proof image reference as sent by clients: a key, or the /api/files/ url of one. */
export function proofKey(ref: string): string {
  return ref.replace(/^.*\/api\/files\//, '');
}

/**
 * The key of a proof photo (a return's, a packed parcel's) named by a client, when it is an uploaded 'proof'
 * image of this company (or of none); null otherwise.
 */
export async function companyProofKey(db: Db, ref: string, companyId: string): Promise<string | null> {
  const key = proofKey(ref);
  if (!PROOF_KEY.test(key)) return null;
  const upload = await db.selectFrom('uploads').select(['company_id']).where('key', '=', key).where('purpose', '=', 'proof').executeTakeFirst();
  return upload && (!upload.company_id || upload.company_id === companyId) ? key : null;
}
