import { createFileRoute } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { companyProfileSchema, warehouseProfileSchema, type ProfileSavedResponse } from '../../domain/profile';
import { apiJson, fieldErrors } from '../api/client';
import { prefetchAll } from '../api/prefetch';
import { sessionQuery } from '../auth/session';
import { useSession } from '../auth/useSession';
import { EmailVerificationNotice, OrgEmailVerificationNotice, orgEmailQuery } from '../features/auth/emailVerification';
import { emptyProfile, ProfileFields } from '../features/auth/ProfileFields';
import { zodValidate } from '../ui/zodForm';

export const Route = createFileRoute('/_authed/profile')({
  // A company's or warehouse's profile shows whether its own address is verified; an administrator has none.
  loader: ({ context }) => {
    const kind = context.session.profile?.kind;
    return prefetchAll(context.queryClient, kind === 'company' || kind === 'warehouse' ? [orgEmailQuery] : []);
  },
  component: ProfilePage,
});

function ProfilePage() {
  const session = useSession();
  const p = session.profile;
  if (!p || p.kind === 'admin') {
    return (
      <Stack>
        <Title order={2}>Profile</Title>
        <EmailVerificationNotice />
        <Paper withBorder p="md">
          <Text fw={500}>{session.user.name}</Text>
          <Text c="dimmed">{session.user.email}</Text>
          <Text size="sm" mt="sm">Platform administrators have no company profile.</Text>
        </Paper>
      </Stack>
    );
  }
  return <ProfileForm kind={p.kind} initial={p} />;
}

function ProfileForm({ kind, initial }: { kind: 'company' | 'warehouse'; initial: Record<string, unknown> }) {
  const queryClient = useQueryClient();
  const { kind: _k, isD2R: _d, ...values } = initial;
  const form = useForm({
    initialValues: { ...emptyProfile(kind), ...values },
    validate: zodValidate(kind === 'company' ? companyProfileSchema : warehouseProfileSchema),
  });
  const submit = form.onSubmit(async (v) => {
    try {
      await apiJson<ProfileSavedResponse>(`/api/profile/${kind}`, { method: 'PUT', body: v });
      notifications.show({ color: 'green', message: 'Profile updated' });
      form.resetDirty();
      await Promise.all([queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey }), queryClient.invalidateQueries({ queryKey: orgEmailQuery.queryKey })]);
    } catch (e) {
      form.setErrors(fieldErrors(e));
      notifications.show({ color: 'red', title: 'Error', message: (e as Error).message });
    }
  });
  return (
    <Stack maw={900}>
      <Title order={2}>{kind === 'company' ? 'Company profile' : 'Warehouse profile'}</Title>
      <EmailVerificationNotice />
      <OrgEmailVerificationNotice />
      <Paper component="form" onSubmit={submit} withBorder p="md" noValidate>
        <Stack>
          {form.isDirty() && <Alert color="yellow" variant="light">You have unsaved changes.</Alert>}
          <ProfileFields form={form} kind={kind} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => form.reset()} disabled={!form.isDirty()}>Discard</Button>
            <Button type="submit" loading={form.submitting}>Save</Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
