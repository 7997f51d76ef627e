import { useState } from 'react';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { Alert, Button, Center, Group, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { z } from 'zod';
import type { SignupResponse } from '../../domain/auth';
import { companySignupSchema, warehouseSignupSchema } from '../../domain/profile';
import { AUTH_CODES, AUTH_FALLBACK } from '../../domain/messages';
import { apiJson, fieldErrors } from '../api/client';
import { emptyProfile, ProfileFields } from '../features/auth/ProfileFields';
import { zodValidate } from '../ui/zodForm';

export const Route = createFileRoute('/signup')({
  validateSearch: z.object({ kind: z.enum(['company', 'warehouse']).catch('company') }),
  component: SignupPage,
});

function SignupPage() {
  const { kind } = Route.useSearch();
  return <SignupForm key={kind} kind={kind} />;
}

function SignupForm({ kind }: { kind: 'company' | 'warehouse' }) {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { ...emptyProfile(kind), password: '', confirmPassword: '' },
    validate: zodValidate(kind === 'company' ? companySignupSchema : warehouseSignupSchema),
  });
  const submit = form.onSubmit(async (values) => {
    setError(null);
    try {
      const r = await apiJson<SignupResponse>(`/api/auth/signup/${kind}`, { method: 'POST', body: values });
      if (r.code !== AUTH_CODES.signedUp) throw new Error(r.message);
      notifications.show({
        color: 'green',
        title: 'Signup successful',
        message: `Your account is ready. Please sign in. We have e-mailed a link to verify ${r.verificationEmail}.`,
        autoClose: 10_000,
      });
      navigate({ to: '/login', search: { app: kind === 'company' ? 'seller' : 'wms' } });
    } catch (e) {
      form.setErrors(fieldErrors(e));
      setError((e as Error).message || AUTH_FALLBACK);
    }
  });

  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Paper component="form" onSubmit={submit} withBorder shadow="sm" p="xl" w="100%" maw={760} noValidate>
        <Stack>
          <Title order={1} size="h2">{kind === 'company' ? 'Sign up your company' : 'Sign up your warehouse'}</Title>
          <SegmentedControl
            aria-label="Account type"
            value={kind}
            onChange={(k) => navigate({ to: '/signup', search: { kind: k as 'company' | 'warehouse' } })}
            data={[{ value: 'company', label: 'Company' }, { value: 'warehouse', label: 'Warehouse' }]}
          />
          <Text size="sm" c="dimmed">All fields marked * are required.</Text>
          {error && <Alert color="red" role="alert">{error}</Alert>}
          <ProfileFields form={form} kind={kind} withPassword />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => navigate({ to: '/login' })}>Login Instead</Button>
            <Button type="submit" loading={form.submitting}>Signup</Button>
          </Group>
        </Stack>
      </Paper>
    </Center>
  );
}
