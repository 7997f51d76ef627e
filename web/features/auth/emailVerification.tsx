// E-mail verification on the page: files are e-mailed to the
// user's own address only once it is verified. The session says whether it is
// (`user.emailVerified`); these pieces ask for a link and open one.
import { useState } from 'react';
import { Alert, Badge, Button, Group, Menu, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { OrgEmailVerificationStatus, SessionUser, VerifyEmailConfirmResponse, VerifyEmailSendResponse } from '../../../domain/auth';
import { mailOwnAddressUnverified } from '../../../domain/mail';
import { apiJson } from '../../api/client';
import { ensureSession, sessionQuery } from '../../auth/session';
import { useSession } from '../../auth/useSession';

export const NOT_VERIFIED_TITLE = 'E-mail not verified';
export const SEND_LINK_LABEL = 'Send verification link';

/**
 * Whether the signed-in user's own address is verified. A session saved before
 * the server said so (no `emailVerified`) counts as verified: the server still
 * refuses an unverified address, with its reason.
 */
export function ownEmailVerified(user: Pick<SessionUser, 'email'> & Partial<Pick<SessionUser, 'emailVerified'>>): boolean {
  return user.emailVerified !== false;
}

/** Asks the server to mail a verification link (to the own address, or the organisation's); reports the outcome in a notification. Answers whether it was sent. */
export async function requestVerificationLink(target: 'own' | 'organisation' = 'own'): Promise<boolean> {
  try {
    const r = await apiJson<VerifyEmailSendResponse>(target === 'own' ? '/api/auth/verify-email/send' : '/api/auth/verify-email/organisation/send', { method: 'POST' });
    notifications.show({ color: 'green', title: `Link sent to ${r.email}`, message: r.message, autoClose: 10_000 });
    return true;
  } catch (e) {
    notifications.show({ color: 'red', message: (e as Error).message || 'Please try again after some time.' });
    return false;
  }
}

/**
 * Opens a link: answers the server's confirmation, throws its refusal (ApiRequestError with the reason).
 * The link may open in a tab of a browser that is signed in: the session is loaded first, so the
 * request carries its XSRF token (the server refuses a signed-in POST without it).
 */
export async function confirmVerification(queryClient: QueryClient, token: string): Promise<VerifyEmailConfirmResponse> {
  await ensureSession(queryClient).catch(() => undefined);
  const r = await apiJson<VerifyEmailConfirmResponse>('/api/auth/verify-email/confirm', { method: 'POST', body: { token } });
  await queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey });
  return r;
}

/** A button that mails a verification link, busy while it does. */
export function SendVerificationButton({ size = 'sm', variant = 'filled', target = 'own' }: { size?: 'xs' | 'sm' | 'md'; variant?: 'filled' | 'light' | 'default'; target?: 'own' | 'organisation' }) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      size={size}
      variant={variant}
      color="orange"
      loading={busy}
      mih={size === 'xs' ? undefined : 44}
      onClick={async () => {
        setBusy(true);
        await requestVerificationLink(target);
        setBusy(false);
      }}
    >
      {SEND_LINK_LABEL}
    </Button>
  );
}

/** The profile screen's line about the sign-in address: verified, or not with a way to verify it. */
export function EmailVerificationNotice() {
  const { user } = useSession();
  const queryClient = useQueryClient();
  if (ownEmailVerified(user)) {
    return (
      <Group gap="xs" data-testid="email-verified">
        <Text size="sm">Sign-in e-mail: {user.email}</Text>
        <Badge color="green" variant="light">Verified</Badge>
      </Group>
    );
  }
  return (
    <Alert color="orange" variant="light" title={NOT_VERIFIED_TITLE} data-testid="email-not-verified">
      <Stack gap="xs">
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          Download links and other files can be e-mailed to {user.email} only after you verify it. We will send a link to this address; open it
          within 24 hours.
        </Text>
        <Group gap="xs">
          <SendVerificationButton />
          <Button variant="subtle" size="sm" mih={44} onClick={() => queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey })}>
            I have verified it
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

/** The account menu's entry while the address is unverified (nothing once it is). */
export function EmailVerificationMenuItem() {
  const { user } = useSession();
  if (ownEmailVerified(user)) return null;
  return (
    <Menu.Item color="orange" mih={44} onClick={() => void requestVerificationLink()} data-testid="verify-email-menu">
      {NOT_VERIFIED_TITLE} — {SEND_LINK_LABEL}
    </Menu.Item>
  );
}

/**
 * The signed-in user's own address for the download dialogs: whether it may be
 * mailed, and the company's (warehouse's) address to offer instead. Null when
 * signed out. Reads the session already loaded; never suspends.
 */
export function useOwnEmail(): { email: string; verified: boolean; orgEmail: string | null } | null {
  const { data } = useQuery({ ...sessionQuery, throwOnError: false });
  if (!data?.isLogined) return null;
  const p = data.profile;
  const orgEmail = p && p.kind !== 'admin' && typeof p.email === 'string' && p.email ? p.email : null;
  return { email: data.user.email, verified: ownEmailVerified(data.user), orgEmail };
}

/**
 * What a download dialog says while the own address is unverified: why it is not
 * used, and a button that mails the verification link. Nothing once verified.
 */
export function OwnAddressNote() {
  const own = useOwnEmail();
  if (!own || own.verified) return null;
  return (
    <Alert color="orange" variant="light" title={NOT_VERIFIED_TITLE} data-testid="own-email-unverified">
      <Stack gap="xs">
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>{mailOwnAddressUnverified(own.email)}</Text>
        <Group>
          <SendVerificationButton size="xs" variant="light" />
        </Group>
      </Stack>
    </Alert>
  );
}

/** The address a download dialog starts with: the given one, unless it is the own unverified one (then the company's, if another). */
export function startingAddress(given: string, own: ReturnType<typeof useOwnEmail>): string {
  if (!own || own.verified || given.trim().toLowerCase() !== own.email.trim().toLowerCase()) return given;
  return own.orgEmail && own.orgEmail.trim().toLowerCase() !== own.email.trim().toLowerCase() ? own.orgEmail : '';
}

/** The configured address of the user's company or warehouse and whether it is verified. */
export const orgEmailQuery = queryOptions({
  queryKey: ['auth', 'verify-email', 'organisation'] as const,
  queryFn: ({ signal }) => apiJson<OrgEmailVerificationStatus>('/api/auth/verify-email/organisation', { signal }),
});

/**
 * The profile screen's line about the company's (warehouse's) address: files are
 * e-mailed to it only once a link sent to it was opened, so a changed address
 * shows how to verify it.
 */
export function OrgEmailVerificationNotice() {
  const queryClient = useQueryClient();
  const { data } = useQuery({ ...orgEmailQuery, throwOnError: false });
  const org = data?.organisation;
  if (!org?.email) return null;
  const what = org.kind === 'company' ? 'Company' : 'Warehouse';
  if (org.verified) {
    return (
      <Group gap="xs" data-testid="org-email-verified">
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>{what} e-mail: {org.email}</Text>
        <Badge color="green" variant="light">Verified</Badge>
      </Group>
    );
  }
  return (
    <Alert color="orange" variant="light" title={`${what} e-mail not verified`} data-testid="org-email-not-verified">
      <Stack gap="xs">
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          Files can be e-mailed to {org.email} only after someone who reads it opens the link we send there (within 24 hours).
        </Text>
        <Group gap="xs">
          <SendVerificationButton target="organisation" />
          <Button variant="subtle" size="sm" mih={44} onClick={() => queryClient.invalidateQueries({ queryKey: orgEmailQuery.queryKey })}>
            It has been verified
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
