import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maintainHistory, partitionMonths, type HistoryRetention } from '../../db/history/partitions';
import { migrateTo, migrateToLatest } from '../../db/migrate';
import { seed } from '../../db/seed';
import { enqueueTask } from '../../edge-api/integrations/tasks';
import { dialects } from './dialects';

const targets = await dialects();

const NOW = new Date('2026-11-15T10:00:00.000Z');
const KEEP_ALL: HistoryRetention = { order_trails: 0, integration_tasks: 0, jobs: 0 };
// At NOW: trails from 2026-05-01 on, tasks from 2026-05-01, jobs from 2026-08-01.
const RETENTION: HistoryRetention = { order_trails: 6, integration_tasks: 6, jobs: 3 };

// History rows of chosen months, written as an older release would have: one per month and table.
const MONTHS = ['2025-12', '2026-03', '2026-06', '2026-09', '2026-11'];
const at = (month: string) => `${month}-10T08:30:00.000Z`;

describe.each(targets)('history tables on $name', ({ name, open }) => {
  let h: Awaited<ReturnType<typeof open>>;
  let orderId: string;
  beforeAll(async () => {
    h = await open();
    await migrateToLatest(h.db);
    await seed(h, { orders: 5, pincodes: false });
    // Back to the release before the history migration, and rows of several months written there.
    await migrateTo(h.db, '2026-11-30T0300_remittance_match_index');
    orderId = (await h.db.selectFrom('orders').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    for (const [i, month] of MONTHS.entries()) {
      await sql`INSERT INTO order_trails (id, order_id, status, description, city, is_return, source, actor_id, actor_name, event_id, created_at)
        VALUES (${`trail-${month}`}, ${orderId}, 'IN_TRANSIT', 'Scanned at hub', NULL, 0, 'carrier', NULL, 'Courier', ${`dl:event-${i}`}, ${at(month)})`.execute(h.db);
      await sql`INSERT INTO jobs (id, kind, status, company_id, user_id, payload, progress, total, result, error, locked_by, locked_at, created_at, updated_at)
        VALUES (${`job-${month}`}, 'export', 'done', NULL, NULL, '{}', 0, 0, NULL, NULL, NULL, NULL, ${at(month)}, ${at(month)})`.execute(h.db);
      await sql`INSERT INTO job_effects (job_id, effect_key, worker, result, created_at) VALUES (${`job-${month}`}, 'mail', 'w1', NULL, ${at(month)})`.execute(h.db);
      await sql`INSERT INTO integration_tasks (id, key, kind, company_id, connection_id, subject_type, subject_id, payload, status, attempts, next_attempt_at, locked_by, locked_at, last_error, result, created_at, updated_at)
        VALUES (${`task-${month}`}, ${`shopify:delivery-${month}`}, 'shopify.webhook', NULL, NULL, NULL, NULL, '{}', 'done', 1, ${at(month)}, NULL, NULL, NULL, NULL, ${at(month)}, ${at(month)})`.execute(h.db);
    }
  }, 120_000);
  afterAll(async () => h?.drop());

  const ids = async (table: 'order_trails' | 'jobs' | 'integration_tasks') =>
    (await h.db.selectFrom(table).select(['id', 'created_at']).orderBy('id').execute()).map((r) => `${r.id}@${r.created_at}`);
  const ours = (list: string[], prefix: string) => list.filter((x) => x.startsWith(prefix)).map((x) => x.slice(prefix.length, prefix.length + 7));
  const keys = async () => (await h.db.selectFrom('integration_task_keys').select('key').orderBy('key').execute()).map((r) => r.key);

  it('moves every row of the trail, the tasks and the jobs over, and takes each task key once', async () => {
    const before = { trails: await ids('order_trails'), jobs: await ids('jobs'), tasks: await ids('integration_tasks') };
    expect(ours(before.trails, 'trail-')).toEqual(MONTHS);
    await migrateToLatest(h.db);
    expect(await ids('order_trails')).toEqual(before.trails);
    expect(await ids('jobs')).toEqual(before.jobs);
    expect(await ids('integration_tasks')).toEqual(before.tasks);
    const taskKeys = (await h.db.selectFrom('integration_tasks').select('key').orderBy('key').execute()).map((r) => r.key);
    expect(await keys()).toEqual(taskKeys);
    if (name === 'postgres') {
      const { rows } = await sql<{ relname: string; relkind: string }>`
        SELECT relname, relkind FROM pg_class WHERE relnamespace = current_schema()::regnamespace AND relname IN ('order_trails', 'jobs', 'integration_tasks') ORDER BY relname`.execute(h.db);
      expect(rows).toEqual([
        { relname: 'integration_tasks', relkind: 'p' },
        { relname: 'jobs', relkind: 'p' },
        { relname: 'order_trails', relkind: 'p' },
      ]);
    }
  });

  it('gives each month with rows, this month and the next their own partition, losing no row', async () => {
    const before = await ids('order_trails');
    const out = await maintainHistory(h, KEEP_ALL, NOW);
    expect(await ids('order_trails')).toEqual(before);
    if (name === 'postgres') {
      for (const table of ['order_trails', 'jobs', 'integration_tasks'] as const) {
        const months = await partitionMonths(h.db, table);
        expect(months).toEqual(expect.arrayContaining([...MONTHS, '2026-12']));
        const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.id(`${table}_default`)}`.execute(h.db);
        expect(rows[0].n).toBe(0);
      }
      // Each row is read from its month's partition.
      const { rows } = await sql<{ id: string }>`SELECT id FROM order_trails_p202603`.execute(h.db);
      expect(rows.map((r) => r.id)).toEqual(['trail-2026-03']);
      expect(out.find((o) => o.table === 'order_trails')!.moved).toBeGreaterThanOrEqual(MONTHS.length);
    } else {
      expect(out.every((o) => o.deleted === 0)).toBe(true);
    }
    // A second run has nothing left to do.
    const again = await maintainHistory(h, KEEP_ALL, NOW);
    expect(again.every((o) => !o.created && !o.dropped && !o.moved && !o.deleted)).toBe(true);
  });

  it('removes what is past each table’s retention, with the task keys and job effects of those months', async () => {
    await maintainHistory(h, RETENTION, NOW);
    expect(ours(await ids('order_trails'), 'trail-')).toEqual(['2026-06', '2026-09', '2026-11']);
    expect(ours(await ids('integration_tasks'), 'task-')).toEqual(['2026-06', '2026-09', '2026-11']);
    expect(ours(await ids('jobs'), 'job-')).toEqual(['2026-09', '2026-11']);
    const effects = (await h.db.selectFrom('job_effects').select('job_id').where('job_id', 'like', 'job-%').orderBy('job_id').execute()).map((r) => r.job_id);
    expect(effects).toEqual(['job-2026-09', 'job-2026-11']);
    expect((await keys()).filter((k) => k.startsWith('shopify:delivery-'))).toEqual(['shopify:delivery-2026-06', 'shopify:delivery-2026-09', 'shopify:delivery-2026-11']);
    if (name === 'postgres') {
      expect(await partitionMonths(h.db, 'order_trails')).not.toContain('2026-03');
      expect(await partitionMonths(h.db, 'jobs')).not.toContain('2026-06');
    }
    // The order's recent timeline is untouched.
    expect((await h.db.selectFrom('order_trails').select('id').where('order_id', '=', orderId).where('id', '=', 'trail-2026-11').execute()).length).toBe(1);
  });

  it('records a task once per key while the key is kept', async () => {
    const input = { kind: 'shopify.webhook', key: 'shopify:delivery-2026-11', payload: { again: true } };
    expect(await enqueueTask(h, input)).toEqual({ id: 'task-2026-11', created: false });
    const fresh = await enqueueTask(h, { ...input, key: 'shopify:delivery-new' });
    expect(fresh.created).toBe(true);
    expect(await enqueueTask(h, { ...input, key: 'shopify:delivery-new' })).toEqual({ id: fresh.id, created: false });
    // With this month's partition made, a task written now lands there (PostgreSQL), not in the default one.
    await maintainHistory(h, KEEP_ALL, new Date());
    await enqueueTask(h, { ...input, key: 'shopify:delivery-newer' });
    if (name === 'postgres') {
      const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM integration_tasks_default`.execute(h.db);
      expect(rows[0].n).toBe(0);
    }
  });
});
