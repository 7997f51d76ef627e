// Where each store connection's polling stands: its cursor (the store's update
// time of the newest order read), the sync job running or last run, and what
// the last finished sync said.
import type { Db } from '../connect';
import type { ChannelSyncTable } from '../tables/channels';
import '../tables/channels';
import '../tables/integrations';

export type ChannelSyncRow = ChannelSyncTable;

export const findChannelSync = (db: Db, connectionId: string) =>
  db.selectFrom('channel_sync').selectAll().where('connection_id', '=', connectionId).executeTakeFirst();

/** Sets some of a connection's sync fields, making its row on first use. */
export async function saveChannelSync(db: Db, connectionId: string, companyId: string, set: Partial<Omit<ChannelSyncRow, 'connection_id' | 'company_id' | 'updated_at'>>, now: string) {
  await db.insertInto('channel_sync')
    .values({ connection_id: connectionId, company_id: companyId, cursor: null, job_id: null, last_synced_at: null, last_result: null, ...set, updated_at: now })
    .onConflict((oc) => oc.column('connection_id').doUpdateSet({ ...set, updated_at: now }))
    .execute();
}

/**
 * Where the store's webhooks stand, kept without moving the row's `updated_at` (the polling's clock):
 * a row made here looks never synced.
 */
export async function saveWebhookState(db: Db, connectionId: string, companyId: string, w: { state: string; message: string; checkedAt: string }) {
  const set = { webhooks_state: w.state, webhooks_message: w.message, webhooks_checked_at: w.checkedAt };
  await db.insertInto('channel_sync')
    .values({ connection_id: connectionId, company_id: companyId, cursor: null, job_id: null, last_synced_at: null, last_result: null, updated_at: new Date(0).toISOString(), ...set })
    .onConflict((oc) => oc.column('connection_id').doUpdateSet(set))
    .execute();
}

/** The job's status, when a job of this id exists. */
export const jobStatus = async (db: Db, jobId: string) =>
  (await db.selectFrom('jobs').select('status').where('id', '=', jobId).executeTakeFirst())?.status ?? null;

/** Active, real store connections (not demo ones) whose sync state last changed before `before` (a sync queued, a page read, a failure), or never. */
export const channelConnectionsDue = (db: Db, kinds: readonly string[], before: string) =>
  db.selectFrom('integration_connections as c').leftJoin('channel_sync as s', 's.connection_id', 'c.id')
    .select(['c.id', 'c.company_id', 's.job_id'])
    .where('c.kind', 'in', [...kinds]).where('c.status', '=', 'active').where('c.demo', '=', 0)
    .where((eb) => eb.or([eb('s.updated_at', 'is', null), eb('s.updated_at', '<', before)]))
    .limit(200).execute();

/** Whether the company has store orders waiting in Missed Orders (with the store's order kept to import again). */
export const hasMissedStoreOrders = async (db: Db, companyId: string) =>
  !!(await db.selectFrom('missed_orders').select('id').where('company_id', '=', companyId).where('status', '=', 'FAILED').where('payload', 'is not', null).limit(1).executeTakeFirst());

/** A job of this kind for the company still waiting to start. */
export const queuedJobOf = (db: Db, kind: string, companyId: string) =>
  db.selectFrom('jobs').select('id').where('kind', '=', kind).where('company_id', '=', companyId).where('status', '=', 'queued').limit(1).executeTakeFirst();
