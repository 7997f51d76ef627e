// What finance's pages share: reading a chosen file for upload, a refusal in
// words (with its row errors), and a figure with its label.
import { Alert, List, Paper, ScrollArea, Text } from '@mantine/core';
import { ApiRequestError } from '../../api/client';

export async function toBase64(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

export function errorText(e: unknown): { message: string; rows: string[] } {
  if (e instanceof ApiRequestError) return { message: e.message, rows: (e.errors ?? []).map((x: { message: string }) => x.message) };
  return { message: e instanceof Error ? e.message : 'Something went wrong', rows: [] };
}

export function Failure({ failure }: { failure: { message: string; rows: string[] } }) {
  return (
    <Alert color="red" title={failure.message} data-testid="import-error">
      {failure.rows.length > 0 && (
        <ScrollArea.Autosize mah={140}>
          <List size="sm">{failure.rows.map((r) => <List.Item key={r}>{r}</List.Item>)}</List>
        </ScrollArea.Autosize>
      )}
    </Alert>
  );
}

export function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Paper withBorder p="sm">
      <Text size="xs" c="dimmed">{label}</Text>
      <Text fw={700} size="lg">{value}</Text>
    </Paper>
  );
}

/**
 * Props that keep a chart's legend and tooltip in the order of its series: Recharts 3 sorts both by
 * name unless told otherwise, which put "15-30 days" before "8-14 days".
 */
export function inSeriesOrder(names: readonly string[]) {
  return {
    legendProps: { itemSorter: null },
    tooltipProps: { itemSorter: (item: { dataKey?: unknown }) => names.indexOf(String(item.dataKey)) },
  };
}
