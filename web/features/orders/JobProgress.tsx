import { useEffect, useRef } from 'react';
import { Group, Paper, Progress, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { BULK_FAILED_TITLE, SOMETHING_WENT_WRONG } from '../../../domain/orders/texts';
import type { BulkReadyToShipResult } from '../../../edge-api/services/orders/bulk';
import { jobQuery, type Job } from './queries';

export type JobProgressProps = { jobId: string; title: string; onFinished: (job: Job<BulkReadyToShipResult> | null) => void };

/** Live progress of a durable job (polled), then one notification with its outcome. */
export function JobProgress({ jobId, title, onFinished }: JobProgressProps) {
  const q = useQuery(jobQuery<BulkReadyToShipResult>(jobId));
  const job = q.data;
  const reported = useRef(false);
  useEffect(() => {
    if (reported.current) return;
    if (q.isError) {
      reported.current = true;
      notifications.show({ color: 'red', title: BULK_FAILED_TITLE, message: SOMETHING_WENT_WRONG });
      onFinished(null);
      return;
    }
    if (!job || (job.status !== 'done' && job.status !== 'failed')) return;
    reported.current = true;
    if (job.status === 'failed') {
      notifications.show({ color: 'red', title: BULK_FAILED_TITLE, message: job.error || SOMETHING_WENT_WRONG });
    } else {
      const failed: { reason: string }[] = job.result?.failed ?? [];
      notifications.show({
        color: failed.length ? 'yellow' : 'green',
        title: `${job.result?.succeeded ?? job.total} of ${job.total} orders marked ready to ship`,
        message: failed.length ? `${failed.length} could not be: ${[...new Set(failed.map((f) => f.reason))].join('; ')}` : 'The list has been reloaded.',
      });
    }
    onFinished(job);
  }, [job, q.isError, onFinished]);
  const total = job?.total ?? 0;
  const done = job?.progress ?? 0;
  const pct = total ? Math.round((done / total) * 100) : 0;
  return (
    <Paper withBorder p="sm" data-testid="job-progress" role="status" aria-live="polite">
      <Group justify="space-between" mb={6}>
        <Text size="sm" fw={500}>{title}</Text>
        <Text size="sm" c="dimmed" data-testid="job-progress-text">
          {job?.status === 'queued' || !job ? 'Waiting to start…' : `${done} of ${total}`}
        </Text>
      </Group>
      <Progress value={pct} animated={job?.status !== 'done'} aria-label={`${title}: ${pct}%`} />
    </Paper>
  );
}
