import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { Center, Stack, Text, Title, Button } from '@mantine/core';

export type RouterContext = { queryClient: QueryClient };

export const Route = createRootRouteWithContext<RouterContext>()({
  component: () => <Outlet />,
  notFoundComponent: () => (
    <Center h="100vh">
      <Stack align="center">
        <Title order={2}>Page not found</Title>
        <Text c="dimmed">The page you asked for does not exist.</Text>
        <Button component="a" href="/">
          Go home
        </Button>
      </Stack>
    </Center>
  ),
});
