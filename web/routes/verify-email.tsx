import { useEffect, useRef, useState } from 'react';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { z } from 'zod';
import { EMAIL_LINK_INVALID, EMAIL_VERIFICATION_TOKEN_MAX } from '../../domain/auth';
import { sessionQuery } from '../auth/session';
import { confirmVerification, ownEmailVerified, SendVerificationButton } from '../features/auth/emailVerification';

export const Route = createFileRoute('/verify-email')({
  validateSearch: z.object({ token: z.string().max(EMAIL_VERIFICATION_TOKEN_MAX).optional().catch(undefined) }),
  component: VerifyEmailPage,
});

const UNREACHABLE = 'ShipDesk could not be reached. Check your connection and open the link again.';

type Outcome = { kind: 'pending' } | { kind: 'verified'; message: string; email: string } | { kind: 'failed'; message: string };

/** Where the e-mailed link lands: opens it once, then says what happened and what to do next. */
function VerifyEmailPage() {
  const { token } = Route.useSearch();
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<Outcome>(token ? { kind: 'pending' } : { kind: 'failed', message: EMAIL_LINK_INVALID });
  const opened = useRef(false);
  useEffect(() => {
    // A link works once: never send it twice (React runs effects twice in development).
    if (!token || opened.current) return;
    opened.current = true;
    confirmVerification(queryClient, token).then(
      (r) => setOutcome({ kind: 'verified', message: r.message, email: r.email }),
      (e: Error) =>
        setOutcome({
          kind: 'failed',
          // A fetch that never reached the server (offline) throws a TypeError.
          message: e instanceof TypeError ? UNREACHABLE : e.message || EMAIL_LINK_INVALID,
        }),
    );
  }, [token, queryClient]);

  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Paper withBorder shadow="sm" p="xl" w="100%" maw={520}>
        <Stack>
          <Title order={1} size="h2">Verify your e-mail address</Title>
          {outcome.kind === 'pending' && (
            <Group gap="sm" role="status">
              <Loader size="sm" />
              <Text>Checking your link…</Text>
            </Group>
          )}
          {outcome.kind === 'verified' && (
            <>
              <Alert color="green" role="status" title="E-mail verified" data-testid="verify-email-result">
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>{outcome.email}</Text>
                <Text size="sm">{outcome.message}</Text>
              </Alert>
              <Group justify="flex-end">
                <Button component={Link} to="/" mih={44}>Go to ShipDesk</Button>
              </Group>
            </>
          )}
          {outcome.kind === 'failed' && <Failed message={outcome.message} />}
        </Stack>
      </Paper>
    </Center>
  );
}

/** The reason the link did not work, and a way to get a new one (signed in: here; otherwise after signing in). */
function Failed({ message }: { message: string }) {
  const navigate = useNavigate();
  const session = useQuery({ ...sessionQuery, throwOnError: false });
  const s = session.data;
  const signedIn = s?.isLogined === true;
  const verified = signedIn && ownEmailVerified(s.user);
  return (
    <>
      <Alert color="red" role="alert" title="This link did not work" data-testid="verify-email-result">
        <Text size="sm">{message}</Text>
      </Alert>
      {verified && (
        <Alert color="green" variant="light">
          <Text size="sm">Your e-mail address {s.user.email} is verified already: nothing more to do.</Text>
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        {signedIn ? (
          <>
            <Button component={Link} to="/" variant="default" mih={44}>Go to ShipDesk</Button>
            {!verified && <SendVerificationButton />}
          </>
        ) : (
          !session.isPending && (
            <Button mih={44} onClick={() => navigate({ to: '/login', search: { redirect: '/profile' } })}>
              Sign in to ask for a new link
            </Button>
          )
        )}
      </Group>
    </>
  );
}
