// Screen tests without Chromium (ARCHITECTURE.md, testing recipes): the real route
// tree rendered in jsdom at a URL, inside the same providers as web/main.tsx, with
// every fetch answered in-process by the real API (the Hono app over an in-memory,
// seeded SQLite database from tests/api/helpers.ts), signed in as the agent given.
// Use in a file that starts with `// @vitest-environment jsdom`.
import 'fake-indexeddb/auto';
import { cleanup, configure, render, type RenderResult } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router';
import type { Agent, TestApp } from '../../tests/api/helpers';
import { routeTree } from '../routeTree.gen';
import { cssVariablesResolver, theme } from '../ui/theme';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
// These suites run beside a build and a browser on two cores: give async UI time.
configure({ asyncUtilTimeout: 10_000 });

/** What Mantine and the app need from a browser that jsdom lacks. */
export function installBrowserShims() {
  window.matchMedia ??= ((query: string) => ({
    matches: false, media: query, onchange: null, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
  globalThis.ResizeObserver ??= class { observe() {} unobserve() {} disconnect() {} } as unknown as typeof ResizeObserver;
  globalThis.IntersectionObserver ??= class { observe() {} unobserve() {} disconnect() {} takeRecords() { return []; } } as unknown as typeof IntersectionObserver;
  Element.prototype.scrollIntoView ??= function scrollIntoView() {};
  Element.prototype.scrollTo ??= function scrollTo() {};
  window.scrollTo = () => {};
}

/** Answers the page's fetches with the in-process app, carrying the agent's session cookie. */
function inProcessFetch(app: TestApp, agent?: Agent): typeof fetch {
  return async (input, init = {}) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const headers = new Headers(init.headers);
    if (agent?.cookie) headers.set('cookie', agent.cookie);
    return app.request(url.pathname + url.search, { method: init.method ?? 'GET', headers, body: init.body as BodyInit | undefined, signal: init.signal ?? undefined });
  };
}

function makeRouter(path: string, queryClient: QueryClient) {
  return createRouter({ routeTree, context: { queryClient }, history: createMemoryHistory({ initialEntries: [path] }) });
}

export type InApp = RenderResult & { router: ReturnType<typeof makeRouter>; queryClient: QueryClient };

/** Renders the whole app at `path` (e.g. '/orders'), signed in as `agent`. */
export async function renderInApp(path: string, opts: { app: TestApp; agent?: Agent }): Promise<InApp> {
  installBrowserShims();
  globalThis.fetch = inProcessFetch(opts.app, opts.agent);
  window.history.replaceState(null, '', path);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false } } });
  const router = makeRouter(path, queryClient);
  await router.load();
  const result = render(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <Notifications />
      <QueryClientProvider client={queryClient}>
        <ModalsProvider>
          <RouterProvider router={router} />
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return Object.assign(result, { router, queryClient });
}

export { cleanup };
