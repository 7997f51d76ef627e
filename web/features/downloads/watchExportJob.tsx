import { Anchor, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { apiJson } from '../../api/client';
import type { Job, JobResponse } from '../../../domain/jobs';
import type { ExportJobResult } from '../../../edge-api/services/billing/email-exports';

type JobView = Job<ExportJobResult>;

const POLL_MS = 1500;
const GIVE_UP_MS = 60 * 60_000;

/**
 * Follows an e-mailed download job (GET /api/jobs/:id) from the page: a
 * progress notification while it runs, then what happened. Keeps polling
 * even if the page that started it is left.
 */
export function watchExportJob(jobId: string, email: string, what: string): Promise<JobView | null> {
  const id = `export-${jobId}`;
  notifications.show({
    id,
    loading: true,
    autoClose: false,
    withCloseButton: true,
    title: `Preparing your ${what}`,
    message: `The download link will be e-mailed to ${email}.`,
  });
  const started = Date.now();
  return new Promise((resolve) => {
    const tick = async () => {
      let job: JobView;
      try {
        job = (await apiJson<JobResponse<ExportJobResult>>(`/api/jobs/${jobId}`)).job;
      } catch {
        if (Date.now() - started > GIVE_UP_MS) return resolve(null);
        return void setTimeout(tick, POLL_MS * 2);
      }
      if (job.status === 'done' && job.result) {
        const r = job.result;
        notifications.update({
          id,
          loading: false,
          color: r.delivered ? 'green' : 'yellow',
          autoClose: false,
          title: r.delivered ? `Your ${what} is ready` : `Your ${what} is ready, but e-mail is not set up`,
          message: (
            <Stack gap={4}>
              <Text size="sm">
                {r.delivered
                  ? `The download link has been e-mailed to ${r.email}. It is valid for 24 hours.`
                  : 'This server has no SMTP configured, so the e-mail was kept in the mail outbox for an administrator. You can download the file here (valid for 24 hours).'}
              </Text>
              {r.failures.length > 0 && <Text size="sm">{r.failures.length} order(s) could not be included.</Text>}
              <Anchor href={r.url} size="sm" data-testid="export-link">
                Download now
              </Anchor>
            </Stack>
          ),
        });
        return resolve(job);
      }
      if (job.status === 'failed') {
        notifications.update({ id, loading: false, color: 'red', autoClose: false, title: `Your ${what} could not be prepared`, message: job.error ?? 'Please try again after some time.' });
        return resolve(job);
      }
      if (job.total > 0) {
        notifications.update({ id, loading: true, autoClose: false, title: `Preparing your ${what}`, message: `${job.progress} of ${job.total} done. The link will be e-mailed to ${email}.` });
      }
      if (Date.now() - started > GIVE_UP_MS) return resolve(null);
      setTimeout(tick, POLL_MS);
    };
    setTimeout(tick, 500);
  });
}
