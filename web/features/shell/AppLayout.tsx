import type { ReactNode } from 'react';
import { AppShell, Badge, Burger, Group, Menu, NavLink, ScrollArea, Text, Title, UnstyledButton } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconUserCircle } from '@tabler/icons-react';
import { Link, useNavigate, useRouterState } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../auth/useSession';
import { forgetQueries } from '../../pwa/queryPersistence';
import { EmailVerificationMenuItem } from '../auth/emailVerification';
import { signOut } from '../auth/signIn';
import { OfflineBanner } from '../sync/OfflineBanner';
import { SyncStatus } from '../sync/SyncStatus';
import { CompanySwitcher } from './CompanySwitcher';
import { NAV, navFor } from './nav';

const ROLE_LABEL = { admin: 'Admin', seller: 'Seller', warehouse: 'Warehouse', finance: 'Finance' } as const;

/** Floor screens read this device's synced rows and work offline: no "showing saved data" banner there. */
const FLOOR_PATHS = ['/fulfillment', '/returns', '/inventory'];

export type AppLayoutProps = { children: ReactNode; headerExtra?: ReactNode };

/**
 * The authenticated shell. On a phone (below 768 px) the header keeps to the
 * screen's width: menu, the role as a word, the company picker as a 44 px
 * button, the sync status with its waiting count as a number, and the account
 * menu (Profile, Sign out); the name and brand come back from 576 px up.
 */
export function AppLayout({ children, headerExtra }: AppLayoutProps) {
  const session = useSession();
  const [opened, { toggle, close }] = useDisclosure();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const phone = useMediaQuery('(max-width: 47.99em)', undefined, { getInitialValueInEffect: false }) ?? false;
  // A tablet (below 992 px, an 800 px portrait one) has no room for the sync pill's words and the
  // user's name beside the company picker: the pill shows its count, the name an icon, so nothing
  // in the header lies under another thing (the role badge stayed under the pill).
  const tablet = useMediaQuery('(max-width: 61.99em)', undefined, { getInitialValueInEffect: false }) ?? false;
  const items = navFor(session.role);
  const groups = [...new Set(NAV.map((n) => n.group))].filter((g) => items.some((i) => i.group === g));
  const onFloor = FLOOR_PATHS.some((p) => pathname === p || pathname.startsWith(`${p}/`));

  return (
    <AppShell header={{ height: 60 }} navbar={{ width: 230, breakpoint: 'md', collapsed: { mobile: !opened } }} padding={phone ? 'xs' : 'md'}>
      <AppShell.Header>
        <Group h="100%" px={phone ? 6 : 'md'} justify="space-between" wrap="nowrap" gap={6}>
          <Group wrap="nowrap" gap={phone ? 4 : 'sm'} style={{ minWidth: 0 }}>
            <Burger opened={opened} onClick={toggle} hiddenFrom="md" size="sm" aria-label="Toggle navigation" p={10} h={44} w={44} />
            <Title order={1} size="h4" visibleFrom="xs">
              ShipDesk
            </Title>
            <Badge variant="light" size="lg" data-testid="role-badge" style={{ flexShrink: 0, overflow: 'visible' }} px={8}>
              {ROLE_LABEL[session.role]}
            </Badge>
            {session.offline && (
              <Badge color="orange" variant="filled" visibleFrom="sm">
                Offline
              </Badge>
            )}
          </Group>
          <Group wrap="nowrap" gap={phone ? 4 : 'sm'} style={{ flexShrink: 0 }}>
            {headerExtra}
            {/* A finance user has no floor data to sync (the sync API refuses it). */}
            {session.role !== 'finance' && <SyncStatus compact={tablet} />}
            <CompanySwitcher compact={phone} />
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <UnstyledButton aria-label={`${session.user.name}: account menu`} data-testid="user-menu" p={6} miw={44} h={44} style={{ display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
                  <Text size="sm" fw={500} visibleFrom="md">
                    {session.user.name}
                  </Text>
                  {tablet && <IconUserCircle size={28} aria-hidden />}
                </UnstyledButton>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Label>
                  {session.user.name} · {ROLE_LABEL[session.role]}
                </Menu.Label>
                <Menu.Label>{session.user.email}</Menu.Label>
                <EmailVerificationMenuItem />
                <Menu.Item onClick={() => navigate({ to: '/profile' })} mih={44}>
                  Profile
                </Menu.Item>
                <Menu.Item
                  color="red"
                  mih={44}
                  onClick={async () => {
                    const userId = session.user.id;
                    await signOut(queryClient).catch(() => {});
                    await forgetQueries(userId);
                    navigate({ to: '/login' });
                  }}
                >
                  Sign out
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label="Main navigation">
        <ScrollArea>
          {groups.map((g) => (
            <div key={g}>
              <Text size="xs" c="dimmed" fw={700} tt="uppercase" px="sm" pt="sm" pb={4}>
                {g}
              </Text>
              {items
                .filter((i) => i.group === g)
                .map((i) => (
                  <NavLink
                    key={i.to}
                    component={Link}
                    to={i.to}
                    label={i.label}
                    mih={44}
                    active={pathname === i.to || pathname.startsWith(`${i.to}/`)}
                    onClick={close}
                  />
                ))}
            </div>
          ))}
        </ScrollArea>
      </AppShell.Navbar>
      <AppShell.Main>
        {!onFloor && <OfflineBanner />}
        {children}
      </AppShell.Main>
    </AppShell>
  );
}
