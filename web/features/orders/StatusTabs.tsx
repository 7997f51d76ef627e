import { Tabs } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { STATUS_TABS, statusTabCount, statusTabOf } from '../../../domain/orders/sections';
import { orderCountsQuery } from './queries';

export type StatusTabsProps = {
  /** The status filter (comma list) in force. */
  status: string | undefined;
  /** Chosen tab's statuses as the status filter (undefined = All). */
  onChange: (status: string | undefined) => void;
};

const fmt = new Intl.NumberFormat('en-IN');

/** New, Ready To Ship, In Transit, NDR, Delivered, RTO, All with their counts: each a status filter of the table below. */
export function StatusTabs({ status, onChange }: StatusTabsProps) {
  const counts = useQuery(orderCountsQuery()).data?.count;
  const active = statusTabOf(status)?.name ?? null;
  return (
    <Tabs
      value={active}
      onChange={(v) => {
        const tab = STATUS_TABS.find((t) => t.name === v);
        if (tab) onChange(tab.statuses ? tab.statuses.join(',') : undefined);
      }}
      activateTabWithKeyboard={false}
    >
      <Tabs.List aria-label="Order status" style={{ flexWrap: 'wrap' }} data-testid="status-tabs">
        {STATUS_TABS.map((t) => (
          <Tabs.Tab key={t.name} value={t.name} data-testid={`status-tab-${t.name}`} style={{ whiteSpace: 'nowrap' }} px="sm">
            {t.label}
            {counts ? ` (${fmt.format(statusTabCount(t, counts))})` : ''}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}
