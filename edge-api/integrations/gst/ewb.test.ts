import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PartnerError } from '../http';
import { DEMO_REFUSED_IN_PRODUCTION } from './demo-irp';
import { demoEwb } from './demo-ewb';
import { createHmac, randomBytes } from 'node:crypto';
import { aesEncrypt } from './crypto';
import { EwbRefusal, forgetEwbSessions, getData, httpEwb, type EwbConn, type EwbGenerateRequest } from './ewb';
import { startFakeEwb, type FakeEwb } from './ewb-test-server';

const GSTIN = '27AABCU9603R1ZN';
let fake: FakeEwb;
let conn: EwbConn;

beforeAll(async () => {
  fake = await startFakeEwb();
  fake.distances.set('421302-560001', 1010);
  conn = {
    id: 'ewb-1', companyId: 'c1', kind: 'gst-ewb', label: 'EWB', baseUrl: fake.url, demo: false, status: 'active',
    settings: { gstin: GSTIN, clientId: fake.credentials.clientId, username: fake.credentials.username, publicKeyPem: fake.publicKeyPem },
    secrets: { clientSecret: fake.credentials.clientSecret, password: fake.credentials.password },
  };
});
afterAll(() => fake.close());
beforeEach(() => {
  forgetEwbSessions();
  fake.calls.length = 0;
  fake.clock.offsetMs = 0;
});

const request = (docNo: string, over: Partial<EwbGenerateRequest> = {}): EwbGenerateRequest => ({
  supplyType: 'O', subSupplyType: '1', docType: 'INV', docNo, docDate: '27/11/2026',
  fromGstin: GSTIN, fromTrdName: 'Acme Traders', fromAddr1: 'Gala 4, Bhiwandi', fromAddr2: '', fromPlace: 'Bhiwandi', fromPincode: 421302, fromStateCode: 27, actFromStateCode: 27,
  toGstin: 'URP', toTrdName: 'Priya Sharma', toAddr1: '12 MG Road', toAddr2: '', toPlace: 'Bengaluru', toPincode: 560001, toStateCode: 29, actToStateCode: 29,
  transactionType: 1, otherValue: 0, totalValue: 60000, cgstValue: 0, sgstValue: 0, igstValue: 10800, cessValue: 0, cessNonAdvolValue: 0, totInvValue: 70800,
  transporterId: '27AACCD1234E1Z5', transporterName: 'Delhivery', transDocNo: '', transMode: '1', transDistance: '0', transDocDate: '', vehicleNo: 'MH04AB1234', vehicleType: 'R',
  itemList: [{ productName: 'Cotton T-shirt', productDesc: 'Cotton T-shirt', hsnCode: 610910, quantity: 100, qtyUnit: 'NOS', cgstRate: 0, sgstRate: 0, igstRate: 18, cessRate: 0, cessNonadvol: 0, taxableAmount: 60000 }],
  ...over,
});
const client = (timeoutMs = 5000) => httpEwb(conn, { timeoutMs });

describe('e-way bill system client (NIC EWB API v1.03)', () => {
  it('authenticates once with the credentials under its public key, and generates with the distance the system computes from the PIN codes', async () => {
    const c = client();
    const a = await c.generate(request('ACME-B2C-1'));
    expect(String(a.ewayBillNo)).toMatch(/^\d{12}$/);
    expect(a.ewayBillDate).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2} [AP]M$/);
    expect(a.alert).toContain('1010');
    const bill = fake.bills.get(String(a.ewayBillNo))!;
    expect(bill.distance).toBe(1010);
    // What the system decrypted is the request we built.
    expect(fake.calls.find((x) => x.action === 'GENEWAYBILL')?.payload).toEqual(request('ACME-B2C-1'));
    await c.generate(request('ACME-B2C-2'));
    expect(fake.calls.filter((x) => x.action === 'auth')).toEqual([{ action: 'auth', payload: { username: fake.credentials.username } }]);
  });

  it('says what the system refused, with its codes: the same document twice (604), an unknown consignee GSTIN (212)', async () => {
    const c = client();
    await c.generate(request('ACME-DUP'));
    const dup = await c.generate(request('ACME-DUP')).catch((e) => e);
    expect(dup).toBeInstanceOf(EwbRefusal);
    expect((dup as EwbRefusal).has('604')).toBe(true);
    expect((dup as Error).message).toContain('604 E-way bill(s) are already generated for the same document number');
    fake.invalidGstins.add('29AAPFU0939F1ZV');
    const gstin = await c.generate(request('ACME-GSTIN', { toGstin: '29AAPFU0939F1ZV' })).catch((e) => e);
    expect((gstin as Error).message).toContain('212 Invalid Consignee GSTIN');
    fake.invalidGstins.clear();
  });

  it('authenticates again once when the system has forgotten the token (238)', async () => {
    const c = client();
    await c.generate(request('ACME-TOK-1'));
    fake.expireTokens();
    await c.generate(request('ACME-TOK-2'));
    expect(fake.calls.filter((x) => x.action === 'auth')).toHaveLength(2);
  });

  it('updates Part B, cancels within 24 hours with a reason, and is refused after (315)', async () => {
    const c = client();
    const a = await c.generate(request('ACME-PB', { vehicleNo: '', transDistance: '300', toPincode: 400028 }));
    expect(fake.bills.get(String(a.ewayBillNo))!.validUpto).toBeNull();
    const partB = await c.updatePartB({ ewbNo: Number(a.ewayBillNo), vehicleNo: 'MH04AB9999', fromPlace: 'Bhiwandi', fromState: 27, reasonCode: '4', reasonRem: 'First vehicle', transDocNo: '', transDocDate: '', transMode: '1', vehicleType: 'R' });
    expect(partB.validUpto).toMatch(/ 11:59:00 PM$/);
    expect(fake.bills.get(String(a.ewayBillNo))).toMatchObject({ vehicleNo: 'MH04AB9999', partBUpdates: 1 });

    const cancelled = await c.cancel(String(a.ewayBillNo), '2', 'Order cancelled');
    expect(String(cancelled.ewayBillNo)).toBe(String(a.ewayBillNo));
    expect(fake.calls.at(-1)).toEqual({ action: 'CANEWB', payload: { ewbNo: Number(a.ewayBillNo), cancelRsnCode: 2, cancelRmrk: 'Order cancelled' } });
    const again = await c.cancel(String(a.ewayBillNo), '2', 'again').catch((e) => e);
    expect((again as EwbRefusal).has('312')).toBe(true);

    const late = await c.generate(request('ACME-LATE'));
    fake.clock.offsetMs = 24 * 3600_000 + 60_000;
    const refused = await c.cancel(String(late.ewayBillNo), '1', 'Duplicate').catch((e) => e);
    expect((refused as Error).message).toContain('315 Validity period lapsed, you cannot cancel this eway bill');
  });

  it('consolidates e-way bills into one for a vehicle', async () => {
    const c = client();
    const one = await c.generate(request('ACME-C1'));
    const two = await c.generate(request('ACME-C2'));
    const cewb = await c.consolidate({ fromPlace: 'Bhiwandi', fromState: 27, vehicleNo: 'MH04AB1234', transMode: '1', transDocNo: '', transDocDate: '', tripSheetEwbBills: [{ ewbNo: Number(one.ewayBillNo) }, { ewbNo: Number(two.ewayBillNo) }] });
    expect(fake.consolidated.get(String(cewb.cEwbNo))).toEqual([Number(one.ewayBillNo), Number(two.ewayBillNo)]);
  });

  it('does not send a Generate twice when the system is down or silent', async () => {
    const c = client(400);
    await c.generate(request('ACME-WARM'));
    fake.calls.length = 0;
    fake.failures.push('down');
    const down = await c.generate(request('ACME-DOWN')).catch((e) => e);
    expect(down).toBeInstanceOf(PartnerError);
    expect((down as PartnerError).transient).toBe(true);
    fake.failures.push('silent');
    const silent = await c.generate(request('ACME-SILENT')).catch((e) => e);
    expect((silent as PartnerError).kind).toBe('timeout');
    expect([...fake.bills.values()].some((b) => b.docNo === 'ACME-DOWN' || b.docNo === 'ACME-SILENT')).toBe(false);
    expect(fake.calls).toHaveLength(0);
  });
});

describe('demo e-way bill sandbox', () => {
  it('is refused in production', () => {
    expect(() => demoEwb({ gstin: GSTIN, production: true })).toThrow(DEMO_REFUSED_IN_PRODUCTION);
  });
  it('refuses a second e-way bill for the same document (604) and a cancel after 24 hours (315)', async () => {
    let t = Date.UTC(2026, 10, 27, 6, 0, 0);
    const demo = demoEwb({ gstin: GSTIN, production: false, now: () => t });
    const a = await demo.generate(request('DEMO-1', { transDistance: '450' }));
    // 27/11 11:30 AM India time, 450 km: three days, to 30/11 11:59 PM.
    expect(a.validUpto).toBe('30/11/2026 11:59:00 PM');
    expect(((await demo.generate(request('DEMO-1')).catch((e) => e)) as EwbRefusal).has('604')).toBe(true);
    t += 24 * 3600_000;
    expect(((await demo.cancel(String(a.ewayBillNo), '1', 'x').catch((e) => e)) as EwbRefusal).has('315')).toBe(true);
  });
});

describe('Get E-way Bill by document (GetEwayBillGeneratedByConsigner)', () => {
  it("returns the generator's active e-way bill of a document, read from under its rek, and refuses one it does not hold", async () => {
    const made = await client().generate(request('LOOK/1'));
    const found = await client().byDocument('INV', 'LOOK/1');
    expect(found).toMatchObject({ ewayBillNo: made.ewayBillNo, ewayBillDate: made.ewayBillDate, validUpto: made.validUpto });
    expect(fake.calls.at(-1)).toEqual({ action: 'GetEwayBillGeneratedByConsigner', payload: { docType: 'INV', docNo: 'LOOK/1' } });
    const none = await client().byDocument('INV', 'NEVER/1').catch((e: unknown) => e);
    expect(none).toBeInstanceOf(EwbRefusal);
    expect((none as EwbRefusal).has('325')).toBe(true);
  });

  it('reads the JSON or its Base64 under the rek, checks the HMAC, and refuses an answer whose HMAC does not match', () => {
    const sek = randomBytes(32);
    const rek = randomBytes(32);
    const json = JSON.stringify({ ewayBillNo: 141001590801, ewayBillDate: '12/12/2018 05:02:00 PM', validUpto: '13/12/2018 23:59:59 PM', alert: null });
    const base64 = Buffer.from(json).toString('base64');
    const hmac = createHmac('sha256', rek).update(base64).digest('base64');
    const env = (data: string, mac = hmac) => ({ status: '1', data: aesEncrypt(rek, Buffer.from(data)), rek: aesEncrypt(sek, rek), hmac: mac });
    expect(getData(env(base64), sek, 200)).toMatchObject({ ewayBillNo: 141001590801 });
    expect(getData(env(json), sek, 200)).toMatchObject({ validUpto: '13/12/2018 23:59:59 PM' });
    const forged = createHmac('sha256', randomBytes(32)).update(base64).digest('base64');
    expect(() => getData(env(base64, forged), sek, 200)).toThrow(PartnerError);
    expect(() => getData({ status: '1', data: aesEncrypt(rek, Buffer.from(base64)) }, sek, 200)).toThrow('without data');
  });

  it('is answered by the demo sandbox for the documents it generated, and refused (325) for others', async () => {
    const demo = demoEwb({ gstin: GSTIN, production: false });
    const docNo = `DEMO/${Date.now() % 100000}`;
    const made = await demo.generate(request(docNo));
    expect(await demo.byDocument('INV', docNo.toLowerCase())).toMatchObject({ ewayBillNo: made.ewayBillNo, ewayBillDate: made.ewayBillDate });
    const none = await demo.byDocument('INV', 'NOT/MADE').catch((e: unknown) => e);
    expect(none).toBeInstanceOf(EwbRefusal);
    expect((none as EwbRefusal).has('325')).toBe(true);
  });
});
