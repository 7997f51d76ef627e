import { NavLink, Paper, Stack, Tabs, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ORDER_SECTIONS, sectionCount, type OrderTableSection, type SectionName } from '../../../domain/orders/sections';
import { orderCountsQuery } from './queries';

export type SectionNavProps = { section: SectionName; onChange: (s: SectionName) => void; sidebar: boolean };

const fmt = new Intl.NumberFormat('en-IN');

/** The sections as 'All (count)': a sidebar beside the table on a laptop or wider, else a row of tabs above it (tablets, phones). */
export function SectionNav({ section, onChange, sidebar }: SectionNavProps) {
  const counts = useQuery(orderCountsQuery());
  const countOf = (name: SectionName): number | null => {
    const d = counts.data;
    if (!d) return null;
    if (name === 'missed') return d.missedOrderCount;
    if (name === 'user-requests') return d.customerRequestCount;
    return sectionCount(name as OrderTableSection, d.count);
  };
  const label = (name: SectionName, text: string) => {
    const n = countOf(name);
    return n === null ? text : `${text} (${fmt.format(n)})`;
  };
  if (sidebar) {
    return (
      <Paper withBorder p={4} w={156} miw={156} component="nav" aria-label="Order sections" style={{ position: 'sticky', top: 'calc(var(--app-shell-header-offset, 0rem) + 8px)' }}>
        <Stack gap={2}>
          <Text size="xs" c="dimmed" fw={700} tt="uppercase" px="sm" pt={6} pb={4}>
            Sections
          </Text>
          {ORDER_SECTIONS.map((s) => (
            <NavLink
              key={s.name}
              component="button"
              type="button"
              active={section === s.name}
              onClick={() => onChange(s.name)}
              aria-current={section === s.name ? 'page' : undefined}
              data-testid={`section-${s.name}`}
              label={label(s.name, s.label)}
              title={`${s.label} (key ${s.key})`}
              styles={{ root: { paddingInline: 10 }, label: { fontSize: 'var(--mantine-font-size-sm)' } }}
            />
          ))}
        </Stack>
      </Paper>
    );
  }
  return (
    <Tabs value={section} onChange={(v) => v && onChange(v as SectionName)} variant="outline" activateTabWithKeyboard={false}>
      <Tabs.List aria-label="Order sections" style={{ flexWrap: 'wrap' }}>
        {ORDER_SECTIONS.map((s) => (
          <Tabs.Tab key={s.name} value={s.name} data-testid={`section-${s.name}`} style={{ whiteSpace: 'nowrap' }}>
            {label(s.name, s.label)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}
