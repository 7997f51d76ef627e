import { indiaDateTime } from '../../../domain/india-time';
import { Alert, Badge, Spoiler, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { OutboxMail } from '../../../domain/mail';
import type { DataTableColumn } from '../../ui/DataTable';
import { ListPage, usePaging } from '../../ui/ListPage';
import { outboxQuery } from './queries';

/** The page size the outbox query asks for. */
const PAGE = 25;

const COLUMNS: DataTableColumn<OutboxMail>[] = [
  {
    key: 'mail',
    header: 'E-mail',
    card: 'wide',
    cell: (m) => (
      <Stack gap={0}>
        <Text size="sm" fw={600}>
          {m.subject}
        </Text>
        <Text size="xs" c="dimmed">
          To {m.to}
        </Text>
      </Stack>
    ),
  },
  { key: 'when', header: 'Written', width: 220, cell: (m) => indiaDateTime(m.createdAt) },
  {
    key: 'status',
    header: 'Status',
    cell: (m) => (
      <Badge color={m.sent ? 'green' : m.error ? 'red' : 'gray'} variant="light">
        {m.sent ? 'Sent' : m.error ? 'Failed' : 'Not sent'}
      </Badge>
    ),
  },
  {
    key: 'body',
    header: 'Message',
    card: 'wide',
    width: '45%',
    cell: (m) => (
      <Stack gap={4}>
        {m.error && (
          <Text size="sm" c="red">
            {m.error}
          </Text>
        )}
        <Spoiler maxHeight={66} showLabel="Show all" hideLabel="Show less">
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }} data-testid="mail-body">
            {m.body}
          </Text>
        </Spoiler>
      </Stack>
    ),
  },
];

/** Admin: every e-mail the system wrote (download links), sent or kept because no SMTP is configured. */
export function OutboxPage() {
  const { paging } = usePaging(PAGE);
  const q = useQuery(outboxQuery(paging.page));
  return (
    <ListPage
      title="Mail outbox"
      style={{ maxWidth: 1200 }}
      filters={
        q.data &&
        !q.data.smtpConfigured && (
          <Alert color="yellow" variant="light">
            No SMTP server is configured (SMTP_URL), so e-mails are not sent: they are kept here. Copy a link to the person it was meant for.
          </Alert>
        )
      }
      query={q}
      list={{ rows: (d) => d.mails, total: (d) => d.currentCount, ...paging, noun: 'e-mails', nounOne: 'e-mail' }}
      table={{
        label: 'E-mails',
        testId: 'outbox-table',
        columns: COLUMNS,
        empty: { text: 'No e-mail has been written yet.' },
        narrow: 'cards',
        stickyHeader: false,
      }}
    />
  );
}
