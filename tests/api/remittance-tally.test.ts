import { XMLParser } from 'fast-xml-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_COMPANIES } from '../../db/seed';
import { DEMO_LOGINS } from '../../db/seed-data';
import { makeTestApp, signIn, signInDemo, type Agent, type TestApp } from './helpers';

let app: TestApp;
let db: Awaited<ReturnType<typeof makeTestApp>>['db'];
let finance: Agent;
let seller: Agent;
const FIN = DEMO_LOGINS.find((l) => l.role === 'finance')!;
const CO = DEMO_COMPANIES[0].id;
type Order = { id: string; tracking_number: string; cod_paise: number; shop_order_id: string; company_id: string };
let ours: Order[];
let other: Order;

const b64 = (s: string) => Buffer.from(s).toString('base64');
const rupees = (p: number) => `₹${Math.floor(p / 100).toLocaleString('en-IN')}.${String(p % 100).padStart(2, '0')}`;
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_', parseTagValue: false, isArray: (n) => n === 'TALLYMESSAGE' || n === 'ALLLEDGERENTRIES.LIST' });
type Entry = { LEDGERNAME: string; ISDEEMEDPOSITIVE: string; AMOUNT: string; ISPARTYLEDGER?: string };
type Voucher = Record<string, string> & { 'ALLLEDGERENTRIES.LIST': Entry[] };
const paise = (amount: string) => Math.round(Number(amount) * 100);

async function tally(agent: Agent, query: string) {
  const res = await app.request(`/api/finance/remittances/tally?${query}`, { headers: { cookie: agent.cookie } });
  const text = await res.text();
  if (res.status !== 200) return { status: res.status, body: JSON.parse(text) as { message: string }, vouchers: [] as Voucher[] };
  expect(res.headers.get('content-type')).toContain('application/xml');
  const doc = parser.parse(text);
  expect(doc.ENVELOPE.HEADER.TALLYREQUEST).toBe('Import Data');
  const messages = (doc.ENVELOPE.BODY.IMPORTDATA.REQUESTDATA.TALLYMESSAGE ?? []) as { VOUCHER: Voucher }[];
  return { status: res.status, body: null, vouchers: messages.map((m) => m.VOUCHER) };
}

beforeAll(async () => {
  ({ app, db } = await makeTestApp({ orders: 300 }));
  finance = await signIn(app, FIN.email, FIN.password, 'finance');
  seller = await signInDemo(app, 'seller');
  const delivered = db.selectFrom('orders').select(['id', 'tracking_number', 'cod_paise', 'shop_order_id', 'company_id'])
    .where('status', '=', 'DELIVERED').where('payment_mode', '=', 'cod').where('tracking_number', 'is not', null).where('cod_paise', '>', 1000).orderBy('id');
  ours = (await delivered.where('company_id', '=', CO).limit(4).execute()) as Order[];
  other = (await delivered.where('company_id', '!=', CO).executeTakeFirstOrThrow()) as Order;
  const [a, b, c, d] = ours;
  const csv = ['Waybill,COD Amount,UTR No,Remittance Date',
    `${a.tracking_number},"${rupees(a.cod_paise)}",UTR-T1,05/01/2026`,
    `${b.tracking_number},"${rupees(b.cod_paise - 100)}",UTR-T1,05/01/2026`,
    `${other.tracking_number},"${rupees(other.cod_paise)}",UTR-T1,05/01/2026`,
    `${c.tracking_number},"${rupees(c.cod_paise)}",UTR-T2,12/01/2026`,
    `${d.tracking_number},"${rupees(d.cod_paise)}",UTR-T3,20/01/2026`].join('\n');
  const imp = await finance.json('/api/finance/remittances/import', { method: 'POST', body: { courier: 'delhivery', fileName: 'r.csv', contentBase64: b64(csv) } });
  expect(imp.status).toBe(200);
  // The bank credited UTR-T1 and UTR-T2 in full; UTR-T3 never arrived.
  const t1 = a.cod_paise + b.cod_paise - 100 + other.cod_paise;
  const bank = `UTR,Credit\nUTR-T1,"${rupees(t1)}"\nUTR-T2,"${rupees(c.cod_paise)}"`;
  const r = await finance.json('/api/finance/remittances/bank-statement', { method: 'POST', body: { fileName: 'bank.csv', contentBase64: b64(bank) } });
  expect(r.body).toMatchObject({ matchedUtrs: 2 });
}, 60_000);

describe('COD receipts in the Tally export', () => {
  it("posts one receipt voucher per bank-matched UTR for the company: bank debited, courier credited, the company's orders named", async () => {
    const [a, b, c, d] = ours;
    const r = await tally(finance, `companyId=${CO}`);
    expect(r.status).toBe(200);
    expect(r.vouchers.map((v) => v.REFERENCE)).toEqual(['UTR-T1', 'UTR-T2']);
    const [t1, t2] = r.vouchers;
    expect(t1['@_VCHTYPE']).toBe('Receipt');
    expect(t1.VOUCHERTYPENAME).toBe('Receipt');
    expect(t1.DATE).toBe('20260105');
    // Only this company's part of UTR-T1: the other company's order is in its own books.
    const own = a.cod_paise + b.cod_paise - 100;
    expect(t1['ALLLEDGERENTRIES.LIST'].map((e) => [e.LEDGERNAME, e.ISDEEMEDPOSITIVE, paise(e.AMOUNT)])).toEqual([
      ['Bank Account', 'Yes', -own],
      ['Delhivery COD', 'No', own],
    ]);
    expect(t1.NARRATION).toContain(a.shop_order_id);
    expect(t1.NARRATION).toContain(b.shop_order_id);
    expect(t1.NARRATION).not.toContain(other.shop_order_id);
    expect(t2.DATE).toBe('20260112');
    expect(paise(t2['ALLLEDGERENTRIES.LIST'][1].AMOUNT)).toBe(c.cod_paise);
    // The remittance the bank never credited is not received.
    expect(r.vouchers.some((v) => v.NARRATION.includes(d.shop_order_id))).toBe(false);
  });

  it('takes the days remitted, and each voucher balances', async () => {
    const r = await tally(finance, `companyId=${CO}&from=2026-01-10&to=2026-01-31`);
    expect(r.vouchers.map((v) => v.REFERENCE)).toEqual(['UTR-T2']);
    for (const v of r.vouchers) expect(v['ALLLEDGERENTRIES.LIST'].reduce((s, e) => s + paise(e.AMOUNT), 0)).toBe(0);
  });

  it("gives the other company its own receipt for UTR-T1", async () => {
    const r = await tally(finance, `companyId=${other.company_id}`);
    expect(r.vouchers).toHaveLength(1);
    expect(paise(r.vouchers[0]['ALLLEDGERENTRIES.LIST'][0].AMOUNT)).toBe(-other.cod_paise);
  });

  it('is refused to a seller with a reason, and a bad date is named', async () => {
    const s = await tally(seller, `companyId=${CO}`);
    expect(s.status).toBe(403);
    expect(s.body!.message).toBe('You are not allowed to do this');
    const bad = await tally(finance, `companyId=${CO}&from=05/01/2026`);
    expect(bad.status).toBe(400);
    expect(bad.body!.message).toBe('Choose a date');
  });
});
