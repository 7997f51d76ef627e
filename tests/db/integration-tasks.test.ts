// Durable partner tasks on both dialects: a key is one task, a handler's
// outcome decides done / retried / failed, and a task taken over after its
// worker stalled is finished once, by its new holder.
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../db/migrate';
import { claimDueTask, findTask, releaseTask } from '../../db/integrations/tasks';
import { loadConfig } from '../../edge-api/config';
import { PartnerError } from '../../edge-api/integrations/http';
import { drainTasks, enqueueTask, GiveUp, LEASE_MS, MAX_ATTEMPTS, RetryLater, runOneTask, type TaskHandlers } from '../../edge-api/integrations/tasks';
import { dialects } from './dialects';

const targets = await dialects();
const log = pino({ level: 'silent' });
const config = loadConfig({});

describe.each(targets)('partner tasks on $name', ({ open }) => {
  let h: Awaited<ReturnType<typeof open>>;
  beforeAll(async () => {
    h = await open();
    await migrateToLatest(h.db);
  }, 120_000);
  afterAll(async () => h?.drop());

  it('records one task per key: a replayed webhook is the same task, run once', async () => {
    const calls: unknown[] = [];
    const handlers: TaskHandlers = { 'test.echo': async ({ task }) => (calls.push(task.payload), { seen: task.payload }) };
    const a = await enqueueTask(h, { kind: 'test.echo', key: 'echo:delivery-1', payload: { n: 1 }, companyId: 'c1' });
    const b = await enqueueTask(h, { kind: 'test.echo', key: 'echo:delivery-1', payload: { n: 2 }, companyId: 'c1' });
    expect(a.created).toBe(true);
    expect(b).toEqual({ id: a.id, created: false });
    expect(await drainTasks(h, config, log, handlers)).toBe(1);
    expect(calls).toEqual([{ n: 1 }]);
    const row = await findTask(h.db, a.id);
    expect(row).toMatchObject({ status: 'done', attempts: 1, result: JSON.stringify({ seen: { n: 1 } }), locked_by: null });
  });

  it('tries a transient failure again later, at the partner\'s time when it names one, and fails a GiveUp at once', async () => {
    let now = new Date('2026-11-27T10:00:00Z');
    const clock = () => now;
    let n = 0;
    const handlers: TaskHandlers = {
      'test.flaky': async () => {
        n++;
        if (n === 1) throw new PartnerError('acme', 'timeout', 'acme did not answer within 15 s');
        if (n === 2) throw new RetryLater('busy', 90_000);
        return 'booked';
      },
      'test.refused': async () => {
        throw new GiveUp('Pincode not serviceable');
      },
    };
    const t = await enqueueTask(h, { kind: 'test.flaky', key: 'flaky:1', payload: null, at: now });
    expect(await runOneTask(h, config, log, handlers, { now: clock })).toBe(true);
    let row = (await findTask(h.db, t.id))!;
    expect(row).toMatchObject({ status: 'pending', attempts: 1, last_error: 'acme did not answer within 15 s', next_attempt_at: '2026-11-27T10:00:30.000Z' });
    expect(await runOneTask(h, config, log, handlers, { now: clock })).toBe(false); // not due yet
    now = new Date('2026-11-27T10:00:30Z');
    await runOneTask(h, config, log, handlers, { now: clock });
    row = (await findTask(h.db, t.id))!;
    expect(row).toMatchObject({ status: 'pending', attempts: 2, next_attempt_at: '2026-11-27T10:02:00.000Z' });
    now = new Date('2026-11-27T10:02:00Z');
    await runOneTask(h, config, log, handlers, { now: clock });
    expect(await findTask(h.db, t.id)).toMatchObject({ status: 'done', attempts: 3, result: '"booked"', last_error: null });

    const r = await enqueueTask(h, { kind: 'test.refused', key: 'refused:1', payload: null, at: now });
    await runOneTask(h, config, log, handlers, { now: clock });
    expect(await findTask(h.db, r.id)).toMatchObject({ status: 'failed', attempts: 1, last_error: 'Pincode not serviceable' });
  });

  it(`fails a task after ${MAX_ATTEMPTS} attempts`, async () => {
    let now = new Date('2026-11-28T00:00:00Z');
    const handlers: TaskHandlers = { 'test.down': async () => { throw new Error('partner down'); } };
    const t = await enqueueTask(h, { kind: 'test.down', key: 'down:1', payload: null, at: now });
    for (let i = 0; i < MAX_ATTEMPTS; i++) {
      expect(await runOneTask(h, config, log, handlers, { now: () => now })).toBe(true);
      now = new Date(now.getTime() + 7 * 3600_000);
    }
    expect(await findTask(h.db, t.id)).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, last_error: 'partner down' });
  });

  it('a worker that stalls past its lease loses the task: the new holder finishes it, the stalled one cannot', async () => {
    let now = new Date('2026-11-29T00:00:00Z');
    const t = await enqueueTask(h, { kind: 'test.once', key: 'once:1', payload: null, at: now });
    // Worker A claims it and then stalls (never finishes).
    expect(await claimDueTask(h, 'worker-a', now.toISOString(), new Date(now.getTime() - LEASE_MS).toISOString())).toBe(t.id);
    const effects: string[] = [];
    const handlers: TaskHandlers = { 'test.once': async () => (effects.push('mail sent'), 'ok') };
    // Within the lease nobody else takes it.
    expect(await runOneTask(h, config, log, handlers, { worker: 'worker-b', now: () => now })).toBe(false);
    now = new Date(now.getTime() + LEASE_MS + 1000);
    expect(await runOneTask(h, config, log, handlers, { worker: 'worker-b', now: () => now })).toBe(true);
    expect(effects).toEqual(['mail sent']);
    expect(await findTask(h.db, t.id)).toMatchObject({ status: 'done', attempts: 2 });
    // Worker A wakes up: its finish changes nothing.
    expect(await releaseTask(h.db, t.id, 'worker-a', { status: 'failed', lastError: 'late' }, now.toISOString())).toBe(false);
    expect(await findTask(h.db, t.id)).toMatchObject({ status: 'done', last_error: null });
  });
});
