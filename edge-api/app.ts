import { Hono } from 'hono';
import pino, { type Logger } from 'pino';
import type { DbHandle } from '../db/connect';
import type { AppConfig, AppEnv } from './env';
import { buildOpenApi } from './lib/openapi';
import { onError, requestId } from './middleware/errors';
import { loadSession, requireXsrf } from './middleware/session';
import { authRoutes } from './routes/auth';
import { billingRoutes } from './routes/billing';
import { catalogueRoutes } from './routes/catalogue';
import { floorRoutes } from './routes/floor';
import { jobsRoutes } from './routes/jobs';
import { ordersRoutes } from './routes/orders';
import { profileRoutes } from './routes/profile';
import { publicLookupRoutes, trackingRoutes } from './routes/tracking';
import { uploadsRoutes } from './routes/uploads';

export type CreateAppOptions = { dbh: DbHandle; config?: Partial<AppConfig>; logger?: Logger };

export function defaultConfig(over: Partial<AppConfig> = {}): AppConfig {
  return {
    secureCookies: process.env.SECURE_COOKIES === '1',
    dataDir: process.env.DATA_DIR ?? 'data',
    signingKey: process.env.SIGNING_KEY ?? 'dev-signing-key-change-me',
    publicUrl: process.env.PUBLIC_URL ?? 'http://127.0.0.1:8080',
    smtpUrl: process.env.SMTP_URL,
    limits: { labelsDirect: Number(process.env.LABELS_DIRECT_LIMIT ?? 500), csvRowsDirect: Number(process.env.CSV_DIRECT_LIMIT ?? 100_000) },
    ...over,
  };
}

/** Builds the API (no port). `server.ts` serves it; tests call `app.request()`. */
export function createApp(opts: CreateAppOptions) {
  const config = defaultConfig(opts.config);
  const log = opts.logger ?? pino({ level: process.env.LOG_LEVEL ?? 'info' });

  const api = new Hono<AppEnv>()
    .route('/auth', authRoutes)
    .route('/profile', profileRoutes)
    .route('/', ordersRoutes)
    .route('/', floorRoutes)
    .route('/', trackingRoutes)
    .route('/', catalogueRoutes)
    .route('/', billingRoutes)
    .route('/', uploadsRoutes)
    .route('/', jobsRoutes)
    .get('/health', (c) => c.json({ status: true, dialect: c.var.dbh.dialect }));

  const app = new Hono<AppEnv>();
  app.use('/api/*', async (c, next) => {
    c.set('dbh', opts.dbh);
    c.set('config', config);
    c.set('log', log);
    await next();
  });
  app.onError(onError);
  // The public tracking lookup (anonymous, read-only, the hottest path) answers
  // ahead of the session and XSRF middleware, which it does not need; it sets
  // its request id and answers its errors itself (routes/tracking/public.ts).
  const early = app.route('/api', publicLookupRoutes);
  app.use('/api/*', requestId, loadSession, requireXsrf);
  const routed = early.route('/api', api);
  app.get('/api/openapi.json', (c) => c.json(buildOpenApi(app, { title: 'ShipDesk API', version: '1' })));
  app.all('/api/*', (c) => c.json({ status: false, message: 'Not found' }, 404));
  return routed;
}

export type AppType = ReturnType<typeof createApp>;
