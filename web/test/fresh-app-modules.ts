// The screens project shares one module graph per worker (vitest.config.ts): the libraries (React,
// Mantine, TanStack, Hono, jsdom's helpers) load once. Before each file, what an earlier file of the
// worker left behind is put back as a page load on a new device finds it:
// - the app's own modules are evaluated afresh (their module-level state: the XSRF token, the floor's
//   sync engine and scanner, the device's query cache);
// - `fetch` is Node's again (renderInApp answers the page's fetches in-process; the API's own calls to a
//   store or courier must not go there), and the clock is the real one;
// - the page is empty: no element left in <body> (a portal of Mantine's, an unmounted screen's notices),
//   no notice queued in Mantine's notification store (a module of the shared library), nothing in
//   localStorage or sessionStorage;
// - the device's IndexedDB (fake-indexeddb, installed once per worker) holds no database.
import { vi } from 'vitest';

const kept = globalThis as { nodeFetch?: typeof fetch };
kept.nodeFetch ??= globalThis.fetch;
globalThis.fetch = kept.nodeFetch;
vi.resetModules();
vi.useRealTimers();

if (globalThis.document) {
  const { cleanup } = await import('@testing-library/react');
  cleanup();
  const { notifications } = await import('@mantine/notifications');
  notifications.clean();
  notifications.cleanQueue();
  document.body.replaceChildren();
  localStorage.clear();
  sessionStorage.clear();
}

if (globalThis.indexedDB) {
  // Dexie closes its connection when another tab deletes the database, so no deletion waits.
  const names = (await indexedDB.databases()).map((d) => d.name).filter((n): n is string => !!n);
  await Promise.all(names.map((name) => new Promise<void>((resolve, reject) => {
    const req = indexedDB.deleteDatabase(name);
    req.onsuccess = () => resolve();
    req.onerror = () => reject(req.error);
    req.onblocked = () => reject(new Error(`the device database ${name} is still open in an earlier file`));
  })));
}
