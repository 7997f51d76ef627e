// Tables of the job queue's exactly-once side effects (migration 2026-11-27T0300_job_effects).
export interface JobEffectTable {
  job_id: string;
  /** What the effect is within its job ('mail', 'file'). */
  effect_key: string;
  /** The lock token of the worker that recorded it. */
  worker: string;
  /** JSON the effect returned, once it has run (null while it runs or if it failed). */
  result: string | null;
  created_at: string;
}

declare module '../schema' {
  interface Database {
    job_effects: JobEffectTable;
  }
}
