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
 * alone), announced to screen readers. data-state/data-seq change on every
 * scan, so tests and the benchmark can see each verdict land.
 */
export function ScanResult({ outcome }: { outcome: ScanOutcome | null }) {
  if (!outcome) return null;
  const { color, Icon } = LOOK[outcome.kind];
  return (
    <Paper
      data-testid="scan-result"
      data-state={outcome.kind}
      data-seq={outcome.seq}
      role={outcome.kind === 'fail' ? 'alert' : 'status'}
      aria-live="assertive"
      p="md"
      radius="md"
      bg={`var(--mantine-color-${color}-filled)`}
      c="white"
    >
      <Group wrap="nowrap" gap="md">
        <ThemeIcon size={56} radius="xl" color="white" variant="white" c={color} aria-hidden>
          <Icon size={44} />
        </ThemeIcon>
        <div>
          <Text fz={28} fw={800} lh={1.2}>
            {outcome.title}
          </Text>
          <Text fz={20} fw={500}>
            {outcome.detail}
          </Text>
        </div>
      </Group>
    </Paper>
  );
}
