import { Alert, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { z } from 'zod';
import type { EmailDownloadQueued, EmailKind } from '../../../domain/downloads';
import { emailField } from '../../../domain/profile';
import { apiJson, ApiRequestError, fieldErrors } from '../../api/client';
import { OwnAddressNote, startingAddress, useOwnEmail } from '../auth/emailVerification';
import { FormFooter } from '../../ui/FormFooter';
import { zodValidate } from '../../ui/zodForm';
import { watchExportJob } from './watchExportJob';

const schema = z.object({ email: emailField() });

export type EmailRequestFormProps = {
  /** The server's explanation (the spec's 'Requested data contains too many ...' text). */
  message: string;
  kind: EmailKind;
  ids?: string[];
  filter?: Record<string, unknown>;
  defaultEmail?: string;
  /** What is being prepared, for the progress notification ('labels', 'orders CSV'). */
  what: string;
  onClose: () => void;
};

/**
 * Asks where to e-mail the download link, queues the job and follows it. The
 * user's own address is used only once verified: until then the dialog says why
 * and offers the verification link, and starts with the company's address.
 */
export function EmailRequestForm({ message, kind, ids, filter, defaultEmail, what, onClose }: EmailRequestFormProps) {
  const own = useOwnEmail();
  const form = useForm({ initialValues: { email: startingAddress(defaultEmail ?? '', own) }, validate: zodValidate(schema) });
  const submit = form.onSubmit(async ({ email }) => {
    try {
      const r = await apiJson<EmailDownloadQueued>('/api/download/email', { method: 'POST', body: { kind, ids, filter, email: email.trim() } });
      onClose();
      void watchExportJob(r.jobId, email.trim(), what);
    } catch (e) {
      form.setErrors({ email: fieldErrors(e).email ?? (e instanceof ApiRequestError ? e.message : 'Please try again after some time.') });
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Alert color="blue" variant="light">
          <Text size="sm" data-testid="email-request-message">{message}</Text>
        </Alert>
        <OwnAddressNote />
        <TextInput label="Email" type="email" required autoFocus data-autofocus {...form.getInputProps('email')} />
        <FormFooter onCancel={onClose} submitLabel="Send download link" loading={form.submitting} />
      </Stack>
    </form>
  );
}
