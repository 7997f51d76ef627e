import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../../db/seed-data';
import { makeTestApp, signIn, signInDemo, type Agent, type TestApp } from './helpers';

let app: TestApp;
let db: Awaited<ReturnType<typeof makeTestApp>>['db'];
let finance: Agent;
let seller: Agent;
const FIN = DEMO_LOGINS.find((l) => l.role === 'finance')!;
type Order = { id: string; tracking_number: string; cod_paise: number; delivery_partner_id: string };
let orders: Order[];

const b64 = (s: string | Buffer) => Buffer.from(s).toString('base64');
/** Paise as an accountant writes rupees: "₹1,234.50". */
const rupees = (p: number) => `₹${Math.floor(p / 100).toLocaleString('en-IN')}.${String(p % 100).padStart(2, '0')}`;
const delhiveryCsv = (rows: string[][]) => ['Waybill,COD Amount,UTR No,Remittance Date', ...rows.map((r) => r.map((c) => `"${c}"`).join(','))].join('\n');
const importFile = (agent: Agent, csv: string, courier = 'delhivery', extra: object = {}) =>
  agent.json('/api/finance/remittances/import', { method: 'POST', body: { courier, fileName: 'remit.csv', contentBase64: b64(csv), ...extra } });
const remittanceCount = async () => Number((await db.selectFrom('cod_remittances').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
const overview = async () => (await finance.json('/api/finance/remittances')).body as {
  rows: { id: string; awb: string; flag: string; bankMatched: boolean; settledAt: string | null; amountPaise: number }[];
  notRemitted: { awb: string; days: number }[];
  ageing: Record<string, number | string>[];
};

/** The ageing's total over the couriers of these orders. */
const owedOn = async (os: Order[]) => {
  const couriers = new Set(os.map((o) => o.delivery_partner_id.replace(/^dp-/, '')));
  return (await overview()).ageing.filter((a) => couriers.has(String(a.courier))).reduce((s, a) => s + ['0-7', '8-14', '15-30', '30+'].reduce((t, k) => t + Number(a[k]), 0), 0);
};

beforeAll(async () => {
  ({ app, db } = await makeTestApp({ orders: 400 }));
  seller = await signInDemo(app, 'seller');
  finance = await signIn(app, FIN.email, FIN.password, 'finance');
  orders = (await db
    .selectFrom('orders')
    .select(['id', 'tracking_number', 'cod_paise', 'delivery_partner_id'])
    .where('status', '=', 'DELIVERED')
    .where('payment_mode', '=', 'cod')
    .where('tracking_number', 'is not', null)
    .where('cod_paise', '>', 1000)
    .orderBy('id')
    .execute()) as Order[];
  // Not settled yet, so each counts in the ageing.
  await db.updateTable('orders').set({ remittance_status: 'PROCESSING' }).where('id', 'in', orders.map((o) => o.id)).execute();
}, 60_000);

describe('the finance role', () => {
  it('opens invoices (it was refused, and the page waited for ever)', async () => {
    const r = await finance.json('/api/invoices?page=1&pageSize=10');
    expect(r.status).toBe(200);
    expect(r.body.status).toBe(true);
  });

  it('is refused seller work with a reason, and sellers are refused remittance with one', async () => {
    const r = await finance.json('/api/orders?page=1');
    expect(r.status).toBe(403);
    expect(String(r.body.message)).toMatch(/not allowed/i);
    const s = await seller.json('/api/finance/remittances');
    expect(s.status).toBe(403);
    expect(s.body.message).toBe('You are not allowed to do this');
  });
});

describe('COD remittance import', () => {
  it('needs enough delivered COD orders in the seed', () => {
    expect(orders.length).toBeGreaterThanOrEqual(8);
  });

  it('flags each row: matched, short, excess, unknown AWB, remitted twice; amounts like ₹1,234.50 exactly', async () => {
    const [a, b, c, d] = orders;
    const owedBefore = await owedOn([a, b, c, d]);
    const csv = delhiveryCsv([
      [a.tracking_number, rupees(a.cod_paise), 'UTR-A1', '05/01/2026'],
      [b.tracking_number, rupees(b.cod_paise - 1), 'UTR-A1', '05/01/2026'],
      [c.tracking_number, rupees(c.cod_paise + 250), 'UTR-A1', '05/01/2026'],
      ['NOSUCHAWB123', '₹500.00', 'UTR-A1', '05/01/2026'],
      [d.tracking_number, rupees(d.cod_paise), 'UTR-A1', '31/01/2026'],
      [d.tracking_number, rupees(d.cod_paise), 'UTR-B2', '07/02/2026'],
    ]);
    const r = await importFile(finance, csv);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ rows: 6, added: 6, alreadyImported: 0, flags: { ok: 2, short: 1, excess: 1, unknown_awb: 1, remitted_twice: 1 } });
    const rows = await db.selectFrom('cod_remittances').selectAll().execute();
    const byAwb = (awb: string, utr = 'UTR-A1') => rows.find((x) => x.awb === awb && x.utr === utr)!;
    expect(byAwb(a.tracking_number)).toMatchObject({ flag: 'ok', amount_paise: a.cod_paise, remitted_on: '2026-01-05', order_id: a.id });
    expect(byAwb(b.tracking_number)).toMatchObject({ flag: 'short', amount_paise: b.cod_paise - 1 });
    expect(byAwb(c.tracking_number)).toMatchObject({ flag: 'excess', amount_paise: c.cod_paise + 250 });
    expect(byAwb('NOSUCHAWB123')).toMatchObject({ flag: 'unknown_awb', amount_paise: 50000, order_id: null });
    expect(byAwb(d.tracking_number, 'UTR-B2')).toMatchObject({ flag: 'remitted_twice', remitted_on: '2026-02-07' });
    // The ageing now counts only what is still owed: one paisa of the short one.
    expect(owedBefore - (await owedOn([a, b, c, d]))).toBe(a.cod_paise + b.cod_paise - 1 + c.cod_paise + d.cod_paise);
  });

  it('imports the same file again without adding anything', async () => {
    const before = await remittanceCount();
    const [a, b] = orders;
    const r = await importFile(finance, delhiveryCsv([[a.tracking_number, rupees(a.cod_paise), 'UTR-A1', '05/01/2026'], [b.tracking_number, rupees(b.cod_paise - 1), 'UTR-A1', '05/01/2026']]));
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ added: 0, alreadyImported: 2 });
    expect(await remittanceCount()).toBe(before);
  });

  it('a later file remitting an AWB again under another UTR flags it remitted twice, beside a row it skips as imported', async () => {
    const before = await remittanceCount();
    const [a, b] = orders;
    const r = await importFile(finance, delhiveryCsv([[a.tracking_number, rupees(a.cod_paise), 'UTR-Z9', '09/01/2026'], [b.tracking_number, rupees(b.cod_paise - 1), 'UTR-A1', '05/01/2026']]));
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ added: 1, alreadyImported: 1, flags: { ok: 0, remitted_twice: 1 } });
    expect(await remittanceCount()).toBe(before + 1);
    const row = await db.selectFrom('cod_remittances').selectAll().where('awb', '=', a.tracking_number).where('utr', '=', 'UTR-Z9').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ flag: 'remitted_twice', order_id: a.id, remitted_on: '2026-01-09' });
  });

  it('refuses a file with bad rows whole, saying which row and why', async () => {
    const before = await remittanceCount();
    const [, , , , e, f] = orders;
    const r = await importFile(finance, delhiveryCsv([
      [e.tracking_number, rupees(e.cod_paise), 'UTR-C3', '05/01/2026'],
      [f.tracking_number, '12.34.5', 'UTR-C3', '31/02/2026'],
      ['', '₹10.00', 'UTR-C3', '05/01/2026'],
      [e.tracking_number, rupees(e.cod_paise), 'UTR-C3', '05/01/2026'],
    ]));
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('Nothing was imported: fix the rows listed and upload the file again');
    const messages = (r.body.errors as { message: string }[]).map((x) => x.message);
    expect(messages).toEqual([
      'Row 3: "12.34.5" is not an amount; "31/02/2026" is not a date (DD/MM/YYYY)',
      'Row 4: the AWB is empty',
      'Row 5: the same AWB and UTR as row 2',
    ]);
    expect(await remittanceCount()).toBe(before);
  });

  it('names a missing column', async () => {
    const r = await importFile(finance, 'Waybill,Amount,UTR No,Remittance Date\nX1,10,U,01/01/2026');
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual([{ path: 'amount', message: 'The column "COD Amount" (COD amount) is not in the file' }]);
  });

  it("reads Shiprocket's XLSX layout, and a saved mapping for a courier without one built in", async () => {
    const g = orders[6];
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Remittance');
    ws.addRow(['Order ID', 'AWB Code', 'COD Payable', 'UTR', 'Remitted On']);
    ws.addRow(['x', g.tracking_number, rupees(g.cod_paise), 'UTR-SR1', '10/03/2026']);
    const xlsx = Buffer.from(await wb.xlsx.writeBuffer());
    const r = await finance.json('/api/finance/remittances/import', { method: 'POST', body: { courier: 'shiprocket', fileName: 'sr.xlsx', contentBase64: b64(xlsx) } });
    expect(r.status).toBe(200);
    expect(r.body.flags.ok).toBe(1);

    const h = orders[7];
    const mapping = { awb: 'Tracking', amount: 'Collected', utr: 'Bank Ref', date: 'Paid On' };
    const noMapping = await finance.json('/api/finance/remittances/import', { method: 'POST', body: { courier: 'bluedart', fileName: 'bd.csv', contentBase64: b64(`Tracking,Collected,Bank Ref,Paid On\n${h.tracking_number},1,BD1,01/01/2026`) } });
    expect(noMapping.status).toBe(400);
    expect(noMapping.body.message).toBe("Map the columns of this courier's file first");
    const first = await finance.json('/api/finance/remittances/import', { method: 'POST', body: { courier: 'bluedart', fileName: 'bd.csv', mapping, contentBase64: b64(`Tracking,Collected,Bank Ref,Paid On\n${h.tracking_number},"${rupees(h.cod_paise)}",BD1,01/01/2026`) } });
    expect(first.body.flags.ok).toBe(1);
    // The next file of that courier uses the saved mapping.
    const again = await finance.json('/api/finance/remittances/import', { method: 'POST', body: { courier: 'bluedart', fileName: 'bd2.csv', contentBase64: b64(`Tracking,Collected,Bank Ref,Paid On\nBD-UNKNOWN,"₹1.00",BD2,02/01/2026`) } });
    expect(again.status).toBe(200);
    expect(again.body.flags.unknown_awb).toBe(1);
  });
});

describe('bank statement, not remitted, ageing and settling', () => {
  it('matches a UTR whose credit equals what the files remit under it, and lists the others', async () => {
    const rows = await db.selectFrom('cod_remittances').select(['amount_paise']).where('utr', '=', 'UTR-SR1').execute();
    const total = rows.reduce((s, r) => s + Number(r.amount_paise), 0);
    const csv = `Date,Narration,UTR,Credit\n10/03/2026,NEFT SHIPROCKET,UTR-SR1,"${rupees(total)}"\n11/03/2026,NEFT X,UTR-NOPE,"₹10.00"\n12/03/2026,NEFT BD,BD1,"₹1.00"`;
    const r = await finance.json('/api/finance/remittances/bank-statement', { method: 'POST', body: { fileName: 'bank.csv', contentBase64: b64(csv) } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ lines: 3, matchedUtrs: 1 });
    expect(r.body.unmatched.map((u: { utr: string }) => u.utr)).toEqual(['UTR-NOPE', 'BD1']);
    const o = await overview();
    expect(o.rows.filter((x) => x.bankMatched).map((x) => x.awb)).toEqual([orders[6].tracking_number]);
  });

  it('flags a delivered COD order not remitted N days after delivery, N set per courier', async () => {
    const late = orders[5];
    const courier = late.delivery_partner_id.replace(/^dp-/, '');
    const old = new Date(Date.now() - 20 * 86_400_000).toISOString();
    await db.updateTable('order_trails').set({ created_at: old }).where('order_id', '=', late.id).where('status', '=', 'DELIVERED').execute();
    await finance.json('/api/finance/remittances/couriers', { method: 'PUT', body: { courier, notRemittedDays: 30 } });
    expect((await overview()).notRemitted.map((n) => n.awb)).not.toContain(late.tracking_number);
    await finance.json('/api/finance/remittances/couriers', { method: 'PUT', body: { courier, notRemittedDays: 10 } });
    const n = (await overview()).notRemitted.find((x) => x.awb === late.tracking_number);
    expect(n?.days).toBe(20);
  });

  it('settles remittances: the orders read PAID, with a trail naming who; settling again changes nothing', async () => {
    const a = orders[0];
    const id = (await overview()).rows.find((x) => x.awb === a.tracking_number)!.id;
    const r = await finance.json('/api/finance/remittances/settle', { method: 'POST', body: { ids: [id] } });
    expect(r.body).toMatchObject({ settled: 1 });
    expect((await overview()).rows.find((x) => x.id === id)!.settledAt).not.toBeNull();
    const order = await db.selectFrom('orders').select(['remittance_status']).where('id', '=', a.id).executeTakeFirstOrThrow();
    expect(order.remittance_status).toBe('PAID');
    const trail = await db.selectFrom('order_trails').select(['actor_name', 'description']).where('order_id', '=', a.id).where('description', '=', 'COD remittance PAID').execute();
    expect(trail).toEqual([{ actor_name: FIN.name, description: 'COD remittance PAID' }]);
    const again = await finance.json('/api/finance/remittances/settle', { method: 'POST', body: { ids: [id] } });
    expect(again.body).toMatchObject({ settled: 0 });
  });
});

describe('expected and received by week', () => {
  type Week = { week: string; expectedPaise: number; receivedPaise: number };
  const weekly = async () => ((await finance.json('/api/finance/remittances')).body as { weekly: Week[] }).weekly;
  /** Monday of this week, India date, worked out here from the calendar. */
  const thisMonday = () => {
    const ist = new Date(Date.now() + 330 * 60_000);
    const back = (ist.getUTCDay() + 6) % 7;
    return new Date(Date.UTC(ist.getUTCFullYear(), ist.getUTCMonth(), ist.getUTCDate() - back)).toISOString().slice(0, 10);
  };

  it('shows twelve weeks ending with this one; a delivery counts as expected in its week, a remittance as received in its week', async () => {
    const o = orders[orders.length - 1];
    // Delivered long ago first, so the twelve weeks do not hold it.
    await db.updateTable('order_trails').set({ created_at: '2025-01-01T06:00:00.000Z' }).where('order_id', '=', o.id).where('status', '=', 'DELIVERED').execute();
    const before = await weekly();
    expect(before).toHaveLength(12);
    expect(before[11].week).toBe(thisMonday());
    expect(before[0].week).toBe(new Date(Date.parse(`${thisMonday()}T00:00:00Z`) - 11 * 7 * 86_400_000).toISOString().slice(0, 10));
    // Delivered three weeks ago (Wednesday noon, India time).
    const wed = new Date(Date.parse(`${before[8].week}T00:00:00Z`) + 2 * 86_400_000 + 6.5 * 3_600_000).toISOString();
    await db.updateTable('order_trails').set({ created_at: wed }).where('order_id', '=', o.id).where('status', '=', 'DELIVERED').execute();
    const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10).split('-').reverse().join('/');
    const r = await importFile(finance, delhiveryCsv([[o.tracking_number, rupees(o.cod_paise), 'UTR-WEEK', today]]));
    expect(r.status).toBe(200);
    const after = await weekly();
    expect(after[8].expectedPaise - before[8].expectedPaise).toBe(o.cod_paise);
    expect(after[11].receivedPaise - before[11].receivedPaise).toBe(o.cod_paise);
    expect(after.filter((_, i) => i !== 8).map((w) => w.expectedPaise)).toEqual(before.filter((_, i) => i !== 8).map((w) => w.expectedPaise));
  });
});
