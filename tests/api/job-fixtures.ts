// A job kind for the run-once tests: it reports progress, then may pause (a worker a test freezes
// there with SIGSTOP is a worker stalled past its lease), then builds and mails a download through
// the product's own deliverExport (the file named by the job, the mail made once per job).
import { setTimeout as sleep } from 'node:timers/promises';
import { JOB_HANDLERS } from '../../edge-api/jobs/handlers';
import type { JobContext } from '../../edge-api/lib/job-context';
import { deliverExport } from '../../edge-api/services/billing/email-exports';

export const PAUSED_EXPORT_JOB = 'test.pausedExport';
export type PausedExportPayload = { email: string; pauseMs: number };
/** Printed by a worker when it reaches the pause, after its first progress report. */
export const AT_PAUSE = 'at-pause';

async function runPausedExport(ctx: JobContext<PausedExportPayload>) {
  await ctx.progress(0, 1);
  process.stdout.write(`${AT_PAUSE}\n`);
  await sleep(ctx.job.payload.pauseMs);
  const { built, url, delivered } = await deliverExport(ctx, { email: ctx.job.payload.email, actor: { name: 'Asha' } }, 'orders CSV', async (out) => {
    await new Promise<void>((resolve, reject) => out.end('Order ID\nSD-1\n', () => resolve()).on('error', reject));
    return { name: 'orders.csv', rows: 1 };
  });
  return { rows: built.rows, url, delivered, worker: process.pid };
}

/** The product's handlers and the paused export. */
export const TEST_JOB_HANDLERS = { ...JOB_HANDLERS, [PAUSED_EXPORT_JOB]: runPausedExport };
