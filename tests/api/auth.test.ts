import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_COMPANIES } from '../../db/seed';
import { anonymous, makeTestApp, signIn, signInDemo, type TestApp } from './helpers';

let app: TestApp;
let db: Awaited<ReturnType<typeof makeTestApp>>['db'];
beforeAll(async () => {
  ({ app, db } = await makeTestApp());
});

const companySignup = (over: Record<string, unknown> = {}) => ({
  name: 'Sahyadri Spices Pvt Ltd', email: 'owner@sahyadrispices.in', phone: '9822012345', pan: 'ABCPS1234K',
  gst: '27ABCPS1234K1Z5', website: 'www.sahyadrispices.in', poc: 'Sunita Jadhav', pocPhone: '9922012345',
  address: { line1: '12, FC Road', line2: 'Shivajinagar', city: 'Pune', state: 'Maharashtra', pincode: '411005' },
  password: 'Spice@2026', confirmPassword: 'Spice@2026', ...over,
});

describe('auth flow', () => {
  it('authenticate returns xsrfToken and oauthCode; login answers 000012 and sets an HttpOnly SameSite cookie', async () => {
    const a = await app.request('/api/auth/authenticate', {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'seller@shipdesk.in', password: 'Seller@1234', state: 's1', clientId: 'web', redirectUrl: '/orders' }),
    });
    expect(a.status).toBe(200);
    const auth = await a.json();
    expect(auth.xsrfToken).toMatch(/.{20,}/);
    expect(auth.oauthCode).toMatch(/.{20,}/);
    expect(auth.state).toBe('s1');
    const l = await app.request('/api/auth/login', {
      method: 'POST', headers: { 'content-type': 'application/json', 'x-xsrf-token': auth.xsrfToken },
      body: JSON.stringify({ oauthCode: auth.oauthCode }),
    });
    const body = await l.json();
    expect(l.status).toBe(200);
    expect(body.code).toBe('000012');
    expect(body.data.role).toBe('seller');
    const cookie = l.headers.get('set-cookie')!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    // the code is single use
    const again = await app.request('/api/auth/login', {
      method: 'POST', headers: { 'content-type': 'application/json', 'x-xsrf-token': auth.xsrfToken },
      body: JSON.stringify({ oauthCode: auth.oauthCode }),
    });
    expect(again.status).toBe(401);
  });

  it('login while already signed in answers 000006', async () => {
    const seller = await signInDemo(app, 'seller');
    const r = await seller.json('/api/auth/login', { method: 'POST', body: { oauthCode: 'whatever' } });
    expect(r.status).toBe(200);
    expect(r.body.code).toBe('000006');
  });

  it('logout resets the state', async () => {
    const seller = await signInDemo(app, 'seller');
    expect((await seller.json('/api/auth/session')).body.isLogined).toBe(true);
    const out = await seller.json('/api/auth/logout', { method: 'POST' });
    expect(out.status).toBe(200);
    expect((await seller.json('/api/auth/session')).body.isLogined).toBe(false);
    expect((await seller.json('/api/profile')).status).toBe(401);
  });

  it('wrong password is refused, and failures in a row are slowed down with 429', async () => {
    const attempt = () => anonymous(app).json('/api/auth/authenticate', { method: 'POST', body: { email: 'admin@shipdesk.in', password: 'nope', appType: 'admin' } });
    for (let i = 0; i < 3; i++) expect((await attempt()).status).toBe(401);
    const slowed = await attempt();
    expect(slowed.status).toBe(429);
    expect(slowed.body.retryAfter).toBeGreaterThanOrEqual(1);
    // even the right password waits its turn (tests/api/security-auth.test.ts follows the delays further)
    const right = await anonymous(app).json('/api/auth/authenticate', { method: 'POST', body: { email: 'admin@shipdesk.in', password: 'Admin@1234', appType: 'admin' } });
    expect(right.status).toBe(429);
    await db.deleteFrom('auth_throttle').execute();
  });

  it('an account signs in only to its own app type (seller by default)', async () => {
    const r = await anonymous(app).json('/api/auth/authenticate', { method: 'POST', body: { email: 'admin@shipdesk.in', password: 'Admin@1234' } });
    expect(r.status).toBe(403);
    const w = await anonymous(app).json('/api/auth/authenticate', { method: 'POST', body: { email: 'warehouse@shipdesk.in', password: 'Warehouse@1234', appType: 'seller' } });
    expect(w.status).toBe(403);
  });

  it('unsafe requests without the xsrf header are refused and change nothing', async () => {
    const seller = await signInDemo(app, 'seller');
    const before = (await seller.json('/api/profile')).body.profile;
    const res = await app.request('/api/profile/company', {
      method: 'PUT', headers: { cookie: seller.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ ...before, name: 'Hijacked Pvt Ltd' }),
    });
    expect(res.status).toBe(403);
    expect((await seller.json('/api/profile')).body.profile.name).toBe(before.name);
  });
});

describe('signup', () => {
  it('company signup answers 000027 and the new seller can sign in', async () => {
    const r = await anonymous(app).json('/api/auth/signup/company', { method: 'POST', body: companySignup() });
    expect(r.status).toBe(201);
    expect(r.body.code).toBe('000027');
    const s = await signIn(app, 'owner@sahyadrispices.in', 'Spice@2026', 'seller');
    const profile = (await s.json('/api/profile')).body.profile;
    expect(profile.name).toBe('Sahyadri Spices Pvt Ltd');
  });

  it('warehouse signup answers 000027; landmark and country are required', async () => {
    const body = {
      name: 'Chakan Storage Hub', email: 'ops@chakanhub.in', phone: '9011122233', pan: 'ABCPC1234K', gst: '27ABCPC1234K1Z5',
      website: 'chakanhub.in', password: 'Store#2026', confirmPassword: 'Store#2026',
      address: { line1: 'Gat 45', line2: 'MIDC Phase 2', city: 'Chakan', state: 'Maharashtra', pincode: '410501' },
    };
    const bad = await anonymous(app).json('/api/auth/signup/warehouse', { method: 'POST', body });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: any) => e.message)).toEqual(expect.arrayContaining(['Please enter your Landmark!', 'Please enter your Country!']));
    const ok = await anonymous(app).json('/api/auth/signup/warehouse', { method: 'POST', body: { ...body, address: { ...body.address, landmark: 'Near Toll Plaza', country: 'India' } } });
    expect(ok.status).toBe(201);
    expect(ok.body.code).toBe('000027');
    const w = await signIn(app, 'ops@chakanhub.in', 'Store#2026', 'wms');
    expect((await w.json('/api/auth/session')).body.role).toBe('warehouse');
  });

  it('bad signup input gets 400 with the spec messages and creates nothing', async () => {
    const count = async () => (await db.selectFrom('companies').select((e) => e.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
    const before = Number(await count());
    const r = await anonymous(app).json('/api/auth/signup/company', {
      method: 'POST', body: companySignup({ email: 'x@y.in', phone: '0123456789', pan: 'ABC', confirmPassword: 'Other@2026', poc: '' }),
    });
    expect(r.status).toBe(400);
    expect(r.body.status).toBe(false);
    const messages = r.body.errors.map((e: any) => e.message);
    expect(messages).toContain('The two passwords that you entered do not match!');
    expect(messages).toContain('Please enter your PoC!');
    expect(Number(await count())).toBe(before);
  });

  it('a duplicate e-mail is refused', async () => {
    const r = await anonymous(app).json('/api/auth/signup/company', { method: 'POST', body: companySignup({ email: 'seller@shipdesk.in' }) });
    expect(r.status).toBe(409);
  });

  it('malformed JSON is a 400, not a 500', async () => {
    const res = await app.request('/api/auth/signup/company', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name": ' });
    expect(res.status).toBe(400);
  });
});

describe('roles and tenants', () => {
  it('a seller asking for another company\'s order gets 404; its own order is found', async () => {
    const seller = await signInDemo(app, 'seller');
    const mine = await db.selectFrom('orders').select('id').where('company_id', '=', DEMO_COMPANIES[0].id).executeTakeFirstOrThrow();
    const theirs = await db.selectFrom('orders').select('id').where('company_id', '=', DEMO_COMPANIES[1].id).executeTakeFirstOrThrow();
    expect((await seller.json(`/api/orders/${mine.id}`)).status).toBe(200);
    const r = await seller.json(`/api/orders/${theirs.id}`);
    expect(r.status).toBe(404);
    expect(JSON.stringify(r.body)).not.toContain(theirs.id.slice(-8) + '"');
  });

  it('an admin sees every company\'s orders', async () => {
    const admin = await signInDemo(app, 'admin');
    const theirs = await db.selectFrom('orders').select('id').where('company_id', '=', DEMO_COMPANIES[1].id).executeTakeFirstOrThrow();
    expect((await admin.json(`/api/orders/${theirs.id}`)).status).toBe(200);
  });

  it('a warehouse user sees its selected linked company, defaulting to the first, and can switch', async () => {
    const wh = await signInDemo(app, 'warehouse');
    const session = (await wh.json('/api/auth/session')).body;
    expect(session.companyData.length).toBeGreaterThanOrEqual(3);
    expect(session.selectedCompanyIds).toEqual([session.companyData[0].id]);
    const other = session.companyData[1].id;
    const otherOrder = await db.selectFrom('orders').select('id').where('company_id', '=', other).executeTakeFirstOrThrow();
    expect((await wh.json(`/api/orders/${otherOrder.id}`)).status).toBe(404);
    const sw = await wh.json('/api/auth/selected-companies', { method: 'PUT', body: { companyIds: [other] } });
    expect(sw.status).toBe(200);
    expect((await wh.json(`/api/orders/${otherOrder.id}`)).status).toBe(200);
    // a company the warehouse is not linked to cannot be selected
    const stranger = await wh.json('/api/auth/selected-companies', { method: 'PUT', body: { companyIds: ['c-not-linked'] } });
    expect(stranger.status).toBe(404);
    expect((await wh.json('/api/auth/session')).body.selectedCompanyIds).toEqual([other]);
  });

  it('a seller cannot switch companies', async () => {
    const seller = await signInDemo(app, 'seller');
    const r = await seller.json('/api/auth/selected-companies', { method: 'PUT', body: { companyIds: [DEMO_COMPANIES[1].id] } });
    expect(r.status).toBe(403);
  });
});

describe('profile', () => {
  it('fetches and updates the company profile with validation', async () => {
    const seller = await signInDemo(app, 'seller');
    const p = (await seller.json('/api/profile')).body.profile;
    expect(p.kind).toBe('company');
    const { kind, isD2R, ...editable } = p;
    void kind; void isD2R;
    const bad = await seller.json('/api/profile/company', { method: 'PUT', body: { ...editable, gst: 'SHORT' } });
    expect(bad.status).toBe(400);
    const ok = await seller.json('/api/profile/company', { method: 'PUT', body: { ...editable, website: 'www.chaipoint.in' } });
    expect(ok.status).toBe(200);
    expect((await seller.json('/api/profile')).body.profile.website).toBe('www.chaipoint.in');
  });
});

describe('API basics', () => {
  it('lists every route in /api/openapi.json with schemas from zod', async () => {
    const r = await anonymous(app).json('/api/openapi.json');
    expect(r.status).toBe(200);
    const paths = r.body.paths;
    expect(Object.keys(paths)).toEqual(expect.arrayContaining(['/api/auth/authenticate', '/api/auth/login', '/api/orders/{id}', '/api/profile/company']));
    const signup = paths['/api/auth/signup/company'].post.requestBody.content['application/json'].schema;
    expect(signup.required).toEqual(expect.arrayContaining(['pan', 'gst', 'password', 'confirmPassword']));
    expect(signup.properties.address.properties.pincode.type).toBe('string');
  });

  it('an unknown route is a JSON 404', async () => {
    const r = await anonymous(app).json('/api/does-not-exist');
    expect(r.status).toBe(404);
    expect(r.body.status).toBe(false);
  });
});
