import { useState } from 'react';
import { Accordion, Alert, Badge, Group, Loader, Pagination, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { outboxQuery } from './queries';

/** Admin: every e-mail the system wrote (download links), sent or kept because no SMTP is configured. */
export function OutboxPage() {
  const [page, setPage] = useState(1);
  const q = useQuery(outboxQuery(page));
  return (
    <Stack maw={1000}>
      <Title order={2}>Mail outbox</Title>
      {q.data && !q.data.smtpConfigured && (
        <Alert color="yellow" variant="light">
          No SMTP server is configured (SMTP_URL), so e-mails are not sent: they are kept here. Copy a link to the person it was meant for.
        </Alert>
      )}
      {q.isPending && <Loader aria-label="Loading the outbox" />}
      {q.isError && <Alert color="red">{(q.error as Error).message}</Alert>}
      {q.data && q.data.mails.length === 0 && <Text c="dimmed">No e-mail has been written yet.</Text>}
      {q.data && q.data.mails.length > 0 && (
        <Accordion variant="separated" aria-label="E-mails">
          {q.data.mails.map((m) => (
            <Accordion.Item key={m.id} value={m.id}>
              <Accordion.Control>
                <Group justify="space-between" wrap="nowrap">
                  <Stack gap={0}>
                    <Text size="sm" fw={600}>{m.subject}</Text>
                    <Text size="xs" c="dimmed">To {m.to} · {new Date(m.createdAt).toLocaleString('en-IN')}</Text>
                  </Stack>
                  <Badge color={m.sent ? 'green' : m.error ? 'red' : 'gray'} variant="light">
                    {m.sent ? 'Sent' : m.error ? 'Failed' : 'Not sent'}
                  </Badge>
                </Group>
              </Accordion.Control>
              <Accordion.Panel>
                {m.error && <Alert color="red" mb="xs">{m.error}</Alert>}
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }} data-testid="mail-body">{m.body}</Text>
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      )}
      {q.data && q.data.currentCount > 25 && <Pagination total={Math.ceil(q.data.currentCount / 25)} value={page} onChange={setPage} />}
    </Stack>
  );
}
