import { z } from 'zod';
import { okBody } from './api';

/** Status of a durable job (edge-api/jobs/runner.ts). */
export const JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/**
 * A durable job as GET /api/jobs/:id reports it. `result` is what the job kind's
 * handler returned (its shape depends on the kind: the caller that started the
 * job names it with `Job<R>`).
 */
export const JobView = z.object({
  id: z.string(),
  kind: z.string(),
  status: z.enum(JOB_STATUSES),
  progress: z.number(),
  total: z.number(),
  result: z.unknown(),
  error: z.string().nullable(),
  companyId: z.string().nullable(),
  userId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Job<R = unknown> = Omit<z.infer<typeof JobView>, 'result'> & { result: R | null };

/** GET /api/jobs/:id */
export const JobResponse = okBody({ job: JobView });
export type JobResponse<R = unknown> = { status: true; job: Job<R> };
