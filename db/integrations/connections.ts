// Partner connections of a company (edge-api/integrations/connections.ts is the use case side).
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../connect';
import type { IntegrationConnectionTable } from '../tables/integrations';
import '../tables/integrations';

export type ConnectionRow = Selectable<IntegrationConnectionTable>;

export const insertConnection = (db: Db, row: Insertable<IntegrationConnectionTable>) => db.insertInto('integration_connections').values(row).execute();

export const updateConnectionRow = (db: Db, id: string, values: Updateable<IntegrationConnectionTable>) =>
  db.updateTable('integration_connections').set(values).where('id', '=', id).execute();

export const deleteConnectionRow = (db: Db, id: string) => db.deleteFrom('integration_connections').where('id', '=', id).execute();

/** One connection, only within `companyIds` (null: any company, for an admin or a worker). */
export const findConnection = (db: Db, id: string, companyIds: string[] | null) => {
  let q = db.selectFrom('integration_connections').selectAll().where('id', '=', id);
  if (companyIds) q = q.where('company_id', 'in', companyIds.length ? companyIds : ['']);
  return q.executeTakeFirst();
};

export const listConnectionRows = (db: Db, companyIds: string[] | null, kinds: readonly string[] | null) => {
  let q = db.selectFrom('integration_connections').selectAll().orderBy('created_at');
  if (companyIds) q = q.where('company_id', 'in', companyIds.length ? companyIds : ['']);
  if (kinds) q = q.where('kind', 'in', kinds.length ? [...kinds] : ['']);
  return q.execute();
};
