// Jobs run once: a worker frozen past its lease (SIGSTOP on a real process) loses its job to another;
// when it wakes it neither reports progress, nor sends the mail again, nor overwrites the result.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type DbHandle } from '../../db/connect';
import { migrateToLatest } from '../../db/migrate';
import { defaultConfig } from '../../edge-api/app';
import { enqueueJob } from '../../db/jobs/queue';
import { runOneJob } from '../../edge-api/jobs/runner';
import { getJob } from '../../edge-api/services/jobs/status';
import { AT_PAUSE, PAUSED_EXPORT_JOB, TEST_JOB_HANDLERS, type PausedExportPayload } from './job-fixtures';

const LEASE_MS = 600;
let dir: string;
let dbh: DbHandle;
const log = pino({ level: 'silent' });
const config = () => defaultConfig({ dataDir: dir });

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sd-jobs-'));
  dbh = connect({ file: path.join(dir, 'app.db') });
  await migrateToLatest(dbh.db);
});
afterAll(async () => {
  await dbh.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

const mailsTo = (to: string) => dbh.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', to).execute();
const filesOf = (jobId: string) => fs.readdirSync(path.join(dir, 'exports')).filter((f) => f.startsWith(jobId));

function startWorkerProcess(): { child: ChildProcess; output: () => string; reached: Promise<void>; exited: Promise<number | null> } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/api/job-worker-process.ts'], {
    env: { ...process.env, SQLITE_FILE: path.join(dir, 'app.db'), DATA_DIR: dir, LEASE_MS: String(LEASE_MS), DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const reached = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the worker never reached its pause:\n${out}`)), 60_000);
    child.stdout!.on('data', () => {
      if (out.includes(AT_PAUSE)) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => out, reached, exited };
}

describe('a job whose worker stalls past its lease', () => {
  it('is finished by the worker that took it over; the stalled one, on waking, sends no second mail and changes nothing', { timeout: 90_000 }, async () => {
    const email = 'stalled@example.in';
    const payload: PausedExportPayload = { email, pauseMs: 300 };
    const jobId = await enqueueJob(dbh, { kind: PAUSED_EXPORT_JOB, payload });

    const a = startWorkerProcess();
    await a.reached;
    a.child.kill('SIGSTOP'); // frozen: its handler and its lease renewals stop alike
    try {
      await sleep(LEASE_MS * 2);
      expect((await getJob(dbh, jobId))?.status).toBe('running');

      // Another worker takes the job over and finishes it.
      expect(await runOneJob(dbh, config(), log, TEST_JOB_HANDLERS, { leaseMs: LEASE_MS })).toBe(true);
      const finished = await getJob(dbh, jobId);
      expect(finished).toMatchObject({ status: 'done', result: { rows: 1, worker: process.pid } });
      expect(await mailsTo(email)).toHaveLength(1);
    } finally {
      a.child.kill('SIGCONT');
    }
    expect(await a.exited).toBe(0);
    expect(a.output()).toContain('taken over by another worker');

    // Still one mail, the taker's result, one file for the job.
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    const after = await getJob(dbh, jobId);
    expect(after).toMatchObject({ status: 'done', result: { worker: process.pid } });
    expect(mails[0].body).toContain(after!.result.url);
    expect(filesOf(jobId)).toEqual([`${jobId}__orders.csv`]);
  });

  it('keeps its lease while the handler runs, however long, so no other worker takes it', { timeout: 30_000 }, async () => {
    const email = 'slow@example.in';
    const jobId = await enqueueJob(dbh, { kind: PAUSED_EXPORT_JOB, payload: { email, pauseMs: LEASE_MS * 4 } satisfies PausedExportPayload });
    const first = runOneJob(dbh, config(), log, TEST_JOB_HANDLERS, { leaseMs: LEASE_MS });
    await sleep(LEASE_MS * 2);
    expect((await getJob(dbh, jobId))?.status).toBe('running');
    // A second worker finds nothing to take, though the handler has been silent for two leases.
    expect(await runOneJob(dbh, config(), log, TEST_JOB_HANDLERS, { leaseMs: LEASE_MS })).toBe(false);
    expect(await first).toBe(true);
    expect(await getJob(dbh, jobId)).toMatchObject({ status: 'done', result: { rows: 1 } });
    expect(await mailsTo(email)).toHaveLength(1);
  });
});
