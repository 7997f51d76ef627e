// The submit call of a preview, and the job poll for the long types.
import { BULK_DEFS, submitPath, type BulkType } from '../../../domain/bulk/types';
import type { BulkJobStarted, BulkResponse } from '../../../domain/bulk/validate';
import type { BulkRow } from '../../../domain/bulk/rules';
import { apiJson } from '../../api/client';
import type { JobResponse } from '../../../domain/jobs';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Submits the rows. Catalogues, orders and inventory (600000 ms) run as a
 * durable job: progress is reported while it runs; the rest answer directly.
 */
export async function submitBulk(
  type: BulkType,
  body: { rows: BulkRow[]; fileId: string; companyId?: string | null; storeId?: string | null },
  onProgress: (done: number, total: number) => void,
): Promise<BulkResponse> {
  const path = submitPath(type, { companyId: body.companyId, storeId: body.storeId });
  const long = BULK_DEFS[type].long;
  const payload = { rows: body.rows, fileId: body.fileId, ...(long ? { async: true } : {}) };
  const first = await apiJson<BulkResponse | BulkJobStarted>(path, { method: 'POST', body: payload });
  if (!('jobId' in first)) return first;
  const deadline = Date.now() + 600_000;
  while (Date.now() < deadline) {
    await sleep(500);
    const { job } = await apiJson<JobResponse<BulkResponse>>(`/api/jobs/${first.jobId}`);
    onProgress(job.progress, job.total || body.rows.length);
    if (job.status === 'done' && job.result) return job.result;
    if (job.status === 'failed') throw new Error(job.error ?? 'Something went wrong!');
  }
  throw new Error('The upload is taking longer than 10 minutes; check the results later.');
}
