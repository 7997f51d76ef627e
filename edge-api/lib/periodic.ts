import type { Logger } from 'pino';

/**
 * Runs `work` now and every `intervalMs` until the returned stop is called, in the background:
 * the timer keeps no process alive, and a failed run is logged (`failed`), never thrown, so the
 * next one still comes. Upkeep that every API process runs (purges, partitions) starts here.
 */
export function runPeriodically(work: () => Promise<void>, intervalMs: number, log: Logger, failed: string): () => void {
  const run = () => work().catch((err: unknown) => log.error({ err }, failed));
  void run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
