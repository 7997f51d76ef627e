import { Badge, CloseButton, Group } from '@mantine/core';
import type { FilterKey } from '../../../domain/orders/filters';
import { filterTags, visibleTags } from './filterTags';
import type { FilterValues } from './search';

export type FilterTagsBarProps = {
  filter: FilterValues;
  companyName: (id: string) => string;
  warehouseName?: (id: string) => string;
  beatName?: (id: string) => string;
  clusterName?: (id: string) => string;
  onRemove: (keys: FilterKey[]) => void;
  onMore: () => void;
  /** The section in force other than All, as a chip whose removal goes back to All. */
  section?: { label: string; onRemove: () => void } | null;
};

/** Up to three filter tags, each removable, then '+N more filters' (opens the drawer). */
export function FilterTagsBar({ filter, companyName, warehouseName, beatName, clusterName, onRemove, onMore, section }: FilterTagsBarProps) {
  const { shown, more } = visibleTags(filterTags(filter, companyName, warehouseName, beatName, clusterName));
  if (!shown.length && !section) return null;
  return (
    <Group gap={6} data-testid="filter-tags">
      {section && (
        <Badge
          variant="filled"
          size="lg"
          tt="none"
          data-testid="section-chip"
          rightSection={<CloseButton size="xs" variant="transparent" c="white" aria-label={`Leave section ${section.label}`} onClick={section.onRemove} />}
        >
          Section: {section.label}
        </Badge>
      )}
      {shown.map((t) => (
        <Badge
          key={t.keys.join()}
          variant="light"
          size="lg"
          tt="none"
          rightSection={<CloseButton size="xs" aria-label={`Remove filter ${t.label}`} onClick={() => onRemove(t.keys)} />}
        >
          {t.label}
        </Badge>
      ))}
      {more && (
        <Badge component="button" type="button" variant="outline" size="lg" tt="none" onClick={onMore} style={{ cursor: 'pointer' }}>
          {more}
        </Badge>
      )}
    </Group>
  );
}
