// Bulk uploads that may run up to 600000 ms (catalogues, orders, inventory)
// as durable jobs: the same use case as the direct call, progress per row,
// the BulkResponse as the job's result.
import type { BulkResponse } from '../../domain/bulk/validate';
import type { JobContext } from '../lib/job-context';
import { runBulk, type BulkUploadPayload } from '../services/bulk/run';

export async function runBulkUploadJob({ dbh, job, progress, log }: JobContext<BulkUploadPayload>): Promise<BulkResponse> {
  const { type, actor, input } = job.payload;
  return runBulk(dbh, actor, type, input, { log, progress });
}
