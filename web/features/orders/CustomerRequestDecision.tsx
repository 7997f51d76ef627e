// A buyer's request (NDR) is accepted, applying its change, or
// declined with a reason; the buyer's tracking page then shows the outcome.
import { useState } from 'react';
import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { declineRequestSchema, PROBLEM_ACTIONS } from '../../../domain/ndr';
import { useSession } from '../../auth/useSession';
import { fieldErrors } from '../../api/client';
import { zodValidate } from '../../ui/zodForm';
import { useOrderMutation } from './actions/useOrderMutation';

export function CustomerRequestDecision({ request }: { request: { id: string; status: string; kind: string } }) {
  const run = useOrderMutation();
  const [declining, setDeclining] = useState(false);
  const [busy, setBusy] = useState(false);
  const form = useForm({ initialValues: { reason: '' }, validate: zodValidate(declineRequestSchema) });
  const { role } = useSession();
  // The seller's (or admin's) to answer: a warehouse user sees the request without the buttons.
  if (request.status !== 'OPEN' || !(PROBLEM_ACTIONS.requestAccept.roles as readonly string[]).includes(role)) return null;
  const accept = async () => {
    setBusy(true);
    await run({ path: `/api/customerRequests/${request.id}/accept`, method: 'POST', body: {}, success: 'Request accepted and applied' });
    setBusy(false);
  };
  return (
    <Stack gap="xs" data-testid="request-decision">
      <Text size="sm" c="dimmed">
        {request.kind === 'reattempt' ? 'Accepting asks the courier to deliver again on the date the buyer chose.' : 'Accepting applies the buyer’s new address or phone to the order for the next attempt.'}
      </Text>
      {declining ? (
        <form noValidate
          onSubmit={form.onSubmit(async (v) => {
            const r = await run({ path: `/api/customerRequests/${request.id}/decline`, method: 'POST', body: v, success: 'Request declined' });
            if (!r.ok) form.setErrors(fieldErrors(r.error));
          })}
        >
          <Stack gap="xs">
            <Textarea label="Reason for declining" description="Kept for your team; the buyer only sees that the request was not accepted." required autosize minRows={2} maxLength={300} data-autofocus {...form.getInputProps('reason')} />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setDeclining(false)}>Back</Button>
              <Button type="submit" color="red" loading={form.submitting}>Decline Request</Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <Group justify="flex-end">
          <Button variant="light" color="red" onClick={() => setDeclining(true)}>Decline</Button>
          <Button onClick={accept} loading={busy}>Accept and Apply</Button>
        </Group>
      )}
    </Stack>
  );
}
