import { Hono } from 'hono';
import pino, { type Logger } from 'pino';
import type { DbHandle } from '../db/connect';
import { loadConfig } from './config';
import type { AppConfig, AppEnv } from './env';
import { buildOpenApi } from './lib/openapi';
import { addressLimit } from './middleware/address-limit';
import { bodyLimits } from './middleware/body-limit';
import { clientAddress } from './middleware/client-address';
import { onError, requestId } from './middleware/errors';
import { securityHeaders } from './middleware/security-headers';
import { loadSession, requireXsrf } from './middleware/session';
import { adminRoutes } from './routes/admin';
import { authRoutes } from './routes/auth';
import { billingRoutes } from './routes/billing';
import { bulkRoutes } from './routes/bulk';
import { catalogueRoutes } from './routes/catalogue';
import { floorRoutes } from './routes/floor';
import { installRoutes } from './routes/install';
import { jobsRoutes } from './routes/jobs';
import { preferencesRoutes } from './routes/preferences';
import { auditRoutes } from './routes/preferences/audit';
import { promotersRoutes } from './routes/promoters';
import { ordersRoutes } from './routes/orders';
import { profileRoutes } from './routes/profile';
import { publicLookupRoutes, trackingRoutes } from './routes/tracking';
import { uploadsRoutes } from './routes/uploads';

export type CreateAppOptions = { dbh: DbHandle; config?: Partial<AppConfig>; logger?: Logger };

/** The settings from the environment (edge-api/config.ts), with `over` on top. */
export function defaultConfig(over: Partial<AppConfig> = {}): AppConfig {
  return loadConfig(process.env, over);
}

/** Builds the API (no port). `server.ts` serves it; tests call `app.request()`. */
export function createApp(opts: CreateAppOptions) {
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
    .get('/health', (c) => c.json({ status: true, dialect: c.var.dbh.dialect }));

  const app = new Hono<AppEnv>();
  app.use('/api/*', async (c, next) => {
    c.set('dbh', opts.dbh);
    c.set('config', config);
    c.set('log', log);
    await next();
  });
  app.onError(onError);
  app.use('/api/*', bodyLimits());
  app.use('/api/auth/*', clientAddress(config.trustedProxies), addressLimit(config.auth.addressLimit));
  // The public tracking lookup (anonymous, read-only, the hottest path) answers
  // ahead of the session and XSRF middleware, which it does not need; it sets
  // its request id and answers its errors itself (routes/tracking/public.ts).
  const early = app.route('/api', publicLookupRoutes);
  // Every other answer, refusals and 404s included (the lookup above sets the same headers itself).
  app.use('*', securityHeaders({ hsts: config.hsts }));
  app.use('/api/*', requestId, loadSession, requireXsrf);
  const routed = early.route('/api', api);
  app.get('/api/openapi.json', (c) => c.json(buildOpenApi(app, { title: 'ShipDesk API', version: '1' })));
  app.all('/api/*', (c) => c.json({ status: false, message: 'Not found' }, 404));
  return routed;
}

export type AppType = ReturnType<typeof createApp>;
