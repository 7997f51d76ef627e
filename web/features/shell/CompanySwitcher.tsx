import { Button, MultiSelect, Popover, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBuildingStore, IconCheck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { SelectedCompaniesResponse } from '../../../domain/auth';
import { apiJson } from '../../api/client';
import { rememberSession, sessionQuery, type Session } from '../../auth/session';
import { useSession } from '../../auth/useSession';

/**
 * Warehouse users work for one or more linked companies; the choice scopes
 * every list. On a phone (`compact`) the header holds a 44 px button saying
 * how many are chosen ("2/4"), opening the same picker full width.
 */
export function CompanySwitcher({ compact = false }: { compact?: boolean }) {
  const session = useSession();
  const queryClient = useQueryClient();
  if (session.role !== 'warehouse') return null;
  const change = async (ids: string[]) => {
    if (!ids.length) {
      notifications.show({ color: 'red', message: 'Please select your Company!' });
      return;
    }
    try {
      await apiJson<SelectedCompaniesResponse>('/api/auth/selected-companies', { method: 'PUT', body: { companyIds: ids } });
      const next: Session = { ...session, selectedCompanyIds: ids };
      queryClient.setQueryData(sessionQuery.queryKey, () => next);
      rememberSession(next);
      await queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'session' });
    } catch (e) {
      notifications.show({ color: 'red', title: 'Error', message: (e as Error).message });
    }
  };
  if (compact) {
    // On a phone: one 44 px toggle per company (a multi-select's pills and their × are too small for a thumb).
    const toggle = (id: string) => {
      const on = session.selectedCompanyIds.includes(id);
      void change(on ? session.selectedCompanyIds.filter((x) => x !== id) : [...session.selectedCompanyIds, id]);
    };
    return (
      <Popover position="bottom-end" withinPortal shadow="md" width="calc(100vw - 16px)" trapFocus>
        <Popover.Target>
          <Button
            variant="default"
            h={44}
            px={8}
            leftSection={<IconBuildingStore size={20} aria-hidden />}
            aria-label={`${session.selectedCompanyIds.length}/${session.companyData.length} companies selected`}
            data-testid="company-switcher-button"
          >
            {session.selectedCompanyIds.length}/{session.companyData.length}
          </Button>
        </Popover.Target>
        <Popover.Dropdown maw={420}>
          <Stack gap={6} role="group" aria-label="Companies" data-testid="company-switcher">
            <Text size="sm" fw={600}>
              Companies you work for now
            </Text>
            {session.companyData.map((c) => {
              const on = session.selectedCompanyIds.includes(c.id);
              return (
                <Button
                  key={c.id}
                  h={44}
                  fullWidth
                  justify="space-between"
                  variant={on ? 'light' : 'default'}
                  aria-pressed={on}
                  disabled={session.offline}
                  rightSection={on ? <IconCheck size={18} aria-hidden /> : null}
                  onClick={() => toggle(c.id)}
                >
                  {c.name}
                </Button>
              );
            })}
          </Stack>
        </Popover.Dropdown>
      </Popover>
    );
  }
  const picker = (
    <MultiSelect
      aria-label="Companies"
      data-testid="company-switcher"
      placeholder="Companies"
      data={session.companyData.map((c) => ({ value: c.id, label: c.name }))}
      value={session.selectedCompanyIds}
      onChange={change}
      disabled={session.offline}
      w={{ base: 180, sm: 320 }}
      maxDropdownHeight={300}
      comboboxProps={{ withinPortal: true }}
    />
  );
  return picker;
}
