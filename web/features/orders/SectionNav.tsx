import { NavLink, Paper, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ORDER_SECTIONS, sectionCount, type OrderTableSection, type SectionName } from '../../../domain/orders';
import { orderCountsQuery } from './queries';

export type SectionNavProps = { section: SectionName; onChange: (s: SectionName) => void; sidebar: boolean };

const fmt = new Intl.NumberFormat('en-IN');

/** The sections as 'All (count)': a sidebar on wide screens, else a select above the table (laptops, tablets, phones). */
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
      <Paper withBorder p={4} w={210} miw={210} component="nav" aria-label="Order sections">
        <Stack gap={2}>
          <Text size="xs" c="dimmed" fw={700} tt="uppercase" px="sm" pt={6} pb={4}>
            Orders
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
            />
          ))}
        </Stack>
      </Paper>
    );
  }
  return (
    <Select
      maw={{ base: '100%', sm: 320 }}
      data-testid="section-select"
      aria-label="Order section"
      data={ORDER_SECTIONS.map((s) => ({ value: s.name, label: label(s.name, s.label) }))}
      value={section}
      onChange={(v) => v && onChange(v as SectionName)}
      allowDeselect={false}
    />
  );
}
