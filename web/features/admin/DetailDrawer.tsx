import type { ReactNode } from 'react';
import { Drawer, Loader, Stack, Text } from '@mantine/core';
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';

export type DetailDrawerProps<D, K extends QueryKey> = {
  /** The row shown; null keeps the drawer closed. */
  id: string | null;
  onClose: () => void;
  /** The row's details (a query that waits while there is no id). */
  query: UseQueryOptions<D, Error, D, K>;
  /** The drawer's heading, before and after the details come. */
  title: (details: D | undefined) => ReactNode;
  children: (details: D) => ReactNode;
};

/** One row of an admin list in a drawer on the right: a loader until its details come, then the details. */
export function DetailDrawer<D, K extends QueryKey>({ id, onClose, query, title, children }: DetailDrawerProps<D, K>) {
  const q = useQuery(query);
  return (
    <Drawer opened={!!id} onClose={onClose} position="right" size="lg" title={<Text span fw={700} fz="h4">{title(q.data)}</Text>}>
      {q.isLoading && <Loader />}
      {q.data && <Stack>{children(q.data)}</Stack>}
    </Drawer>
  );
}
