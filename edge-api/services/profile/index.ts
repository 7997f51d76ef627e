// The signed-in user's own profile (part 1 §3): read it, save the company's or the warehouse's.
import type { DbHandle } from '../../../db/connect';
import { loadProfile, updateCompanyProfile, updateWarehouseProfile, type ProfileOwner } from '../../../db/profile/queries';
import type { CompanyProfile, WarehouseProfile } from '../../../domain/profile';
import { notFound } from '../../../domain/refusal';

export type { ProfileOwner };

export const getProfile = (dbh: DbHandle, owner: ProfileOwner) => loadProfile(dbh.db, owner);

/** A seller saves its company's profile; answers the profile as saved. */
export async function saveCompanyProfile(dbh: DbHandle, owner: ProfileOwner, input: CompanyProfile) {
  await updateCompanyProfile(dbh.db, owner.companyId ?? '', input);
  return loadProfile(dbh.db, owner);
}

/** A warehouse user saves its warehouse's profile; answers the profile as saved. */
export async function saveWarehouseProfile(dbh: DbHandle, owner: ProfileOwner, input: WarehouseProfile) {
  if (!owner.warehouseId) throw notFound();
  await updateWarehouseProfile(dbh.db, owner.warehouseId, input);
  return loadProfile(dbh.db, owner);
}
