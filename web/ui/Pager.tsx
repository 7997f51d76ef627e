import { ActionIcon, Group, Select, Text, Tooltip } from '@mantine/core';
import { PAGE_SIZES } from '../../domain/orders/paging';
import { plural } from '../../domain/orders/texts';

export type PagerProps = {
  /** 'Page 3 of 40', 'Page 3+' or 'Last page'. */
  label: string;
  total: number;
  capped: boolean;
  hasPrev: boolean;
  hasNext: boolean;
  pageSize: number;
  busy?: boolean;
  onFirst: () => void;
  onPrev: () => void;
  onNext: () => void;
  onLast: () => void;
  /** Without it the page size is fixed and no 'Rows per page' choice is shown. */
  onPageSize?: (n: number) => void;
  /** What the total counts, plural (default 'orders'); `nounOne` for exactly one (default: without the final s). */
  noun?: string;
  nounOne?: string;
  /** The page sizes offered (default PAGE_SIZES). */
  pageSizes?: readonly number[];
};

const fmt = new Intl.NumberFormat('en-IN');

/** Seek paging: first, previous, next, last, and the page size. */
export function Pager(p: PagerProps) {
  const btn = (label: string, text: string, enabled: boolean, onClick: () => void, testId: string) => (
    <Tooltip label={label} withArrow openDelay={400}>
      <ActionIcon variant="default" size="lg" aria-label={label} disabled={!enabled || p.busy} onClick={onClick} data-testid={testId}>
        {text}
      </ActionIcon>
    </Tooltip>
  );
  return (
    <Group justify="space-between" wrap="wrap" gap="xs">
      <Text size="sm" c="dimmed" data-testid="orders-total" aria-live="polite">
        {p.capped ? `More than ${fmt.format(p.total)} ${p.noun ?? 'orders'}` : plural(p.total, p.nounOne ?? (p.noun ?? 'orders').replace(/s$/, ''), p.noun ?? 'orders')}
      </Text>
      <Group gap={6} wrap="nowrap">
        {btn('First page', '«', p.hasPrev, p.onFirst, 'page-first')}
        {btn('Previous page', '‹', p.hasPrev, p.onPrev, 'page-prev')}
        <Text size="sm" px="xs" data-testid="page-label">
          {p.label}
        </Text>
        {btn('Next page', '›', p.hasNext, p.onNext, 'page-next')}
        {btn('Last page', '»', p.hasNext, p.onLast, 'page-last')}
        {p.onPageSize && (
          <Select
            aria-label="Rows per page"
            w={90}
            size="xs"
            data={(p.pageSizes ?? PAGE_SIZES).map((n) => String(n))}
            value={String(p.pageSize)}
            onChange={(v) => v && p.onPageSize?.(Number(v))}
            allowDeselect={false}
          />
        )}
      </Group>
    </Group>
  );
}

export type NumberedPagerInput = {
  page: number;
  pageSize: number;
  /** Rows in every page together (the list's count). */
  total: number;
  onPage: (page: number) => void;
  onPageSize?: (n: number) => void;
  busy?: boolean;
} & Pick<PagerProps, 'noun' | 'nounOne' | 'pageSizes'>;

/** The Pager of a list paged by number ('Page 2 of 7'), for lists that know their count. */
export function numberedPager({ page, pageSize, total, onPage, ...rest }: NumberedPagerInput): PagerProps {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(Math.max(1, page), pages);
  return {
    ...rest,
    label: `Page ${fmt.format(current)} of ${fmt.format(pages)}`,
    total,
    capped: false,
    hasPrev: current > 1,
    hasNext: current < pages,
    pageSize,
    onFirst: () => onPage(1),
    onPrev: () => onPage(current - 1),
    onNext: () => onPage(current + 1),
    onLast: () => onPage(pages),
  };
}
