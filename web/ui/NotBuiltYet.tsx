import { Alert, Stack, Title } from '@mantine/core';

export type NotBuiltYetProps = { title: string; what: string };

/** Says plainly that an area of the product is not built yet, instead of pretending. */
export function NotBuiltYet({ title, what }: NotBuiltYetProps) {
  return (
    <Stack>
      <Title order={2}>{title}</Title>
      <Alert color="gray" title="Not built yet" data-testid="not-built">
        {what} is part of the product but is not built yet. Nothing here is saved.
      </Alert>
    </Stack>
  );
}
