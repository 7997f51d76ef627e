import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/charts/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { ModalsProvider } from '@mantine/modals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createRouter } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen';
import { cssVariablesResolver, theme } from './ui/theme';
import { FLOOR_SCREEN, INSTALLED_NOTICE_ID, UpdatePrompt } from './pwa/UpdatePrompt';
import { persistQueries } from './pwa/queryPersistence';
import type { AuthState } from './auth/session';

const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, refetchOnWindowFocus: false, retry: 1 } },
});

const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: 'intent',
  defaultPreloadStaleTime: 0,
  scrollRestoration: true,
});

// Once signed in, open this user's device database while the screens load (creating it takes
// tens of ms), so the sync the header starts goes to the network at once. Loaded lazily: the
// public pages never load Dexie.
queryClient.getQueryCache().subscribe(({ query }) => {
  const session = query.queryKey[0] === 'session' ? (query.state.data as AuthState | undefined) : undefined;
  if (session?.isLogined && session.role !== 'finance') void import('./local-db/engine').then((m) => m.floorSyncFor(session));
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

// A notice still showing when a floor screen opens would lie over its order card or scan field.
router.subscribe('onResolved', ({ toLocation }) => {
  if (FLOOR_SCREEN.test(toLocation.pathname)) notifications.hide(INSTALLED_NOTICE_ID);
});

// Screens last loaded are kept on the device; opened offline, they render from it at once.
void persistQueries(queryClient).then(() => createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <Notifications position="top-right" />
      <QueryClientProvider client={queryClient}>
        <ModalsProvider>
          <RouterProvider router={router} />
        </ModalsProvider>
      </QueryClientProvider>
      <UpdatePrompt />
    </MantineProvider>
  </StrictMode>,
));
