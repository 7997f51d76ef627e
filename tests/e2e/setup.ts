// What a browser test file starts before its tests and stops after them, in one place: its own
// server (and a browser), or persistent profiles whose IndexedDB survives a reload.
import fs from 'node:fs';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launch, launchPersistent, type ServiceWorkers } from './browser';
import { startServer } from './server';

export type Server = Awaited<ReturnType<typeof startServer>>;
type ServerOptions = Parameters<typeof startServer>[0];

/** A server started before the file's tests and stopped after them (read `.server` inside a test or a later hook). */
export function fileServer(opts: ServerOptions = {}): { readonly server: Server } {
  let server: Server | undefined;
  beforeAll(async () => {
    server = await startServer(opts);
  }, 180_000);
  afterAll(async () => server?.stop());
  return {
    get server() {
      if (!server) throw new Error('the file server has not started (read it inside a test or hook)');
      return server;
    },
  };
}

/** A server and a browser (see launch() for `serviceWorkers`), started side by side before the file's tests and stopped after them. */
export function fileServerAndBrowser(opts: ServerOptions & { serviceWorkers?: ServiceWorkers } = {}): { readonly server: Server; readonly browser: Browser } {
  let server: Server | undefined;
  let browser: Browser | undefined;
  const { serviceWorkers, ...serverOpts } = opts;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(serverOpts), launch({ serviceWorkers })]);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  return {
    get server() {
      if (!server) throw new Error('the file server has not started (read it inside a test or hook)');
      return server;
    },
    get browser() {
      if (!browser) throw new Error('the browser has not started (read it inside a test or hook)');
      return browser;
    },
  };
}

/**
 * Persistent profiles (IndexedDB and the service worker survive reloads and restarts): `fresh()` opens
 * a new one, `reopen(dir)` an earlier one after its browser died; the last context opened is closed,
 * and every profile folder removed, after the suite.
 */
export function persistentProfiles() {
  let last: BrowserContext | undefined;
  const dirs: string[] = [];
  afterAll(async () => {
    await last?.close().catch(() => undefined);
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });
  return {
    async fresh(): Promise<{ context: BrowserContext; dir: string }> {
      const launched = await launchPersistent();
      dirs.push(launched.dir);
      last = launched.context;
      return launched;
    },
    async reopen(dir: string): Promise<{ context: BrowserContext; dir: string }> {
      const launched = await launchPersistent(dir);
      last = launched.context;
      return launched;
    },
  };
}
