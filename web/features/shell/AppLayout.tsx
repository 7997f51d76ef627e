import type { ReactNode } from 'react';
import { AppShell, Badge, Burger, Group, Menu, NavLink, ScrollArea, Text, Title, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, useNavigate, useRouterState } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../auth/useSession';
import { signOut } from '../auth/signIn';
import { SyncStatus } from '../sync/SyncStatus';
import { CompanySwitcher } from './CompanySwitcher';
import { NAV, navFor } from './nav';

const ROLE_LABEL = { admin: 'Admin', seller: 'Seller', warehouse: 'Warehouse' } as const;

export type AppLayoutProps = { children: ReactNode; headerExtra?: ReactNode };

export function AppLayout({ children, headerExtra }: AppLayoutProps) {
  const session = useSession();
  const [opened, { toggle, close }] = useDisclosure();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const items = navFor(session.role);
  const groups = [...new Set(NAV.map((n) => n.group))].filter((g) => items.some((i) => i.group === g));

  return (
    <AppShell header={{ height: 60 }} navbar={{ width: 230, breakpoint: 'md', collapsed: { mobile: !opened } }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group wrap="nowrap" gap="sm">
            <Burger opened={opened} onClick={toggle} hiddenFrom="md" size="sm" aria-label="Toggle navigation" />
            <Title order={1} size="h4">ShipDesk</Title>
            <Badge variant="light" data-testid="role-badge">{ROLE_LABEL[session.role]}</Badge>
            {session.offline && <Badge color="orange" variant="filled">Offline</Badge>}
          </Group>
          <Group wrap="nowrap" gap="sm">
            {headerExtra}
            <SyncStatus />
            <CompanySwitcher />
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <UnstyledButton aria-label="Account menu" data-testid="user-menu" p={6}>
                  <Text size="sm" fw={500} visibleFrom="sm">{session.user.name}</Text>
                  <Text size="xs" hiddenFrom="sm">☰</Text>
                </UnstyledButton>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Label>{session.user.email}</Menu.Label>
                <Menu.Item onClick={() => navigate({ to: '/profile' })}>Profile</Menu.Item>
                <Menu.Item
                  color="red"
                  onClick={async () => {
                    await signOut(queryClient).catch(() => {});
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
              <Text size="xs" c="dimmed" fw={700} tt="uppercase" px="sm" pt="sm" pb={4}>{g}</Text>
              {items
                .filter((i) => i.group === g)
                .map((i) => (
                  <NavLink
                    key={i.to}
                    component={Link}
                    to={i.to}
                    label={i.label}
                    active={pathname === i.to || pathname.startsWith(`${i.to}/`)}
                    onClick={close}
                  />
                ))}
            </div>
          ))}
        </ScrollArea>
      </AppShell.Navbar>
      <AppShell.Main>{children}</AppShell.Main>
    </AppShell>
  );
}
