// A durable job's progress and outcome as GET /api/jobs/:id reports it.
import type { DbHandle } from '../../../db/connect';
import { findJob } from '../../../db/jobs/queue';

export async function getJob(dbh: DbHandle, id: string) {
  const j = await findJob(dbh.db, id);
  if (!j) return undefined;
  return {
    id: j.id, kind: j.kind, status: j.status as 'queued' | 'running' | 'done' | 'failed', progress: j.progress, total: j.total,
    result: j.result ? JSON.parse(j.result) : null, error: j.error, companyId: j.company_id, userId: j.user_id,
    createdAt: j.created_at, updatedAt: j.updated_at,
  };
}
