import { useState } from 'react';
import { createFileRoute, Link, redirect, useNavigate } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Anchor, Button, Center, Paper, PasswordInput, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { z } from 'zod';
import { authenticateSchema } from '../../domain/auth';
import { AUTH_FALLBACK } from '../../domain/messages';
import { ensureSession } from '../auth/session';
import { signIn } from '../features/auth/signIn';
import { homeFor } from '../features/shell/nav';
import { zodValidate } from '../ui/zodForm';

const search = z.object({ redirect: z.string().optional(), app: z.enum(['seller', 'wms', 'admin', 'finance']).optional() });

export const Route = createFileRoute('/login')({
  validateSearch: search,
  beforeLoad: async ({ context }) => {
    const s = await ensureSession(context.queryClient).catch(() => ({ isLogined: false as const }));
    if (s.isLogined) throw redirect({ to: '/' });
  },
  component: LoginPage,
});

const APPS = [
  { value: 'seller', label: 'Seller' },
  { value: 'wms', label: 'Warehouse' },
  { value: 'admin', label: 'Admin' },
  { value: 'finance', label: 'Finance' },
];

function LoginPage() {
  const { redirect: to, app } = Route.useSearch();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { email: '', password: '', appType: (app ?? 'seller') as 'seller' | 'wms' | 'admin' | 'finance' },
    validate: zodValidate(authenticateSchema),
  });

  const submit = form.onSubmit(async (values) => {
    setError(null);
    try {
      const s = await signIn(queryClient, values);
      navigate({ to: to && to.startsWith('/') ? to : homeFor(s.role) });
    } catch (e) {
      setError((e as Error).message || AUTH_FALLBACK);
    }
  });

  // The four app tabs need about 340 px side by side: on a handheld or phone they stack, each a full-width target.
  const narrow = useMediaQuery('(max-width: 25em)', false, { getInitialValueInEffect: false });

  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Paper component="form" onSubmit={submit} withBorder shadow="sm" p={narrow ? 'md' : 'xl'} radius="md" w="100%" maw={420} noValidate>
        <Stack>
          <div>
            <Title order={1} size="h2">ShipDesk</Title>
            <Text c="dimmed" size="sm">Sign in to manage orders, packing and returns.</Text>
          </div>
          <SegmentedControl aria-label="App" data={APPS} {...form.getInputProps('appType')} fullWidth orientation={narrow ? 'vertical' : 'horizontal'} size={narrow ? 'md' : 'sm'} />
          {error && <Alert color="red" role="alert" title="Sign in failed">{error}</Alert>}
          <TextInput label="Email" type="email" autoComplete="username" required {...form.getInputProps('email')} />
          <PasswordInput label="Password" autoComplete="current-password" required {...form.getInputProps('password')} />
          <Button type="submit" size="md" loading={form.submitting}>Sign in</Button>
          <Text size="sm" ta="center">
            New here?{' '}
            <Anchor renderRoot={(props) => <Link {...props} to="/signup" search={{ kind: 'company' }} />}>Sign up your company</Anchor> or{' '}
            <Anchor renderRoot={(props) => <Link {...props} to="/signup" search={{ kind: 'warehouse' }} />}>your warehouse</Anchor>
          </Text>
        </Stack>
      </Paper>
    </Center>
  );
}
