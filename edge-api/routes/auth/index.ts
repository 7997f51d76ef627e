import { randomBytes } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import { authenticateSchema, INVALID_CREDENTIALS, loginSchema, selectCompaniesSchema, TOO_MANY_ATTEMPTS, WRONG_APP_TYPE } from '../../../domain/auth';
import { uuidv7 } from '../../../domain/ids';
import { AUTH_CODES } from '../../../domain/messages';
import { companySignupSchema, warehouseSignupSchema } from '../../../domain/profile';
import { roleForAppType } from '../../../domain/roles';
import { hashPassword, verifyPassword } from '../../../db/password';
import type { Db } from '../../../db/connect';
import type { AppEnv, SessionInfo } from '../../env';
import { ApiFailure, conflict } from '../../lib/errors';
import { v } from '../../lib/validate';
import { hashToken, requireRole, requireSession, SESSION_COOKIE } from '../../middleware/session';
import { loadProfile } from '../profile/queries';

const SESSION_DAYS = 14;
const MAX_FAILURES = 5;
const WINDOW_MS = 15 * 60_000;
const LOCK_MS = 15 * 60_000;
const token = () => randomBytes(32).toString('base64url');

/** Failed sign-ins per e-mail and per client address: the 6th within 15 minutes is refused for 15 minutes. */
async function checkLocked(db: Db, keys: string[]) {
  const now = new Date().toISOString();
  const rows = await db.selectFrom('login_attempts').selectAll().where('key', 'in', keys).execute();
  const locked = rows.find((r) => r.locked_until && r.locked_until > now);
  if (locked) {
    const retry = Math.ceil((Date.parse(locked.locked_until!) - Date.now()) / 1000);
    throw new ApiFailure(429, TOO_MANY_ATTEMPTS, undefined, { retryAfter: retry });
  }
}
async function recordFailure(db: Db, keys: string[]) {
  const now = Date.now();
  for (const key of keys) {
    const row = await db.selectFrom('login_attempts').selectAll().where('key', '=', key).executeTakeFirst();
    const fresh = !row || now - Date.parse(row.window_start) > WINDOW_MS;
    const failures = fresh ? 1 : row!.failures + 1;
    const values = {
      failures,
      window_start: fresh ? new Date(now).toISOString() : row!.window_start,
      locked_until: failures >= MAX_FAILURES ? new Date(now + LOCK_MS).toISOString() : null,
    };
    if (row) await db.updateTable('login_attempts').set(values).where('key', '=', key).execute();
    else await db.insertInto('login_attempts').values({ key, ...values }).execute();
  }
}

function clientKey(c: Context<AppEnv>) {
  const fwd = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return `ip:${fwd || env?.incoming?.socket?.remoteAddress || 'local'}`;
}

/** What the app needs after sign-in: the auth state of part 1 §3. */
export async function sessionPayload(db: Db, s: SessionInfo) {
  const companies =
    s.role === 'admin'
      ? await db.selectFrom('companies').select(['id', 'name', 'is_d2r']).orderBy('name').execute()
      : s.role === 'seller'
        ? await db.selectFrom('companies').select(['id', 'name', 'is_d2r']).where('id', '=', s.companyId ?? '').execute()
        : await db
            .selectFrom('warehouse_companies')
            .innerJoin('companies', 'companies.id', 'warehouse_companies.company_id')
            .select(['companies.id', 'companies.name', 'companies.is_d2r'])
            .where('warehouse_companies.warehouse_id', '=', s.warehouseId ?? '')
            .orderBy('companies.name')
            .execute();
  return {
    isLogined: true,
    role: s.role,
    xsrfToken: s.xsrfToken,
    user: { id: s.userId, name: s.name, email: s.email },
    profile: await loadProfile(db, s),
    companyData: companies.map((c) => ({ id: c.id, name: c.name, isD2R: c.is_d2r === 1 })),
    selectedCompanyIds: s.selectedCompanyIds,
    warehouseId: s.warehouseId,
    companyId: s.companyId,
  };
}

async function linkedCompanyIds(db: Db, warehouseId: string) {
  const rows = await db
    .selectFrom('warehouse_companies')
    .innerJoin('companies', 'companies.id', 'warehouse_companies.company_id')
    .select('companies.id')
    .where('warehouse_id', '=', warehouseId)
    .orderBy('companies.name')
    .execute();
  return rows.map((r) => r.id);
}

export const authRoutes = new Hono<AppEnv>()
  .post('/authenticate', v('json', authenticateSchema), async (c) => {
    const db = c.var.dbh.db;
    const body = c.req.valid('json');
    const keys = [`email:${body.email}`, clientKey(c)];
    await checkLocked(db, keys);
    const user = await db.selectFrom('users').selectAll().where('email', '=', body.email).executeTakeFirst();
    if (!user || !(await verifyPassword(body.password, user.password_hash))) {
      await recordFailure(db, keys);
      throw new ApiFailure(401, INVALID_CREDENTIALS);
    }
    const role = roleForAppType(body.appType);
    if (user.role !== role) throw new ApiFailure(403, WRONG_APP_TYPE);
    await db.deleteFrom('login_attempts').where('key', '=', keys[0]).execute();
    const oauthCode = token();
    const xsrfToken = token();
    const now = Date.now();
    await db.insertInto('auth_codes').values({
      code: hashToken(oauthCode), user_id: user.id, role, xsrf_token: xsrfToken, state: body.state ?? null,
      redirect_url: body.redirectUrl ?? null, created_at: new Date(now).toISOString(),
      expires_at: new Date(now + 5 * 60_000).toISOString(), used: 0,
    }).execute();
    return c.json({ status: true, xsrfToken, oauthCode, state: body.state ?? null, redirect_url: body.redirectUrl ?? null });
  })
  .post('/login', v('json', loginSchema), async (c) => {
    const db = c.var.dbh.db;
    if (c.var.session) {
      return c.json({ status: true, code: AUTH_CODES.alreadyLoggedIn, message: 'Already logged in', data: await sessionPayload(db, c.var.session) });
    }
    const { oauthCode } = c.req.valid('json');
    const code = await db.selectFrom('auth_codes').selectAll().where('code', '=', hashToken(oauthCode)).executeTakeFirst();
    if (!code || code.used || code.expires_at < new Date().toISOString()) throw new ApiFailure(401, 'Sign-in link expired. Please sign in again.');
    if (c.req.header('x-xsrf-token') !== code.xsrf_token) throw new ApiFailure(403, 'Invalid or missing XSRF token');
    const claimed = await db.updateTable('auth_codes').set({ used: 1 }).where('code', '=', code.code).where('used', '=', 0).executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) throw new ApiFailure(401, 'Sign-in link expired. Please sign in again.');
    const user = await db.selectFrom('users').selectAll().where('id', '=', code.user_id).executeTakeFirstOrThrow();
    const linked = user.role === 'warehouse' && user.warehouse_id ? await linkedCompanyIds(db, user.warehouse_id) : [];
    const selected = linked.slice(0, 1);
    const sessionToken = token();
    const now = Date.now();
    const expires = new Date(now + SESSION_DAYS * 86_400_000);
    const id = hashToken(sessionToken);
    await db.insertInto('sessions').values({
      id, user_id: user.id, role: code.role, xsrf_token: code.xsrf_token, selected_company_ids: JSON.stringify(selected),
      created_at: new Date(now).toISOString(), expires_at: expires.toISOString(),
    }).execute();
    setCookie(c, SESSION_COOKIE, sessionToken, {
      httpOnly: true, sameSite: 'Lax', path: '/', secure: c.var.config.secureCookies, expires,
    });
    const session: SessionInfo = {
      id, userId: user.id, role: code.role, name: user.name, email: user.email, companyId: user.company_id,
      warehouseId: user.warehouse_id, xsrfToken: code.xsrf_token, selectedCompanyIds: selected,
    };
    return c.json({ status: true, code: AUTH_CODES.loggedIn, message: 'Login successful', data: await sessionPayload(db, session) });
  })
  .get('/session', async (c) => {
    const s = c.var.session;
    if (!s) return c.json({ isLogined: false as const });
    return c.json(await sessionPayload(c.var.dbh.db, s));
  })
  .post('/logout', async (c) => {
    const s = c.var.session;
    if (s) await c.var.dbh.db.deleteFrom('sessions').where('id', '=', s.id).execute();
    deleteCookie(c, SESSION_COOKIE, { path: '/' });
    return c.json({ status: true, message: 'Logged out' });
  })
  .post('/signup/company', v('json', companySignupSchema), async (c) => {
    const db = c.var.dbh.db;
    const body = c.req.valid('json');
    const email = body.email.toLowerCase();
    if (await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()) {
      throw conflict('An account with this email already exists');
    }
    const now = new Date().toISOString();
    const companyId = uuidv7();
    const hash = await hashPassword(body.password);
    await db.transaction().execute(async (tx) => {
      await tx.insertInto('companies').values({
        id: companyId, name: body.name, email, phone: body.phone, pan: body.pan.toUpperCase(), gst: body.gst.toUpperCase(),
        website: body.website, poc: body.poc, poc_phone: body.pocPhone, address: JSON.stringify(body.address),
        warehouse_requirement: body.warehouseRequirement ?? null, is_d2r: 0, whatsapp_ndr_active: 0, clickpost_active: 0,
        approve_rts_returns: 0, tracking_layout: null, created_at: now,
      }).execute();
      await tx.insertInto('users').values({
        id: uuidv7(), email, password_hash: hash, role: 'seller', name: body.poc, company_id: companyId, warehouse_id: null, created_at: now,
      }).execute();
    });
    return c.json({ status: true, code: AUTH_CODES.signedUp, message: 'Signup successful. Please login.' }, 201);
  })
  .post('/signup/warehouse', v('json', warehouseSignupSchema), async (c) => {
    const db = c.var.dbh.db;
    const body = c.req.valid('json');
    const email = body.email.toLowerCase();
    if (await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()) {
      throw conflict('An account with this email already exists');
    }
    const now = new Date().toISOString();
    const warehouseId = uuidv7();
    const hash = await hashPassword(body.password);
    await db.transaction().execute(async (tx) => {
      await tx.insertInto('warehouses').values({
        id: warehouseId, code: `WH${warehouseId.slice(-6).toUpperCase()}`, name: body.name, email, phone: body.phone,
        pan: body.pan.toUpperCase(), gst: body.gst.toUpperCase(), website: body.website, address: JSON.stringify(body.address),
        invoice_prefix: null, b2b_invoice_prefix: null, b2c_index: 0, b2b_index: 0, active: 1, created_at: now,
      }).execute();
      await tx.insertInto('users').values({
        id: uuidv7(), email, password_hash: hash, role: 'warehouse', name: body.name, company_id: null, warehouse_id: warehouseId, created_at: now,
      }).execute();
    });
    return c.json({ status: true, code: AUTH_CODES.signedUp, message: 'Signup successful. Please login.' }, 201);
  })
  .put('/selected-companies', requireRole('warehouse'), v('json', selectCompaniesSchema), async (c) => {
    const s = requireSession(c);
    const db = c.var.dbh.db;
    const { companyIds } = c.req.valid('json');
    const linked = new Set(await linkedCompanyIds(db, s.warehouseId ?? ''));
    const bad = companyIds.filter((id) => !linked.has(id));
    if (bad.length) throw new ApiFailure(404, 'Company not found', bad.map((id) => ({ path: 'companyIds', message: `Unknown company ${id}` })));
    const unique = [...new Set(companyIds)];
    await db.updateTable('sessions').set({ selected_company_ids: JSON.stringify(unique) }).where('id', '=', s.id).execute();
    return c.json({ status: true, selectedCompanyIds: unique });
  });
