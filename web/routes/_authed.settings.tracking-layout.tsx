import { createFileRoute } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Alert, Stack, Title } from '@mantine/core';
import { LayoutEditor } from '../features/tracking/editor/LayoutEditor';
import { trackingLayoutQuery } from '../features/tracking/editor/queries';

export const Route = createFileRoute('/_authed/settings/tracking-layout')({
  loader: ({ context }) => context.queryClient.ensureQueryData(trackingLayoutQuery),
  component: TrackingLayoutPage,
  errorComponent: ({ error }) => (
    <Stack>
      <Title order={2}>Tracking page</Title>
      <Alert color="red" title="Sorry, Failed to load data">
        {(error as Error).message}
      </Alert>
    </Stack>
  ),
});

function TrackingLayoutPage() {
  const { data } = useSuspenseQuery(trackingLayoutQuery);
  return <LayoutEditor answer={data.responseBody} />;
}
