// Bulk uploads that may run up to 600000 ms (catalogues, orders, inventory)
// as durable jobs: the same use case as the direct call, progress per row,
// the BulkResponse as the job's result.
import type { BulkType } from '../../domain/bulk/types';
import type { BulkResponse } from '../../domain/bulk/validate';
import type { BulkActor } from '../services/bulk/context';
import { runBulk, type BulkRunInput } from '../services/bulk/run';
import { registerJob } from './runner';

export const BULK_UPLOAD_JOB = 'bulk.upload';
export type BulkUploadPayload = { type: BulkType; actor: BulkActor; input: BulkRunInput };

registerJob(BULK_UPLOAD_JOB, async ({ dbh, job, progress, log }): Promise<BulkResponse> => {
  const { type, actor, input } = job.payload as BulkUploadPayload;
  return runBulk(dbh, actor, type, input, { log, progress });
});
