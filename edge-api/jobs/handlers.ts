/**
 * Every durable job kind and its handler; the worker (edge-api/jobs/runner.ts) runs only these.
 * Services queue a kind with enqueueJob (db/jobs/queue.ts) and own its payload type; handlers here
 * import services, never the other way round (.dependency-cruiser.cjs holds it).
 */
import { MISSED_RETRY_JOB } from '../integrations/channels/missed';
import { CHANNEL_SYNC_JOB, channelSyncJob, runMissedRetryJob } from '../integrations/channels/sync';
import type { JobHandlers } from '../lib/job-context';
import { ADMIN_EXPORT_JOB, runAdminExportJob } from '../services/admin/exports';
import { runVerifyEmailJob, VERIFY_EMAIL_JOB } from '../services/auth/email-verification';
import { EXPORT_JOB, runExportJob } from '../services/billing/email-exports';
import { BULK_UPLOAD_JOB } from '../services/bulk/run';
import { BULK_READY_TO_SHIP_JOB } from '../services/orders/bulk';
import { runBulkUploadJob } from './bulk-upload';
import { runBulkReadyToShipJob } from './orders-bulk';

export const JOB_HANDLERS = {
  [EXPORT_JOB]: runExportJob,
  [ADMIN_EXPORT_JOB]: runAdminExportJob,
  [VERIFY_EMAIL_JOB]: runVerifyEmailJob,
  [BULK_UPLOAD_JOB]: runBulkUploadJob,
  [BULK_READY_TO_SHIP_JOB]: runBulkReadyToShipJob,
  [CHANNEL_SYNC_JOB]: channelSyncJob(),
  [MISSED_RETRY_JOB]: runMissedRetryJob,
} as const satisfies JobHandlers;
