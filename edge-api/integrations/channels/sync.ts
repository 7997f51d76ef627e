/**
 * Polling a store for what its webhooks missed: one durable job per sync
 * (kind `channels.sync`, progress reported as orders read of the store's
 * count), reading the orders updated since the connection's cursor and
 * importing each through importStoreOrder, which is idempotent on
 * (connection, store order id): a poll after a webhook never makes a second
 * order. The cursor is the store's update time of the newest order read,
 * saved after every page, so a sync stopped by a timeout or a throttle
 * resumes where it stopped. The first sync (no cursor) and "Sync now" with
 * `days` read the last N days: the backfill.
 */
import type { Logger } from 'pino';
import type { DbHandle } from '../../../db/connect';
import { channelConnectionsDue, findChannelSync, jobStatus, saveChannelSync } from '../../../db/channels/sync';
import { enqueueJob } from '../../../db/jobs/queue';
import { CHANNEL_KINDS, syncSummary, type ChannelKind, type ChannelSyncResult, type WebhookRegistration } from '../../../domain/channels';
import { nowIso } from '../../../domain/ids';
import { invalid, notFound } from '../../../domain/refusal';
import type { AppConfig } from '../../env';
import type { JobContext, JobHandler } from '../../lib/job-context';
import type { ServiceActor } from '../../services/audit/actor';
import { getJob } from '../../services/jobs/status';
import { openConnection, type OpenConnection } from '../connections';
import { importStoreOrder, retryMissedOrders } from './import';
import type { MissedRetryPayload } from './missed';
import type { PollClientOptions, ShopifyConn } from './shopify/client';
import { shopifyOrdersPage, type StorePage } from './shopify/poll';
import type { WooConn } from './woocommerce/client';
import { wooOrdersPage } from './woocommerce/poll';

export const CHANNEL_SYNC_JOB = 'channels.sync';
export type ChannelSyncPayload = { connectionId: string; days?: number };

/** How often a connection is polled when nothing asked for it (webhooks carry the rest). */
export const POLL_EVERY_MS = 10 * 60_000;
/** The store's clock and ours may differ, and two orders may share a second: each poll reads back this far past its cursor (a re-read order is unchanged). */
const OVERLAP_MS = 60_000;
const DAY_MS = 24 * 60 * 60_000;

const isChannel = (kind: string): kind is ChannelKind => (CHANNEL_KINDS as readonly string[]).includes(kind);
const running = (status: string | null) => status === 'queued' || status === 'running';

/** Queues a sync of the connection (or answers the one already waiting or running). */
export async function startChannelSync(dbh: DbHandle, config: AppConfig, actor: Pick<ServiceActor, 'id' | 'scope'>, connectionId: string, input: { days?: number } = {}) {
  const conn = await openConnection(dbh, config, connectionId, actor.scope);
  if (!conn) throw notFound('Connection not found');
  if (!isChannel(conn.kind)) throw invalid('Only a store connection (Shopify, WooCommerce) can be synced');
  if (conn.status !== 'active') throw invalid('The connection is paused: resume it to sync');
  const state = await findChannelSync(dbh.db, conn.id);
  if (state?.job_id && running(await jobStatus(dbh.db, state.job_id))) return { jobId: state.job_id, started: false };
  const payload: ChannelSyncPayload = { connectionId: conn.id, ...(input.days ? { days: input.days } : {}) };
  const jobId = await enqueueJob(dbh, { kind: CHANNEL_SYNC_JOB, payload, companyId: conn.companyId, userId: actor.id });
  await saveChannelSync(dbh.db, conn.id, conn.companyId, { job_id: jobId }, nowIso());
  return { jobId, started: true };
}

/** Where the connection's polling stands, for Settings > Channels. */
export async function channelSyncState(dbh: DbHandle, config: AppConfig, actor: Pick<ServiceActor, 'scope'>, connectionId: string) {
  const conn = await openConnection(dbh, config, connectionId, actor.scope);
  if (!conn || !isChannel(conn.kind)) throw notFound('Connection not found');
  const s = await findChannelSync(dbh.db, conn.id);
  return {
    cursor: s?.cursor ?? null, lastSyncedAt: s?.last_synced_at ?? null, lastResult: s?.last_result ?? null,
    job: s?.job_id ? ((await getJob(dbh, s.job_id)) ?? null) : null,
    webhooks: s?.webhooks_state && s.webhooks_checked_at
      ? { state: s.webhooks_state as WebhookRegistration['state'], message: s.webhooks_message ?? '', checkedAt: s.webhooks_checked_at }
      : null,
  };
}

type Lister = (conn: OpenConnection, since: string, page: string | null, opts: { log?: Logger; client?: PollClientOptions }) => Promise<StorePage>;
const LISTERS: Record<ChannelKind, Lister> = {
  shopify: (conn, since, page, opts) => shopifyOrdersPage(conn as unknown as ShopifyConn, since, page, opts),
  woocommerce: (conn, since, page, opts) => wooOrdersPage(conn as unknown as WooConn, since, page, opts),
};

const later = (a: string | null, b: string | null) => (!a ? b : !b ? a : Date.parse(b) > Date.parse(a) ? b : a);

/** One sync of a connection: the orders updated since its cursor (or the last `days`) imported, progress reported. */
export async function runChannelSync(
  dbh: DbHandle, config: AppConfig, log: Logger, payload: ChannelSyncPayload,
  progress: JobContext['progress'], client?: PollClientOptions, now = () => Date.now(),
): Promise<ChannelSyncResult> {
  const conn = await openConnection<{ backfillDays?: number }, Record<string, string>>(dbh, config, payload.connectionId);
  if (!conn || !isChannel(conn.kind)) throw new Error('The store connection was removed');
  const state = await findChannelSync(dbh.db, conn.id);
  const days = payload.days ?? conn.settings.backfillDays ?? 7;
  const since = payload.days || !state?.cursor
    ? new Date(now() - days * DAY_MS).toISOString()
    : new Date(Date.parse(state.cursor) - OVERLAP_MS).toISOString();
  const tally = { read: 0, created: 0, updated: 0, missed: 0, unchanged: 0, ignored: 0, unreadable: [] as string[] };
  let cursor = state?.cursor ?? null;
  let total: number | null = null;
  let page: string | null = null;
  try {
    do {
      const got: StorePage = await LISTERS[conn.kind](conn, since, page, { log, client });
      total = got.total ?? total;
      for (const o of got.orders) {
        const r = await importStoreOrder(dbh, conn, o);
        tally.read++;
        if (r.outcome === 'created') tally.created++;
        else if (r.outcome === 'missed') tally.missed++;
        else if (r.outcome === 'updated' || r.outcome === 'flagged') tally.updated++;
        else if (r.outcome === 'ignored') tally.ignored++;
        else tally.unchanged++;
        cursor = later(cursor, o.updatedAt);
      }
      tally.read += got.unreadable.length;
      tally.unreadable.push(...got.unreadable.slice(0, Math.max(0, 20 - tally.unreadable.length)));
      await saveChannelSync(dbh.db, conn.id, conn.companyId, { cursor: cursor ?? since }, nowIso());
      await progress(tally.read, Math.max(total ?? 0, tally.read));
      page = got.next;
    } while (page);
  } catch (err) {
    const message = `Failed: ${(err as Error).message}`.slice(0, 500);
    await saveChannelSync(dbh.db, conn.id, conn.companyId, { last_result: tally.read ? `${message} (after ${tally.read} orders; the next sync continues from there)`.slice(0, 500) : message }, nowIso());
    throw err;
  }
  const summary = syncSummary(tally);
  await saveChannelSync(dbh.db, conn.id, conn.companyId, { cursor: cursor ?? since, last_synced_at: nowIso(), last_result: summary }, nowIso());
  return { ...tally, cursor: cursor ?? since, summary };
}

/** The job handler; `client` tunes the store calls' timeouts and retries (tests shorten them). */
export const channelSyncJob = (client?: PollClientOptions): JobHandler<ChannelSyncPayload> =>
  (ctx) => runChannelSync(ctx.dbh, ctx.config, ctx.log, ctx.job.payload, ctx.progress, client);

/** Queues a sync of every real, active store connection not synced within `everyMs` (none twice). */
export async function enqueueDueChannelSyncs(dbh: DbHandle, everyMs = POLL_EVERY_MS, now = Date.now()): Promise<number> {
  let queued = 0;
  for (const c of await channelConnectionsDue(dbh.db, CHANNEL_KINDS, new Date(now - everyMs).toISOString())) {
    if (c.job_id && running(await jobStatus(dbh.db, c.job_id))) continue;
    const jobId = await enqueueJob(dbh, { kind: CHANNEL_SYNC_JOB, payload: { connectionId: c.id } satisfies ChannelSyncPayload, companyId: c.company_id });
    await saveChannelSync(dbh.db, c.id, c.company_id, { job_id: jobId }, nowIso());
    queued++;
  }
  return queued;
}

/** Polls every store connection on a timer until stopped (server.ts starts it). */
export function startChannelPolling(dbh: DbHandle, log: Logger, everyMs = POLL_EVERY_MS) {
  const timer = setInterval(() => {
    enqueueDueChannelSyncs(dbh, everyMs).catch((err: unknown) => log.error({ err }, 'store polling'));
  }, Math.max(10_000, Math.floor(everyMs / 4)));
  timer.unref();
  return () => clearInterval(timer);
}

/** The missed-orders retry job (queued by queueMissedOrderRetry when the catalogue changes). */
export const runMissedRetryJob: JobHandler<MissedRetryPayload> = async (ctx) => ({ imported: await retryMissedOrders(ctx.dbh, ctx.job.payload.companyId) });
