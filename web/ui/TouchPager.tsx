import type { ReactNode } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';

export type TouchPagerProps = {
  page: number;
  pages: number;
  onChange: (page: number) => void;
  /** The text between the buttons (default 'Page n of m'). */
  position?: ReactNode;
  /** data-testid of that text (default 'pager-position'). */
  testId?: string;
  /** Shown with a single page too (e.g. when the text says how many entries there are). */
  always?: boolean;
};

/**
 * Previous / page n of m / next, with 48 px targets: fits a 360 px screen whatever the page count
 * (the buttons keep their size; the text between them wraps).
 */
export function TouchPager({ page, pages, onChange, position, testId = 'pager-position', always }: TouchPagerProps) {
  if (pages <= 1 && !always) return null;
  const current = Math.max(1, Math.min(page, pages));
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs" aria-label="Pages" role="navigation">
      <Button variant="default" h={48} px="sm" style={{ flexShrink: 0 }} leftSection={<IconChevronLeft size={18} aria-hidden />} disabled={current <= 1} onClick={() => onChange(current - 1)}>
        Previous
      </Button>
      <Text fw={600} ta="center" style={{ flex: '1 1 0', minWidth: 0 }} data-testid={testId}>
        {position ?? `Page ${current} of ${pages}`}
      </Text>
      <Button variant="default" h={48} px="sm" style={{ flexShrink: 0 }} rightSection={<IconChevronRight size={18} aria-hidden />} disabled={current >= pages} onClick={() => onChange(current + 1)}>
        Next
      </Button>
    </Group>
  );
}
