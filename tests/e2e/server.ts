import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

/**
 * How a test starts the server (node's arguments): the bundle of scripts/build-server.mjs on plain node
 * when `SD_SERVER_BUNDLE` names it (the browser suite's and the unit project's global setups build it
 * once a run), else the TypeScript through tsx.
 */
export const serverCommand = () => (process.env.SD_SERVER_BUNDLE ? [process.env.SD_SERVER_BUNDLE] : ['--import', 'tsx', 'edge-api/server.ts']);

/**
 * Seeded folders of this run (`SD_E2E_TEMPLATES`, made by the global setup): the first server
 * started with N demo orders and no extra settings leaves a copy of its fresh database and data
 * folder there, and later ones with N start from a copy instead of migrating and seeding again.
 * Only within one run, so the demo data's dates are as fresh as a seed of the same run.
 */
function templateFor(orders: number, opts: { env?: Record<string, string>; dir?: string }): string | null {
  const root = process.env.SD_E2E_TEMPLATES;
  return root && !opts.dir && !opts.env ? path.join(root, `orders-${orders}`) : null;
}

/** Copies a fresh server's folder as a template: its database through SQLite's VACUUM INTO (consistent while it runs). */
async function keepTemplate(dir: string, template: string) {
  const { default: Database } = await import('better-sqlite3');
  const tmp = `${template}.${process.pid}.tmp`;
  fs.rmSync(tmp, { recursive: true, force: true });
  fs.mkdirSync(tmp, { recursive: true });
  for (const f of fs.readdirSync(dir)) {
    if (!/^app\.db(-wal|-shm|-journal)?$/.test(f)) fs.cpSync(path.join(dir, f), path.join(tmp, f), { recursive: true });
  }
  const db = new Database(path.join(dir, 'app.db'), { readonly: true, fileMustExist: true });
  try {
    db.prepare('VACUUM INTO ?').run(path.join(tmp, 'app.db'));
  } finally {
    db.close();
  }
  try {
    fs.renameSync(tmp, template);
  } catch {
    fs.rmSync(tmp, { recursive: true, force: true }); // another file made it first
  }
}

/** A server process started by `spawnServer`: listening, or exited before it listened (with what it printed). */
export type Spawned =
  | { kind: 'running'; url: string; port: number; child: ChildProcess; output: () => string }
  | { kind: 'exited'; code: number | null; output: string };

/**
 * Starts the server (`serverCommand()`) on a free loopback port with `env` over this process's
 * environment, and answers once it says it is running, or has exited (a refusal to start, say).
 * The free port is found by closing a listener, and the server listens on it a second or two later:
 * on a busy machine another process's connection may take it meanwhile, and then the server starts
 * again on another port. A server silent for `timeoutMs` is killed and fails the call.
 */
export async function spawnServer(env: Record<string, string>, opts: { nodeArgs?: string[]; timeoutMs?: number } = {}): Promise<Spawned> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), ...serverCommand()], {
      env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const started = await new Promise<Spawned>((resolve, reject) => {
      const timer = setTimeout(() => (child.kill('SIGKILL'), reject(new Error(`server did not start:\n${output}`))), opts.timeoutMs ?? 90_000);
      child.stdout!.on('data', (d: Buffer) => {
        output += d.toString();
        if (output.includes('is running at')) {
          clearTimeout(timer);
          resolve({ kind: 'running', url: `http://127.0.0.1:${port}`, port, child, output: () => output });
        }
      });
      child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
      child.on('exit', (code) => (clearTimeout(timer), resolve({ kind: 'exited', code, output })));
    });
    if (started.kind === 'running' || !started.output.includes('EADDRINUSE') || attempt === 5) return started;
  }
}

/** `spawnServer`, for a server that must start: its exit before listening fails the call. */
export async function spawnRunningServer(env: Record<string, string>, opts: { nodeArgs?: string[]; timeoutMs?: number } = {}) {
  const s = await spawnServer(env, opts);
  if (s.kind === 'exited') throw new Error(`server exited with ${s.code}:\n${s.output}`);
  return s;
}

/**
 * Starts the real server (built PWA + API) on a free loopback port over a fresh SQLite file.
 * `apiOnly`: the API without the built PWA (an API test); `dir`: an earlier server's folder, to start
 * again on its database (kept by stop()).
 */
export async function startServer(opts: { orders?: number; env?: Record<string, string>; apiOnly?: boolean; dir?: string } = {}) {
  if (!opts.apiOnly && !fs.existsSync('dist/index.html')) throw new Error('dist/ is missing: run `npm run build` (npm test does it).');
  const orders = opts.orders ?? 600;
  const dir = opts.dir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'sd-e2e-'));
  const template = templateFor(orders, opts);
  const fromTemplate = !!template && fs.existsSync(template);
  if (fromTemplate) fs.cpSync(template, dir, { recursive: true });
  const { child, url } = await spawnRunningServer({
    SQLITE_FILE: path.join(dir, 'app.db'), DATA_DIR: dir, DATABASE_URL: '', SEED_ORDERS: String(orders), LOG_LEVEL: 'warn',
    // every browser and benchmark of a run is one loopback client: the public lookup's budget per
    // client is off (tests/api/public-limits.test.ts holds it); opts.env may turn it on
    PUBLIC_LOOKUP_BUDGET: '0', ...opts.env,
  });
  if (template && !fromTemplate) await keepTemplate(dir, template);
  return {
    url,
    dir,
    child,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 200));
      if (!opts.dir) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Signs a demo user in over HTTP as the web app does: the headers a JSON call of theirs carries (session cookie, xsrf token). */
export async function signInOverHttp(baseUrl: string, login: { email: string; password: string }, appType = 'seller'): Promise<Record<string, string>> {
  const json = { 'content-type': 'application/json' };
  const a = await fetch(`${baseUrl}/api/auth/authenticate`, { method: 'POST', headers: json, body: JSON.stringify({ email: login.email, password: login.password, appType }) });
  const auth = (await a.json()) as { xsrfToken: string; oauthCode: string };
  const l = await fetch(`${baseUrl}/api/auth/login`, { method: 'POST', headers: { ...json, 'x-xsrf-token': auth.xsrfToken }, body: JSON.stringify({ oauthCode: auth.oauthCode }) });
  if (!l.ok) throw new Error(`${login.email} could not sign in: ${l.status}`);
  return { ...json, cookie: (l.headers.get('set-cookie') ?? '').split(';')[0], 'x-xsrf-token': auth.xsrfToken };
}

/**
 * A loopback TCP proxy in front of `target` (a server's URL) whose cable can be
 * pulled: `unplug()` stops listening and drops every open connection, so the
 * page meets a refused connection, as a phone that lost its network does; `plug()`
 * listens again on the same port. Unlike Chromium's emulated offline mode, no
 * navigation fails before the page's service worker is asked (a race a loaded
 * machine lost now and then).
 */
export async function unpluggableProxy(target: string) {
  const { hostname, port: targetPort } = new URL(target);
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(targetPort), hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => s.destroy());
    }
    client.pipe(upstream).pipe(client);
  });
  const port = await freePort();
  const listen = () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  await listen();
  return {
    url: `http://127.0.0.1:${port}`,
    unplug: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      });
    },
    plug: listen,
  };
}
