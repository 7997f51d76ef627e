import { Hono } from 'hono';
import pino, { type Logger } from 'pino';
import type { DbHandle } from '../db/connect';
import { loadConfig } from './config';
import type { AppConfig, AppEnv } from './env';
import { buildOpenApi } from './lib/openapi';
import { memoryRateCounter, type RateCounter } from './lib/rate-counter';
import { countersOf, sharedRateCounter } from './lib/counters';
import { lookupLimit } from './middleware/public-lookup-limit';
import { addressLimit } from './middleware/address-limit';
import { bodyLimits } from './middleware/body-limit';
import { clientAddress } from './middleware/client-address';
import { apiRequest } from './middleware/api-request';
import { onError } from './middleware/errors';
import { securityHeaders } from './middleware/security-headers';
import { adminRoutes } from './routes/admin';
import { authRoutes } from './routes/auth';
import { billingRoutes } from './routes/billing';
import { bulkRoutes } from './routes/bulk';
import { catalogueRoutes } from './routes/catalogue';
import { floorRoutes } from './routes/floor';
import { installRoutes } from './routes/install';
import { integrationsRoutes } from './routes/integrations';
import { channelWebhookRoutes } from './routes/integrations/channels';
import { jobsRoutes } from './routes/jobs';
import { preferencesRoutes } from './routes/preferences';
import { auditRoutes } from './routes/preferences/audit';
import { promotersRoutes } from './routes/promoters';
import { ordersRoutes } from './routes/orders';
import { profileRoutes } from './routes/profile';
import { publicLookup, trackingRoutes } from './routes/tracking';
import { uploadsRoutes } from './routes/uploads';
import { HealthResponse } from '../domain/api';
import { responds } from './lib/responds';

export type CreateAppOptions = {
  dbh: DbHandle;
  config?: Partial<AppConfig>;
  logger?: Logger;
  /** Where the public limits count (one counter per window); this process's memory by default. */
  rateCounter?: (windowMs: number) => RateCounter;
};

/** The settings from the environment (edge-api/config.ts), with `over` on top. */
export function defaultConfig(over: Partial<AppConfig> = {}): AppConfig {
  return loadConfig(process.env, over);
}

/** Builds the API (no port). `server.ts` serves it (through `createServedApp`); tests call `app.request()`. */
export function createApp(opts: CreateAppOptions) {
  return createServedApp(opts).app;
}

/**
 * The API as `server.ts` serves it: the app, and its public tracking lookup's handler (GET
 * /api/order/:awb, the app's first route) for the server's root to route first among its own few
 * routes, ahead of the app's several hundred (whose router is a trie: Hono's faster RegExpRouter
 * refuses the spec's paths, such as /api/orders/:id beside /api/orders/unblock-inventory/:id). The
 * same handler answers inside the app, as tests and /api/openapi.json see it.
 */
export function createServedApp(opts: CreateAppOptions) {
  const config = defaultConfig(opts.config);
  const log = opts.logger ?? pino({ level: process.env.LOG_LEVEL ?? 'info' });

  const api = new Hono<AppEnv>()
    .route('/', auditRoutes) // first: its middleware records every admin write of the routes below
    .route('/auth', authRoutes)
    .route('/profile', profileRoutes)
    .route('/', ordersRoutes)
    .route('/', floorRoutes)
    .route('/', trackingRoutes)
    .route('/', catalogueRoutes)
    .route('/', billingRoutes)
    .route('/', uploadsRoutes)
    .route('/', jobsRoutes)
    .route('/', preferencesRoutes)
    .route('/', promotersRoutes)
    .route('/', bulkRoutes)
    .route('/', adminRoutes)
    .route('/', installRoutes)
    .route('/', integrationsRoutes)
    .route('/', channelWebhookRoutes)
    .get('/health', responds(HealthResponse), (c) => c.json({ status: true as const, dialect: c.var.dbh.dialect } satisfies HealthResponse));

  const app = new Hono<AppEnv>();
  app.onError(onError);
  // The public tracking lookup (anonymous, read-only, the hottest path) answers
  // ahead of every middleware below, which it does not need (it is given what
  // the first one sets); it sets its request id and the security headers and
  // answers its errors itself (routes/tracking/public.ts). Registered first, it
  // is the first handler of its requests and never calls the next; a remembered
  // answer is sent without waiting on anything.
  // The budgets are the app's counter (edge-api/lib/counters.ts): shared by every process on PostgreSQL or
  // Redis; with SQLite alone (one process) this process's memory, which a remembered answer can charge at once.
  const shared = countersOf(opts.dbh, config);
  const counter = opts.rateCounter ?? (shared.kind === 'memory' ? ((windowMs: number) => memoryRateCounter({ windowMs })) : null);
  const { windowMs } = config.publicLookup;
  const limit = lookupLimit(config.publicLookup, counter
    ? { budget: counter(windowMs), seen: counter(windowMs) }
    : { budget: sharedRateCounter(shared, 'lookup-budget', windowMs), seen: sharedRateCounter(shared, 'lookup-seen', windowMs) });
  const lookup = publicLookup({ dbh: opts.dbh, config, log, limit });
  const early = app.route('/api', lookup.routes);
  // One middleware for what every API request needs first: the app's handles, then its body limit.
  const limits = bodyLimits();
  app.use('/api/*', (c, next) => {
    c.set('dbh', opts.dbh);
    c.set('config', config);
    c.set('log', log);
    c.set('lookupLimit', limit);
    return limits(c, next);
  });
  app.use('/api/auth/*', clientAddress(config.trustedProxies), addressLimit(config.auth.addressLimit));
  // Every other answer, refusals and 404s included (the lookup above sets the same headers itself).
  app.use('*', securityHeaders({ hsts: config.hsts }));
  app.use('/api/*', apiRequest); // requestId, loadSession, requireXsrf in one
  const routed = early.route('/api', api);
  app.get('/api/openapi.json', (c) => c.json(buildOpenApi(app, { title: 'ShipDesk API', version: '1' })));
  app.all('/api/*', (c) => c.json({ status: false, message: 'Not found' }, 404));
  return { app: routed, publicLookup: lookup.handler };
}
