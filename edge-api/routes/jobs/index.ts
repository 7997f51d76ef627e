import { Hono } from 'hono';
import { z } from 'zod';
import { JobResponse } from '../../../domain/jobs';
import type { AppEnv } from '../../env';
import { notFound } from '../../lib/errors';
import { responds } from '../../lib/responds';
import { v } from '../../lib/validate';
import { getJob } from '../../services/jobs/status';
import { inScope, requireSession } from '../../middleware/session';

/** Progress of a durable job, for the page that started it (polled). */
export const jobsRoutes = new Hono<AppEnv>().get('/jobs/:id', responds(JobResponse), v('param', z.object({ id: z.string().min(1).max(64) })), async (c) => {
  const s = requireSession(c);
  const job = await getJob(c.var.dbh, c.req.valid('param').id);
  if (!job || (job.companyId ? !inScope(c, job.companyId) : job.userId !== s.userId && s.role !== 'admin')) throw notFound('Job not found');
  return c.json({ status: true, job } satisfies JobResponse);
});
