import { MultiSelect } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../api/client';
import { rememberSession, sessionQuery, type Session } from '../../auth/session';
import { useSession } from '../../auth/useSession';

/** Warehouse users work for one or more linked companies; the choice scopes every list. */
export function CompanySwitcher() {
  const session = useSession();
  const queryClient = useQueryClient();
  if (session.role !== 'warehouse') return null;
  const change = async (ids: string[]) => {
    if (!ids.length) {
      notifications.show({ color: 'red', message: 'Please select your Company!' });
      return;
    }
    try {
      await apiJson('/api/auth/selected-companies', { method: 'PUT', body: { companyIds: ids } });
      const next: Session = { ...session, selectedCompanyIds: ids };
      queryClient.setQueryData(sessionQuery.queryKey, () => next);
      rememberSession(next);
      await queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'session' });
    } catch (e) {
      notifications.show({ color: 'red', title: 'Error', message: (e as Error).message });
    }
  };
  return (
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
}
