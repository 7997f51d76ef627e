// Scale-out on PostgreSQL. Two API processes
// (edge-api/server.ts) on two ports share one PostgreSQL schema. The test
// pushes the same sync batches to both at once (a retry racing its original on
// another process), and queues bulk ready-to-ship jobs and e-mailed exports on
// both, whose job workers (one per process) claim them with FOR UPDATE SKIP
// LOCKED. Then: every command applied exactly once, every job run once.
// Each process has its own DATA_DIR, as two machines would: files (uploads, export files) and limits
// (sign-in requests per address, public tracking lookups per address) are shared through PostgreSQL only.
// Needs PostgreSQL: it runs in the api-pg project (DATABASE_URL_TEST set by
// scripts/test.mjs when a server answers, always in CI); vitest.config.ts keeps it out of the unit project.
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type DbHandle } from '../../db/connect';
import { migrateToLatest } from '../../db/migrate';
import { DEMO_COMPANIES, DEMO_WAREHOUSES, seed } from '../../db/seed';
import { spawnRunningServer } from '../e2e/server';
import { demo } from './helpers';
import { sampleImage } from '../../edge-api/documents/fixtures';
import { uuidv7 } from '../../domain/ids';
import { readPdf } from '../../edge-api/documents/pdf-test-utils';
// The device's photo store (IndexedDB) and sync transport, as the floor app runs them.
import 'fake-indexeddb/auto';
import { PhotoDexie } from '../../web/local-db/db';
import { floorTransport } from '../../web/local-db/transport';

const url = process.env.API_TEST_PG;
// Named as tests/api/pg-setup.ts expects (t_api_<run>_<start ms>_…): another run's setup on the same
// database drops only schemas whose run started hours ago, never this one mid-test.
const schema = `t_api_${process.env.API_TEST_RUN ?? `x_${Date.now()}`}_scale_${process.pid}`;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sd-scale-'));
let lastAddress = 0;
/** A client address of its own (the processes trust X-Forwarded-For from 127.0.0.1, as behind a balancer). */
const nextAddress = () => `198.51.100.${++lastAddress}`;
const KEY = 'scale-out-test-signing-key-0123456789abcdef';
const legacy = { key: `logo-${uuidv7()}.png`, png: await sampleImage('logo') };

type Server = { url: string; child: ChildProcess; output: () => string };
let dbh: DbHandle;
let servers: Server[] = [];

async function startServer(dbUrl: string, name: string): Promise<Server> {
  const { url, child, output } = await spawnRunningServer({
    DATABASE_URL: dbUrl, DATA_DIR: path.join(dir, name), TRUST_PROXY: '127.0.0.1', SIGNING_KEY: KEY, SEED: '0', LOG_LEVEL: 'warn', PG_POOL_MAX: '5',
  });
  return { url, child, output };
}

/** A signed-in client of the cluster: the session lives in the database, so it works on every process. */
async function signIn(base: string, role: 'seller' | 'warehouse') {
  const d = demo(role);
  const from = { 'x-forwarded-for': nextAddress() };
  const a = await fetch(`${base}/api/auth/authenticate`, { method: 'POST', headers: { 'content-type': 'application/json', ...from }, body: JSON.stringify({ email: d.email, password: d.password, appType: d.appType }) });
  const { oauthCode, xsrfToken } = (await a.json()) as { oauthCode: string; xsrfToken: string };
  const l = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-xsrf-token': xsrfToken, ...from }, body: JSON.stringify({ oauthCode }) });
  const cookie = (l.headers.get('set-cookie') ?? '').split(';')[0];
  const call = async (server: Server, p: string, body?: unknown) => {
    const res = await raw(server, p, body === undefined ? {} : { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
    return { status: res.status, body: (await res.json().catch(() => null)) as any };
  };
  const raw = (server: Server, p: string, init: { method?: string; body?: BodyInit; headers?: Record<string, string> } = {}) =>
    fetch(`${server.url}${p}`, { method: init.method ?? 'GET', body: init.body, headers: { cookie, 'x-xsrf-token': xsrfToken, ...init.headers } });
  return Object.assign(call, { raw, xsrfToken });
}

async function waitForJobs(call: Awaited<ReturnType<typeof signIn>>, ids: string[]) {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const jobs = await Promise.all(ids.map(async (id, i) => (await call(servers[i % 2], `/api/jobs/${id}`)).body.job));
    if (jobs.every((j) => j.status === 'done' || j.status === 'failed')) return jobs;
    if (Date.now() > deadline) throw new Error(`jobs not finished: ${JSON.stringify(jobs.map((j) => j.status))}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('scale-out: two API processes on one PostgreSQL', { timeout: 300_000 }, () => {
  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.end();
    const dbUrl = `${url}${url!.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
    dbh = connect({ url: dbUrl });
    await migrateToLatest(dbh.db);
    await seed(dbh, { orders: 1200, pincodes: false });
    // A logo uploaded before files moved to the database: on A's disk only, as an upgraded machine has it.
    fs.mkdirSync(path.join(dir, 'a', 'uploads'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'a', 'uploads', legacy.key), legacy.png);
    await dbh.db.insertInto('uploads').values({ id: uuidv7(), key: legacy.key, company_id: DEMO_COMPANIES[0].id, purpose: 'logo', content_type: 'image/png', size: legacy.png.length, created_at: new Date().toISOString() }).execute();
    servers = await Promise.all([startServer(dbUrl, 'a'), startServer(dbUrl, 'b')]);
  }, 240_000);

  afterAll(async () => {
    for (const s of servers) s.child.kill('SIGTERM');
    await dbh?.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
    // The api-pg project's teardown drops t_api_* schemas.
  });

  it('sync batches pushed to both processes at once: every command applied exactly once', async () => {
    const call = await signIn(servers[0].url, 'warehouse');
    const key = { warehouseId: DEMO_WAREHOUSES[0].id, companyId: DEMO_COMPANIES[0].id };
    const stock = await dbh.db.selectFrom('inventory').select(['wsin', 'quantity']).where('warehouse_id', '=', key.warehouseId).where('company_id', '=', key.companyId).orderBy('wsin').executeTakeFirstOrThrow();
    const devices = ['scale-a', 'scale-b', 'scale-c'];
    const PER_DEVICE = 60;
    const createdAt = new Date().toISOString();
    const commandsOf = (device: string) =>
      Array.from({ length: PER_DEVICE }, (_, i) => ({
        seq: i + 1, name: 'inventory.inbound', createdAt,
        args: { ...key, wsin: stock.wsin, accepted: (i % 3) + 1, rejected: 0, remarks: `${device}:${i + 1}` },
      }));
    let retries = 0;
    await Promise.all(devices.map(async (device) => {
      const commands = commandsOf(device);
      for (let i = 0; i < commands.length; i += 20) {
        const batch = { clientId: device, schemaVersion: 1, commands: commands.slice(i, i + 20) };
        // The same batch to both processes at once; a refused push (busy, conflict) is retried, as the client does.
        await Promise.all(servers.map(async (server) => {
          for (let attempt = 0; ; attempt++) {
            const r = await call(server, '/api/sync/push', batch);
            if (r.status === 200) return;
            expect(r.status, JSON.stringify(r.body)).toBeLessThan(600);
            if (attempt > 20) throw new Error(`push kept failing: ${r.status} ${JSON.stringify(r.body)}`);
            retries++;
            await new Promise((res) => setTimeout(res, 20 * (attempt + 1)));
          }
        }));
      }
    }));
    const expected = devices.length * commandsOf('x').reduce((n, c) => n + c.args.accepted, 0);
    const after = await dbh.db.selectFrom('inventory').select('quantity').where('warehouse_id', '=', key.warehouseId).where('company_id', '=', key.companyId).where('wsin', '=', stock.wsin).executeTakeFirstOrThrow();
    expect(Number(after.quantity) - Number(stock.quantity)).toBe(expected);
    const trail = await dbh.db.selectFrom('inventory_trail').select('remarks').where('remarks', 'like', 'scale-%').execute();
    expect(trail).toHaveLength(devices.length * PER_DEVICE);
    expect(new Set(trail.map((t) => t.remarks)).size).toBe(devices.length * PER_DEVICE);
    for (const device of devices) {
      const pulled = await call(servers[1], '/api/sync/pull', { clientId: device, cookie: null, scope: { companyIds: [key.companyId] } });
      expect(pulled.body.lastSeq).toBe(PER_DEVICE);
    }
    console.info(`scale-out sync: ${devices.length * PER_DEVICE} commands, each batch sent to both processes; ${retries} pushes retried`);
  });

  it('bulk ready-to-ship jobs and e-mailed exports queued on both processes: each job runs once', async () => {
    const call = await signIn(servers[1].url, 'seller');
    const placed = await dbh.db.selectFrom('orders').select('id').where('company_id', '=', DEMO_COMPANIES[0].id).where('status', '=', 'PLACED').orderBy('id').limit(24).execute();
    expect(placed.length).toBeGreaterThanOrEqual(12);
    const groups = Array.from({ length: 6 }, (_, g) => placed.filter((_, i) => i % 6 === g).map((o) => o.id));
    const sellerEmail = demo('seller').email;
    const queued = await Promise.all([
      ...groups.map((ids, g) => call(servers[g % 2], '/api/bulkreadytoship', { orderids: ids.join(',') })),
      ...Array.from({ length: 6 }, (_, e) => call(servers[e % 2], '/api/download/email', { kind: 'csv:orders', filter: {}, email: sellerEmail })),
    ]);
    for (const q of queued) expect([200, 202]).toContain(q.status);
    const jobIds = queued.map((q) => q.body.jobId as string);
    expect(new Set(jobIds).size).toBe(12);
    const jobs = await waitForJobs(call, jobIds);
    expect(jobs.map((j) => j.status)).toEqual(Array(12).fill('done'));

    // Ready to ship: each order moved once (one READY_TO_SHIP trail), as each job's result says.
    const rts = jobs.slice(0, 6);
    const succeeded = groups.flatMap((ids, g) => ids.filter((id) => !rts[g].result.failed.some((f: { orderId: string }) => f.orderId === id)));
    expect(rts.reduce((n, j) => n + j.result.succeeded, 0)).toBe(succeeded.length);
    expect(succeeded.length).toBeGreaterThan(0);
    const trails = await dbh.db.selectFrom('order_trails').select('order_id').where('status', '=', 'READY_TO_SHIP').where('order_id', 'in', placed.map((o) => o.id)).execute();
    expect(trails.map((t) => t.order_id).sort()).toEqual([...succeeded].sort());

    // Exports: one file and one e-mail per job.
    const exports = jobs.slice(6);
    expect(new Set(exports.map((j) => j.result.url)).size).toBe(6);
    const mails = await dbh.db.selectFrom('mail_outbox').select('body').where('to_address', '=', sellerEmail).execute();
    for (const j of exports) expect(mails.filter((m) => m.body.includes(j.result.url))).toHaveLength(1);
    expect(mails).toHaveLength(6);
  });

  /** Uploads an image through one process (presign, then PUT the bytes to the signed address). */
  async function upload(call: Awaited<ReturnType<typeof signIn>>, server: Server, purpose: 'logo' | 'signature' | 'proof') {
    const png = await sampleImage(purpose);
    const p = await call(server, '/api/uploads/presign', { purpose, fileName: `${purpose}.png`, contentType: 'image/png', size: png.length });
    expect(p.status).toBe(200);
    const put = await call.raw(server, p.body.uploadUrl, { method: 'PUT', body: new Uint8Array(png), headers: { 'content-type': 'image/png' } });
    expect(put.status).toBe(200);
    return { key: p.body.key as string, png };
  }

  it('a signature uploaded through A is served by B and printed on an invoice B makes', async () => {
    const call = await signIn(servers[0].url, 'seller');
    const logo = await upload(call, servers[0], 'logo');
    const signature = await upload(call, servers[0], 'signature');
    const served = await call.raw(servers[1], `/api/files/${signature.key}`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(signature.png)).toBe(true);
    const [bhw1, blr1] = DEMO_WAREHOUSES.map((w) => w.id);
    const saved = await call(servers[1], '/api/ums/invoices', {
      registeredName: 'Chai Point Retail Private Limited', brandName: 'Chai Point',
      invoicingAddress: { line1: '12, Residency Road', line2: 'Shanthala Nagar', city: 'Bengaluru', state: 'Karnataka', pincode: '560025' },
      logo: logo.key, signature: signature.key, sgstPercentage: '9', cgstPercentage: 9, igstPercentage: '18', utgstPercentage: '',
      warehouseInvoiceSeries: { [bhw1]: { invoicePrefix: 'SCB/', b2bInvoicePrefix: 'SCBB/' }, [blr1]: { invoicePrefix: 'SCK/', b2bInvoicePrefix: 'SCKB/' } },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const order = await dbh.db.selectFrom('orders').select('id').where('company_id', '=', DEMO_COMPANIES[0].id).where('warehouse_id', '=', bhw1)
      .where('invoice_number', 'is', null).where('status', '!=', 'CANCELLED').where('order_type', '=', 0).orderBy('id').executeTakeFirstOrThrow();
    const pdf = await call.raw(servers[1], '/api/download/invoice', { method: 'POST', body: JSON.stringify({ orderId: [order.id] }), headers: { 'content-type': 'application/json' } });
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const [page] = await readPdf(Buffer.from(await pdf.arrayBuffer()));
    expect(page.images).toBe(2); // logo and signature, both read from the database by B
  });

  it('an e-mailed export made by whichever process claimed its job downloads through either', async () => {
    const call = await signIn(servers[0].url, 'seller');
    const queued = await Promise.all([0, 1, 0, 1].map((i) => call(servers[i], '/api/download/email', { kind: 'csv:orders', filter: {}, email: demo('seller').email })));
    const jobs = await waitForJobs(call, queued.map((q) => q.body.jobId as string));
    for (const job of jobs) {
      expect(job.status).toBe('done');
      const link = new URL(job.result.url);
      const bodies = await Promise.all(servers.map(async (server) => {
        const res = await fetch(`${server.url}${link.pathname}${link.search}`);
        expect(res.status).toBe(200);
        return res.text();
      }));
      expect(bodies[0]).toBe(bodies[1]);
      expect(bodies[0].split('\n').filter(Boolean).length).toBe(job.result.rows + 1); // the header and every row
    }
  });

  it('150 sign-in requests from one address spread over both processes meet the 120-a-minute limit once', async () => {
    // The limit counts in windows of a whole minute: start early in one, so that all 150 fall in it.
    while (new Date().getSeconds() > 40) await new Promise((r) => setTimeout(r, 1000));
    const from = nextAddress();
    const statuses = await Promise.all(Array.from({ length: 150 }, (_, i) =>
      fetch(`${servers[i % 2].url}/api/auth/authenticate`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': from }, body: '{}' }).then((r) => r.status)));
    expect(statuses.filter((s) => s === 429)).toHaveLength(30);
    expect(statuses.filter((s) => s !== 429)).toHaveLength(120);
    // Another address is not held back by this one.
    const other = await fetch(`${servers[1].url}/api/auth/authenticate`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': nextAddress() }, body: '{}' });
    expect(other.status).not.toBe(429);
  });

  it('public tracking lookups from one address spread over both processes spend one budget', async () => {
    // The budget (300 points, 30 for an AWB that does not exist) counts in windows of 10 minutes on the
    // clock: start with time to spare in one.
    while (Date.now() % 600_000 > 570_000) await new Promise((r) => setTimeout(r, 1000));
    const from = nextAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 14; i++) {
      const res = await fetch(`${servers[i % 2].url}/api/order/NOSUCH${process.pid}${i}`, { headers: { 'x-forwarded-for': from } });
      statuses.push(res.status);
    }
    // Ten unknown AWBs spend it, whichever process answered them; each process alone saw only seven.
    expect(statuses).toEqual([...Array(10).fill(404), ...Array(4).fill(429)]);
    // Another address still looks up.
    expect((await fetch(`${servers[1].url}/api/order/NOSUCH${process.pid}x`, { headers: { 'x-forwarded-for': nextAddress() } })).status).toBe(404);
  });

  it('a file kept on one machine\'s disk before the upgrade is served by the other machine', async () => {
    const res = await fetch(`${servers[1].url}/api/files/${legacy.key}`);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(legacy.png)).toBe(true);
  });

  it('a proof photo uploaded through B is served through A to the warehouse', async () => {
    const call = await signIn(servers[1].url, 'warehouse');
    const proof = await upload(call, servers[1], 'proof');
    const res = await call.raw(servers[0], `/api/files/${proof.key}`);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(proof.png)).toBe(true);
    // A private file: nobody without a session gets it.
    expect((await fetch(`${servers[0].url}/api/files/${proof.key}`)).status).not.toBe(200);
  });

  it('a proof photo taken offline and synced through B shows on the order read through A', async () => {
    const call = await signIn(servers[1].url, 'warehouse');
    const order = await dbh.db.selectFrom('orders').select(['id', 'company_id']).where('status', '=', 'RTO_DELIVERED')
      .where('company_id', '=', DEMO_COMPANIES[0].id).where('warehouse_id', '=', DEMO_WAREHOUSES[0].id).orderBy('id').executeTakeFirstOrThrow();
    const info = await call(servers[0], `/api/return-info?splitOrderId=${order.id}`);
    expect(info.status).toBe(200);
    const [line] = info.body.data.data as { wsin: string; sku: string; maxQuantity: number }[];
    // Offline: the photo is kept on the device, and the approval names it by its local id.
    const png = await sampleImage('proof');
    const photos = new PhotoDexie(`scale-out-photos-${process.pid}`);
    await photos.photos.add({ id: 'box-1', companyId: order.company_id, fileName: 'box.png', contentType: 'image/png', blob: new Blob([new Uint8Array(png)], { type: 'image/png' }), key: null, createdAt: new Date().toISOString() });
    // Back online, the device syncs through B: the transport uploads the photo (presign, PUT), then pushes.
    const transport = floorTransport({
      photos,
      xsrfToken: () => call.xsrfToken,
      refreshSession: async () => true,
      presign: async (photo) => {
        const p = await call(servers[1], '/api/uploads/presign', { purpose: 'proof', ...photo });
        expect(p.status).toBe(200);
        return p.body;
      },
      fetch: (input, init) => call.raw(servers[1], String(input), { method: init?.method, body: init?.body ?? undefined, headers: Object.fromEntries(new Headers(init?.headers).entries()) }),
    });
    const pushed = await transport.push({
      clientId: `scale-out-floor-${process.pid}`, schemaVersion: 1,
      commands: [{ seq: 1, name: 'return.approve', createdAt: new Date().toISOString(), args: { orderId: order.id, returnType: 'RTO', items: [{ wsin: line.wsin, sku: line.sku, missingQuantity: 0, damageQuantity: 1, imageKey: 'local:box-1' }] } }],
    });
    expect(pushed.results[0]).toMatchObject({ status: 'applied' });
    const { key } = (await photos.photos.get('box-1'))!;
    expect(key).toMatch(/^proof-/);
    photos.close();
    // Read through A: the return is processed and its line shows the photo, which A serves.
    const after = await call(servers[0], `/api/return-info?splitOrderId=${order.id}`);
    expect(after.body.data.processed).toBe(true);
    const shown = after.body.data.data.find((r: { wsin: string }) => r.wsin === line.wsin);
    expect(shown).toMatchObject({ damageQuantity: 1, imageLocation: `/api/files/${key}` });
    const image = await call.raw(servers[0], shown.imageLocation);
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer()).equals(png)).toBe(true);
  });
});
