import { Group, Paper, Text, ThemeIcon } from '@mantine/core';
import { IconCircleCheck, IconCircleX, IconPackage } from '@tabler/icons-react';

export type ScanOutcome =
  | { kind: 'pass'; seq: number; title: string; detail: string }
  | { kind: 'fail'; seq: number; title: string; detail: string }
  | { kind: 'packed'; seq: number; title: string; detail: string };

const LOOK = {
  pass: { color: 'green', Icon: IconCircleCheck },
  fail: { color: 'red', Icon: IconCircleX },
  packed: { color: 'teal', Icon: IconPackage },
} as const;

/**
 * The last scan's verdict: colour, icon and words together (never colour
 * alone), announced to screen readers. The one place a scan is judged on
 * screen (no toast repeats it). data-state/data-seq change on every scan, so
 * tests and the benchmark can see each verdict land. `compact` fits it in the
 * first screenful of a 360 x 640 handheld; `placeholder` keeps its room (and
 * says what to do) before the first scan, so nothing below jumps.
 */
export function ScanResult({ outcome, compact = false, placeholder }: { outcome: ScanOutcome | null; compact?: boolean; placeholder?: string }) {
  if (!outcome) {
    if (!placeholder) return null;
    return (
      <Paper data-testid="scan-hint" role="status" aria-live="polite" p={compact ? 'xs' : 'md'} radius="md" withBorder>
        <Text fz={compact ? 16 : 20} fw={600} c="dimmed" lh={1.3}>
          {placeholder}
        </Text>
      </Paper>
    );
  }
  const { color, Icon } = LOOK[outcome.kind];
  return (
    <Paper
      data-testid="scan-result"
      data-state={outcome.kind}
      data-seq={outcome.seq}
      role={outcome.kind === 'fail' ? 'alert' : 'status'}
      aria-live="assertive"
      p={compact ? 'xs' : 'md'}
      radius="md"
      bg={`var(--mantine-color-${color}-filled)`}
      c="white"
    >
      <Group wrap="nowrap" gap={compact ? 'xs' : 'md'}>
        <ThemeIcon size={compact ? 36 : 56} radius="xl" color="white" variant="white" c={color} aria-hidden>
          <Icon size={compact ? 28 : 44} />
        </ThemeIcon>
        <div style={{ minWidth: 0 }}>
          <Text fz={compact ? 20 : 28} fw={800} lh={1.2}>
            {outcome.title}
          </Text>
          <Text fz={compact ? 15 : 20} fw={500} lh={1.3}>
            {outcome.detail}
          </Text>
        </div>
      </Group>
    </Paper>
  );
}
