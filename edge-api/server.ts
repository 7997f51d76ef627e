import fs from 'node:fs';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import pino from 'pino';
import { connect } from '../db/connect';
import { DEMO_LOGINS } from '../db/seed-data';
import { migrateToLatest } from '../db/migrate';
import { DEMO_COMPANIES, isSeeded, seed } from '../db/seed';
import { seedDemoChannel } from './integrations/channels/demo';
import { sampleDeliveredAwb } from '../db/tracking/demo';
import { createServedApp } from './app';
import type { AppEnv } from './env';
import { securityHeaders } from './middleware/security-headers';
import { loadConfig, localKey } from './config';
import { TASK_HANDLERS } from './integrations/handlers';
import { startChannelPolling } from './integrations/channels/sync';
import { startTaskWorker } from './integrations/tasks';
import { JOB_HANDLERS } from './jobs/handlers';
import { startJobWorker } from './jobs/runner';
import { startAuthMaintenance } from './services/auth/maintenance';
import { startHistoryMaintenance } from './services/history/maintenance';
import { purgeFilesAndCounters } from './services/files/retention';
import { filesOf, FILE_FOLDERS } from './lib/files';
import { copyMissingFiles, DbFileStore, DiskFileStore } from '../db/files/store';
import { productionProblems } from './services/install/production';
import { backfillInvoices, describeBackfill } from './services/billing/backfill-invoices';

const log = pino({ level: process.env.LOG_LEVEL ?? 'info' });
const port = Number(process.env.PORT ?? 8080);
const host = process.env.HOST ?? '127.0.0.1';
const distDir = process.env.DIST_DIR ?? 'dist';
const production = process.env.NODE_ENV === 'production';

// Outside production a missing SIGNING_KEY or ENCRYPTION_KEY is made once and kept in the data folder.
if (!production && !process.env.SIGNING_KEY) process.env.SIGNING_KEY = localKey(process.env.DATA_DIR ?? 'data', 'signing-key');
if (!production && !process.env.ENCRYPTION_KEY) process.env.ENCRYPTION_KEY = localKey(process.env.DATA_DIR ?? 'data', 'encryption-key');
const config = loadConfig(process.env, { publicUrl: process.env.PUBLIC_URL ?? `http://${host}:${port}` });

const dbh = connect();
await migrateToLatest(dbh.db);
if (production) {
  const problems = await productionProblems(dbh);
  if (problems.length) {
    console.error(`ShipDesk will not start in production (NODE_ENV=production):\n${problems.map((p) => `  - ${p}`).join('\n')}\nSee README.md, "Production".`);
    await dbh.destroy();
    process.exit(1);
  }
  // An upgraded database's orders shipped before invoices were issued at ready to ship get theirs (idempotent).
  const backfill = await backfillInvoices(dbh);
  if (backfill.issued || backfill.skipped.length) for (const line of describeBackfill(backfill)) log.info(line);
} else if (!(await isSeeded(dbh)) && process.env.SEED !== '0') {
  // Demo mode (NODE_ENV is not production): a first run gets demo companies, users and orders.
  log.info('First run in demo mode: seeding demo data…');
  const r = await seed(dbh, { orders: Number(process.env.SEED_ORDERS ?? 2500) });
  log.info(`Seeded ${r.orders} orders in ${r.seconds.toFixed(1)} s`);
  // The demo's shipped orders get their invoices too, as `npm run seed` gives them.
  const backfill = await backfillInvoices(dbh);
  log.info(`Issued ${backfill.issued} invoices for the demo's shipped orders${backfill.skipped.length ? ` (${backfill.skipped.length} skipped)` : ''}`);
  // Settings > Channels shows a store connection, marked demo (no such shop exists).
  await seedDemoChannel(dbh, config, DEMO_COMPANIES[0].id);
}

// Upgrading to files in the database: uploads and export files kept under DATA_DIR before are copied in once.
const files = filesOf(dbh, config);
if (files instanceof DbFileStore) {
  const copied = await copyMissingFiles(new DiskFileStore(config.dataDir), files, FILE_FOLDERS);
  if (copied) log.info(`Copied ${copied} files kept under ${config.dataDir} into the database`);
}

const { app: api, publicLookup } = createServedApp({ dbh, logger: log, config });
const stopJobs = startJobWorker(dbh, config, log, JOB_HANDLERS);
const stopTasks = startTaskWorker(dbh, config, log, TASK_HANDLERS);
const stopPolling = startChannelPolling(dbh, log);
const stopMaintenance = startAuthMaintenance(dbh, log, undefined, () => purgeFilesAndCounters(dbh, config));
const stopHistory = startHistoryMaintenance(dbh, config.history, log);
// The public tracking lookup first (the hottest path: buyers' phones), matched among the root's few
// routes; then every other API request to the app (its own router, middleware and error handling).
const root = new Hono<AppEnv>();
root.get('/api/order/:awb', publicLookup);
root.all('/api/*', (c) => api.fetch(c.req.raw, c.env));
// The web app's files get the headers the API sets on its own answers (CSP, frame-ancestors, nosniff, Referrer-Policy, HSTS).
root.use('*', securityHeaders({ hsts: config.hsts }));

// The PWA: hashed assets (/assets/) cached for a year; every other file (the shell at /, the service
// worker, the manifest, icons) revalidated on each use, so that a deploy is never hidden behind a
// browser's heuristic cache of an old shell naming assets that are gone.
root.use('/*', async (c, next) => {
  await next();
  if (!c.res.headers.has('cache-control')) c.header('cache-control', c.req.path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
});
// `vite build` writes .br and .gz copies of text files: sent to browsers that accept them.
root.use('/*', serveStatic({ root: distDir, precompressed: true }));
const indexHtml = path.join(distDir, 'index.html');
// The public tracking page is its own small entry (web/track.html), not the app shell.
const trackHtml = path.join(distDir, 'track.html');
// Sent like the assets (its .br/.gz copy when the browser takes it): customers open it on phones.
root.get(
  '/track/*',
  async (c, next) => {
    await next();
    c.header('cache-control', 'no-cache');
  },
  serveStatic({ root: distDir, path: path.relative(distDir, trackHtml), precompressed: true }),
  (c) => c.text('The web app is not built. Run `npm start` (it builds first).', 503),
);
root.get('*', (c) => {
  if (!fs.existsSync(indexHtml)) return c.text('The web app is not built. Run `npm start` (it builds first).', 503);
  c.header('cache-control', 'no-cache');
  return c.html(fs.readFileSync(indexHtml, 'utf8'));
});

const sample = production
  ? undefined
  : await sampleDeliveredAwb(dbh.db);

const server = serve({ fetch: root.fetch, port, hostname: host }, (info) => {
  const url = `http://${host === '0.0.0.0' ? 'localhost' : host}:${info.port}`;
  console.log(`\nShipDesk is running at ${url}${production ? ` (production; public address ${config.publicUrl})` : ''}\n`);
  if (production) return;
  console.log('Demo mode (NODE_ENV is not production). Demo logins (choose the matching app on the sign-in page):');
  for (const l of DEMO_LOGINS) console.log(`  ${l.role.padEnd(10)} app=${l.appType.padEnd(7)} ${l.email.padEnd(24)} ${l.password}`);
  if (sample?.tracking_number) console.log(`\nPublic tracking: ${url}/track/${sample.tracking_number}\n`);
});

const stop = async () => {
  stopJobs();
  stopTasks();
  stopPolling();
  stopMaintenance();
  stopHistory();
  server.close();
  await dbh.destroy();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
