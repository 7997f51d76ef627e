import { Button, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';

/** Previous / page n of m / next, with 48 px targets: fits a 360 px screen whatever the page count. */
export function TouchPager({ page, pages, onChange }: { page: number; pages: number; onChange: (page: number) => void }) {
  if (pages <= 1) return null;
  const current = Math.min(page, pages);
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs" aria-label="Pages" role="navigation">
      <Button variant="default" h={48} leftSection={<IconChevronLeft size={18} aria-hidden />} disabled={current <= 1} onClick={() => onChange(current - 1)}>
        Previous
      </Button>
      <Text fw={600} data-testid="pager-position">
        Page {current} of {pages}
      </Text>
      <Button variant="default" h={48} rightSection={<IconChevronRight size={18} aria-hidden />} disabled={current >= pages} onClick={() => onChange(current + 1)}>
        Next
      </Button>
    </Group>
  );
}
