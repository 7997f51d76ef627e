// Helpers for the floor's browser tests and benchmark: an API client sharing
// the page's cookies, picking orders to pack, scanning like a keyboard-wedge
// scanner, and reading the server's SQLite file directly.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { PACKED_AT_STATION, type FloorOrderDoc } from '../../domain/floor';
import { signInUI } from './browser';

export interface PackingOrderAnswer {
  key: string;
  items_to_scan: { wsin: string; qty: number; scanned_qty: number }[];
  status: 'Packed' | 'Not Packed';
  order: FloorOrderDoc;
}

/** JSON calls with the page's session cookie and xsrf token. */
export async function pageApi(page: Page, baseURL: string) {
  const session = await (await page.request.get(`${baseURL}/api/auth/session`)).json();
  const headers = { 'x-xsrf-token': session.xsrfToken as string };
  return {
    session,
    post: async <T = any>(p: string, data: unknown): Promise<{ status: number; body: T }> => {
      const res = await page.request.post(`${baseURL}${p}`, { headers, data });
      return { status: res.status(), body: (await res.json()) as T };
    },
  };
}

/** Not-packed orders to pack of the session's selected companies, with the units to scan. */
export async function ordersToPack(page: Page, baseURL: string, count: number): Promise<PackingOrderAnswer[]> {
  const api = await pageApi(page, baseURL);
  const list = await api.post<{ data: PackingOrderAnswer[] }>('/api/order/packaging-metadata/get', { filter: { packed: 2, pageSize: 200 } });
  // Few units each keeps the tests quick.
  return list.body.data
    .filter((o) => o.order.status === 'PLACED')
    .sort((a, b) => units(a) - units(b))
    .slice(0, count);
}

export const units = (o: PackingOrderAnswer) => o.items_to_scan.reduce((n, i) => n + i.qty, 0);
export const codeOf = (o: PackingOrderAnswer) => o.order.awb ?? o.order.shopOrderId;

/**
 * Types a code at scanner speed (5 ms a key) and ends it with Enter, wherever
 * focus is, as a hardware scanner does: each key carries its own time stamp
 * (CDP's Input.dispatchKeyEvent `timestamp`, which becomes the event's
 * `timeStamp`), and all keys are sent at once, so the page reads a 5 ms burst
 * however busy the test machine is. Keys typed one by one were stamped when
 * the page handled them: a stalled test process split the burst into a
 * person's typing and the scan was missed.
 */
export async function wedgeScan(page: Page, code: string) {
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => resolve(null), { timeout: 2000 })));
  const cdp = await page.context().newCDPSession(page);
  try {
    const start = Date.now() / 1000;
    const key = (type: 'keyDown' | 'keyUp', k: string, at: number, extra: Record<string, unknown> = {}) =>
      cdp.send('Input.dispatchKeyEvent', { type, key: k, timestamp: start + at / 1000, ...extra });
    const sent: Promise<unknown>[] = [];
    [...code].forEach((ch, i) => {
      sent.push(key('keyDown', ch, i * 5, { text: ch, unmodifiedText: ch }), key('keyUp', ch, i * 5 + 1));
    });
    const enter = { code: 'Enter', windowsVirtualKeyCode: 13, nativeVirtualKeyCode: 13 };
    sent.push(key('keyDown', 'Enter', code.length * 5, { ...enter, text: '\r', unmodifiedText: '\r' }), key('keyUp', 'Enter', code.length * 5 + 1, enter));
    await Promise.all(sent);
  } finally {
    await cdp.detach().catch(() => {});
  }
}

/** How a scanner types: ms between its keys, an optional stall inside the code, and the page busy while it types. */
export interface KeyTiming {
  perKeyMs: number;
  /** A pause of `ms` after the `afterKey`-th key (a Bluetooth link retransmitting). */
  stall?: { afterKey: number; ms: number };
  /** A long task of this many ms on the page's main thread, started as the code's second key is typed. */
  longTaskMs?: number;
}

/**
 * Types `code` and Enter into the focused field with Playwright's keyboard at
 * the given timing, as a scanner whose keys reach the page at that pace: the
 * keys are real key events, so the page sees every gap, stall and busy
 * main thread as a packer's scanner would make it.
 */
export async function typeScan(page: Page, code: string, timing: KeyTiming) {
  const keys = [...code];
  for (let i = 0; i < keys.length; i++) {
    if (i === 1 && timing.longTaskMs) {
      await page.evaluate((ms) => {
        setTimeout(() => {
          const end = performance.now() + ms;
          while (performance.now() < end) {
            // Busy: the page is rendering something else.
          }
        }, 0);
      }, timing.longTaskMs);
    }
    await page.keyboard.press(keys[i]);
    if (timing.stall && i + 1 === timing.stall.afterKey) await page.waitForTimeout(timing.stall.ms);
    else if (timing.perKeyMs > 0) await page.waitForTimeout(timing.perKeyMs);
  }
  await page.keyboard.press('Enter');
}

/** Every timing the floor's scan fields must take whole: 5, 25 and 45 ms a key, a 60 ms stall, a 100 ms long task. */
export const SCANNER_TIMINGS: { name: string; timing: KeyTiming }[] = [
  { name: '5 ms a key', timing: { perKeyMs: 5 } },
  { name: '25 ms a key', timing: { perKeyMs: 25 } },
  { name: '45 ms a key', timing: { perKeyMs: 45 } },
  { name: '5 ms a key with a 60 ms stall after the fourth', timing: { perKeyMs: 5, stall: { afterKey: 4, ms: 60 } } },
  { name: '5 ms a key with the page busy 100 ms', timing: { perKeyMs: 5, longTaskMs: 100 } },
];

/** Time between two scans of a run. */
export const BETWEEN_SCANS_MS = [0, 150, 300] as const;

/** Enters a code by hand in the screen's scan field (the same queue as a scan, with no timing involved). */
export async function enterCode(page: Page, code: string) {
  const field = page.getByTestId('wsin-input');
  await field.fill(code);
  await field.press('Enter');
}

/** Enters every unit of the order on the active packing screen, waiting for each verdict. */
export async function scanAllUnits(page: Page, order: PackingOrderAnswer) {
  for (const line of order.items_to_scan) {
    for (let i = 0; i < line.qty; i++) {
      const before = await page.evaluate(() => document.querySelector('[data-testid="scan-result"]')?.getAttribute('data-seq') ?? null);
      await enterCode(page, line.wsin);
      await page.waitForFunction(
        (prev) => {
          const el = document.querySelector('[data-testid="scan-result"]');
          return !!el && el.getAttribute('data-seq') !== prev;
        },
        before,
        { timeout: 10_000 },
      );
    }
  }
}

/** The server's database, read-only (WAL lets us read while it runs). */
export function serverDb(dir: string) {
  return new Database(path.join(dir, 'app.db'), { readonly: true, fileMustExist: true });
}

/** Pid of the browser process (not its children) running with this profile directory. */
export function browserPid(profileDir: string): number {
  const out = execFileSync('pgrep', ['-f', '--', `--user-data-dir=${profileDir}`]).toString().trim().split('\n').map(Number);
  for (const pid of out) {
    const cmd = execFileSync('ps', ['-o', 'args=', '-p', String(pid)]).toString();
    if (!cmd.includes('--type=')) return pid;
  }
  throw new Error(`no browser process for ${profileDir}`);
}

/** The demo warehouse user: e-mail, password, app. */
export const WAREHOUSE = ['warehouse@shipdesk.in', 'Warehouse@1234', 'Warehouse'] as const;

/** Signs in as the warehouse user and waits for the packing station: shell precached, first pull on the device. */
export async function signInToStation(page: Page, baseURL: string) {
  await signInUI(page, baseURL, ...WAREHOUSE);
  await page.waitForURL(/\/fulfillment/);
  await page.waitForFunction(async () => !!(await navigator.serviceWorker.ready).active, null, { timeout: 60_000 });
  await page.getByTestId('pack-row').first().waitFor({ timeout: 30_000 });
}

/** The changes waiting on the device, as the sync status shows them. */
export const pending = (page: Page) => page.getByTestId('sync-status').getAttribute('data-pending').then(Number);

/** Opens an order on the packing screen by its AWB (or order number). */
export async function openOrder(page: Page, order: PackingOrderAnswer) {
  await page.getByTestId('awb-input').fill(codeOf(order));
  await page.getByTestId('awb-input').press('Enter');
  await page.getByTestId('items-to-scan').waitFor();
}

/** The order's status and its "packed at the station" trail entries, read from the server's database. */
export function packedOnServer(dir: string, orderId: string) {
  const db = serverDb(dir);
  try {
    const order = db.prepare('select status from orders where id = ?').get(orderId) as { status: string };
    const trails = db.prepare('select count(*) as n from order_trails where order_id = ? and description = ?').get(orderId, PACKED_AT_STATION) as { n: number };
    return { status: order.status, packedTrails: trails.n };
  } finally {
    db.close();
  }
}
