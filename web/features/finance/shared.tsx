// What finance's pages share: reading a chosen file for upload, a refusal in
// words (with its row errors), a figure with its label, and the card that
// imports a courier's file with its column mapping (remittance, billed weights).
import { useState, type ReactNode } from 'react';
import { Alert, Button, Card, FileInput, Group, List, Paper, ScrollArea, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { apiJson, ApiRequestError } from '../../api/client';

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

export type CourierFileImportProps<F extends string, R extends { message: string }> = {
  title: string;
  /** The couriers known with their saved (or built-in) column mapping. */
  couriers: readonly { courier: string; mapping: Partial<Record<F, string>> | null }[];
  fields: readonly F[];
  labels: Record<F, string>;
  /** Fields the courier's file may lack: left out of the mapping when empty. */
  optional?: readonly F[];
  hint: string;
  submitLabel: string;
  /** POST {courier, fileName, contentBase64, mapping?} here. */
  path: string;
  resultTestId: string;
  /** The answer in words (its message unless told). */
  resultText?: (r: R) => ReactNode;
  onDone: () => void;
};

/**
 * A courier's file (CSV or XLSX) imported with its column mapping: the courier's saved mapping is shown,
 * and a changed one is sent with the file (the server saves it for the next file). The refusal is shown in
 * words with its row errors.
 */
export function CourierFileImport<F extends string, R extends { message: string }>(props: CourierFileImportProps<F, R>) {
  const { couriers, fields, labels, optional = [], onDone } = props;
  const [courier, setCourier] = useState<string | null>('delhivery');
  const [file, setFile] = useState<File | null>(null);
  const saved = couriers.find((c) => c.courier === courier);
  const [mapping, setMapping] = useState<Partial<Record<F, string>>>({});
  const shown: Partial<Record<F, string>> = { ...(saved?.mapping ?? {}), ...mapping };
  const [result, setResult] = useState<R | null>(null);
  const [failure, setFailure] = useState<{ message: string; rows: string[] } | null>(null);
  const m = useMutation({
    mutationFn: async () => {
      const changed = Object.keys(mapping).length > 0;
      const sent = Object.fromEntries(fields.filter((f) => !optional.includes(f) || shown[f]?.trim()).map((f) => [f, shown[f] ?? '']));
      return apiJson<R>(props.path, { method: 'POST', body: { courier, fileName: file!.name, contentBase64: await toBase64(file!), ...(changed ? { mapping: sent } : {}) } });
    },
    onSuccess: (r) => {
      setResult(r);
      setFailure(null);
      setMapping({});
      notifications.show({ color: 'green', message: r.message });
      onDone();
    },
    onError: (e) => {
      setResult(null);
      setFailure(errorText(e));
    },
  });
  const courierOptions = [...new Set([...couriers.map((c) => c.courier), ...(courier ? [courier] : [])])];
  const missing = fields.some((f) => !optional.includes(f) && !shown[f]?.trim());
  return (
    <Card withBorder>
      <Stack gap="xs">
        <Text fw={600}>{props.title}</Text>
        <Group grow align="flex-end">
          <Select
            label="Courier"
            data={courierOptions}
            value={courier}
            searchable
            allowDeselect={false}
            onChange={(v) => {
              setCourier(v);
              setMapping({});
            }}
          />
          <FileInput label="File (CSV or XLSX)" placeholder="Choose a file" accept=".csv,.xlsx,text/csv" value={file} onChange={setFile} clearable />
        </Group>
        <Text size="xs" c="dimmed">{props.hint}</Text>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
          {fields.map((f) => (
            <TextInput key={f} size="xs" label={labels[f]} value={shown[f] ?? ''} maxLength={80} onChange={(e) => setMapping({ ...mapping, [f]: e.currentTarget.value })} />
          ))}
        </SimpleGrid>
        <Group justify="flex-end">
          <Button onClick={() => m.mutate()} loading={m.isPending} disabled={!file || !courier || missing}>
            {props.submitLabel}
          </Button>
        </Group>
        {result && (
          <Alert color="green" data-testid={props.resultTestId}>
            {props.resultText ? props.resultText(result) : result.message}
          </Alert>
        )}
        {failure && <Failure failure={failure} />}
      </Stack>
    </Card>
  );
}
