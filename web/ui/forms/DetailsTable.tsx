import type { ReactNode } from 'react';
import { Table, Text } from '@mantine/core';

export type DetailsTableProps = {
  /** Each row: what it is, and its value. */
  rows: readonly (readonly [string, ReactNode])[];
  /** Width of the label column. */
  labelWidth: number;
};

/** A record's details as label and value rows (the read-only side of a slider's form). */
export function DetailsTable({ rows, labelWidth }: DetailsTableProps) {
  return (
    <Table withRowBorders={false} verticalSpacing={4}>
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th w={labelWidth} scope="row"><Text size="sm" c="dimmed">{label}</Text></Table.Th>
            <Table.Td><Text size="sm">{value}</Text></Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
