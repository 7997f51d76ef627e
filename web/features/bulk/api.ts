// The submit call of a preview, and the job poll for the long types.
import { queryOptions } from '@tanstack/react-query';
import { BULK_DEFS, submitPath, type BulkType } from '../../../domain/bulk/types';
import type { BulkJobStarted, BulkResponse } from '../../../domain/bulk/validate';
import type { BulkRow } from '../../../domain/bulk/rules';
import { apiJson } from '../../api/client';
import type { JobResponse } from '../../../domain/jobs';
import type { StoreListResponse } from '../../../domain/retailers';
import type { Session } from '../../auth/session';

/** The company an upload is for: the user's own, else the first one chosen. */
export const bulkCompanyId = (session: Pick<Session, 'companyId' | 'selectedCompanyIds'>) => session.companyId ?? session.selectedCompanyIds[0] ?? null;

/** The company's stores, for a type whose rows all go to one chosen store (fetched only for such a type). */
export const bulkStoresQuery = (session: Pick<Session, 'companyId' | 'selectedCompanyIds'>, type: BulkType) => {
  const companyId = bulkCompanyId(session);
  return queryOptions({
    queryKey: ['bulk', 'stores', companyId],
    enabled: !!BULK_DEFS[type].needsStore,
    queryFn: ({ signal }) => apiJson<StoreListResponse>(`/api/d2r/store-address/list?page=1&limit=100${companyId ? `&companyId=${companyId}` : ''}`, { signal }),
  });
};

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
