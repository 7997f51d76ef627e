import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../../db/seed-data';
import { company } from './orders-fixtures';
import { makeTestApp, signIn, signInDemo, type Agent, type TestApp } from './helpers';

let app: TestApp;
let db: Awaited<ReturnType<typeof makeTestApp>>['db'];
let finance: Agent;
let seller: Agent;
let admin: Agent;
let warehouse: Agent;
const FIN = DEMO_LOGINS.find((l) => l.role === 'finance')!;

beforeAll(async () => {
  ({ app, db } = await makeTestApp({ orders: 300 }));
  [seller, admin, warehouse] = await Promise.all([signInDemo(app, 'seller'), signInDemo(app, 'admin'), signInDemo(app, 'warehouse')]);
  finance = await signIn(app, FIN.email, FIN.password, 'finance');
}, 60_000);

const parseCsv = (text: string) => text.trim().split('\r\n').map((l) => l.split(','));

describe('finance user', () => {
  it('signs in to the finance app only, and its session says finance', async () => {
    const s = await finance.json('/api/auth/session');
    expect(s.body).toMatchObject({ isLogined: true, role: 'finance', user: { email: 'finance@shipdesk.in' } });
    await expect(signIn(app, FIN.email, FIN.password, 'seller')).rejects.toThrow(/403/);
  });

  it('downloads the brands CSV: orders and value per brand and status', async () => {
    const r = await finance.request('/api/finance/brands/csv?statuses=DELIVERED,PLACED');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toContain('text/csv');
    const rows = parseCsv(await r.text());
    expect(rows[0]).toEqual(['Brand', 'Status', 'Orders', 'Order Value (INR)', 'COD Value (INR)']);
    const delivered = await db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).where('company_id', '=', company(0)).where('status', '=', 'DELIVERED').executeTakeFirstOrThrow();
    const chai = rows.find((x) => x[0] === 'Chai Point Retail Pvt Ltd' && x[1] === 'DELIVERED')!;
    expect(Number(chai[2])).toBe(Number(delivered.n));
    expect(new Set(rows.slice(1).map((x) => x[1]))).toEqual(new Set(['DELIVERED', 'PLACED']));
  });

  it('needs a date range when the chosen statuses include DTO statuses', async () => {
    const r = await finance.json('/api/finance/brands/csv?statuses=DELIVERED,DTO_DELIVERED');
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('Date range is required when DTO statuses are selected');
    const ok = await finance.request('/api/finance/brands/csv?statuses=DTO_DELIVERED&startDate=2026-01-01&endDate=2026-12-31');
    expect(ok.status).toBe(200);
    const empty = await finance.request('/api/finance/brands/csv?statuses=DTO_DELIVERED&startDate=2020-01-01&endDate=2020-01-31');
    expect(parseCsv(await empty.text())).toHaveLength(1);
  });
});

describe('role matrix with the finance role', () => {
  const routes: [string, string, unknown?][] = [
    ['GET', '/api/finance/brands/csv'],
    ['GET', '/api/orders'],
    ['GET', '/api/orders/counts'],
    ['GET', '/api/ums/profile/preferences'],
    ['GET', '/api/ums/profile/deliveryPartners'],
    ['GET', '/api/ums/profile/companies/find?companyName=a'],
    ['POST', '/api/admin/promoter/list', {}],
    ['GET', '/api/admin/audit-log'],
    ['GET', '/api/catalogue/company/' + 'c0000000-0000-7000-8000-000000000001'],
  ];
  const expected: Record<string, Record<string, number>> = {
    finance: { '/api/finance/brands/csv': 200, default: 403 },
    seller: { '/api/finance/brands/csv': 403, '/api/ums/profile/companies/find?companyName=a': 403, '/api/admin/promoter/list': 403, '/api/admin/audit-log': 403, default: 200 },
    warehouse: { '/api/finance/brands/csv': 403, '/api/ums/profile/preferences': 403, '/api/ums/profile/companies/find?companyName=a': 403, '/api/admin/promoter/list': 403, '/api/admin/audit-log': 403, default: 200 },
    admin: { '/api/ums/profile/preferences': 400, default: 200 },
  };

  it('lets each role reach exactly its routes', async () => {
    const agents: Record<string, Agent> = { finance, seller, warehouse, admin };
    const got: Record<string, Record<string, number>> = {};
    const want: Record<string, Record<string, number>> = {};
    for (const [role, agent] of Object.entries(agents)) {
      got[role] = {};
      want[role] = {};
      for (const [method, path, body] of routes) {
        got[role][path] = (await agent.request(path, { method, body })).status;
        want[role][path] = expected[role][path] ?? expected[role].default;
      }
    }
    expect(got).toEqual(want);
  });
});
