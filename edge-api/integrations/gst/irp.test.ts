import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildInv01, type EinvInput } from '../../../domain/einvoice/inv01';
import { PartnerError } from '../http';
import { jwsPayload, verifyJws } from './crypto';
import { DEMO_REFUSED_IN_PRODUCTION, demoIrp } from './demo-irp';
import { forgetIrpSessions, httpIrp, IrpRefusal, type IrpConn } from './irp';
import { documentedIrn, startFakeIrp, type FakeIrp } from './irp-test-server';

let irp: FakeIrp;
let conn: IrpConn;

const input = (no: string, over: Partial<EinvInput> = {}): EinvInput => ({
  docType: 'INV', docNo: no, docDate: '27/11/2026',
  seller: { gstin: '29AABCU9603R1ZM', legalName: 'Acme Traders Pvt Ltd', addr1: '12 MG Road', city: 'Bengaluru', pincode: '560001', stateCode: '29' },
  buyer: { gstin: '27AAPFU0939F1ZV', legalName: 'Mumbai Retail LLP', addr1: '4 Linking Road', city: 'Mumbai', pincode: '400050', stateCode: '27', placeOfSupply: '27' },
  lines: [{ description: 'Cotton T-shirt', hsn: '610910', quantity: 2, taxablePaise: 84746, gstRate: 18, cessRate: 0, igstPaise: 15254, cgstPaise: 0, sgstPaise: 0, cessPaise: 0 }],
  ...over,
});

beforeAll(async () => {
  irp = await startFakeIrp();
  conn = {
    id: 'conn-1', companyId: 'c1', kind: 'gst-irp', label: 'IRP', baseUrl: irp.url, demo: false, status: 'active',
    settings: { gstin: '29AABCU9603R1ZM', clientId: irp.credentials.clientId, username: irp.credentials.username, publicKeyPem: irp.publicKeyPem },
    secrets: { clientSecret: irp.credentials.clientSecret, password: irp.credentials.password },
  };
});
afterAll(() => irp.close());
beforeEach(() => {
  forgetIrpSessions();
  irp.calls.length = 0;
});

const client = (timeoutMs = 5000) => httpIrp(conn, { timeoutMs });

describe('IRP client (NIC e-invoice API v1.03)', () => {
  it('authenticates once (AppKey and password under the IRP public key), sends the INV-01 JSON under the Sek and reads the signed answer', async () => {
    const c = client();
    const doc = buildInv01(input('ACME-0001'));
    const a = await c.generate(doc);
    expect(a.Irn).toBe(documentedIrn('29AABCU9603R1ZM', '2026-27', 'INV', 'ACME-0001'));
    expect(String(a.AckNo)).toMatch(/^\d{15}$/);
    expect(a.AckDt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(verifyJws(irp.publicKey, a.SignedQRCode)).toBe(true);
    const qr = JSON.parse(jwsPayload<{ data: string }>(a.SignedQRCode).data);
    expect(qr).toMatchObject({ SellerGstin: '29AABCU9603R1ZM', BuyerGstin: '27AAPFU0939F1ZV', DocNo: 'ACME-0001', DocTyp: 'INV', DocDt: '27/11/2026', TotInvVal: 1000, ItemCnt: 1, MainHsnCode: '610910' });
    // What the IRP decrypted is the document we built.
    const sent = irp.calls.find((x) => x.path === '/eicore/v1.03/Invoice');
    expect(sent?.payload).toEqual(doc);

    await c.generate(buildInv01(input('ACME-0002')));
    expect(irp.calls.filter((x) => x.path === '/eivital/v1.03/auth')).toHaveLength(1);
  });

  it('authenticates again when the IRP has forgotten the token (1005), once', async () => {
    const c = client();
    await c.generate(buildInv01(input('ACME-0003')));
    irp.expireTokens();
    await c.generate(buildInv01(input('ACME-0004')));
    expect(irp.calls.filter((x) => x.path === '/eivital/v1.03/auth')).toHaveLength(2);
  });

  it('says the IRP refused with its codes: duplicate, invalid GSTIN, unknown HSN', async () => {
    const c = client();
    await c.generate(buildInv01(input('ACME-0005')));
    const dup = await c.generate(buildInv01(input('ACME-0005'))).catch((e) => e);
    expect(dup).toBeInstanceOf(IrpRefusal);
    expect((dup as IrpRefusal).has('2150')).toBe(true);

    irp.invalidGstins.add('27AAPFU0939F1ZV');
    const gstin = await c.generate(buildInv01(input('ACME-0006'))).catch((e) => e);
    expect((gstin as IrpRefusal).message).toContain('27AAPFU0939F1ZV is invalid');
    irp.invalidGstins.clear();

    irp.unknownHsn.add('610910');
    const hsn = await c.generate(buildInv01(input('ACME-0007'))).catch((e) => e);
    expect((hsn as IrpRefusal).message).toContain('HSN code(s)-610910 is invalid');
    irp.unknownHsn.clear();
  });

  it('finds a registered document by its details, and cancels its IRN with a reason', async () => {
    const c = client();
    const a = await c.generate(buildInv01(input('ACME-0008')));
    const found = await c.byDocument('INV', 'ACME-0008', '27/11/2026');
    expect(found?.Irn).toBe(a.Irn);
    expect(found?.AckNo).toBe(a.AckNo);
    const cancelled = await c.cancel(a.Irn, '2', 'Wrong quantity');
    expect(cancelled.Irn).toBe(a.Irn);
    expect(irp.calls.at(-1)?.payload).toEqual({ Irn: a.Irn, CnlRsn: '2', CnlRem: 'Wrong quantity' });
  });

  it('does not send Generate IRN twice when the portal is down or silent: the caller retries later', async () => {
    const c = client(400);
    await c.byDocument('INV', 'ACME-0001', '27/11/2026'); // a session first
    irp.calls.length = 0;
    irp.failures.push('down');
    const down = await c.generate(buildInv01(input('ACME-0009'))).catch((e) => e);
    expect(down).toBeInstanceOf(PartnerError);
    expect((down as PartnerError).transient).toBe(true);
    irp.failures.push('silent');
    const silent = await c.generate(buildInv01(input('ACME-0010'))).catch((e) => e);
    expect((silent as PartnerError).kind).toBe('timeout');
    expect(irp.registered.has('29AABCU9603R1ZM|INV|ACME-0009|2026-27')).toBe(false);
  });
});

describe('demo sandbox', () => {
  it('is refused in production', () => {
    expect(() => demoIrp({ gstin: '29AABCU9603R1ZM', production: true })).toThrow(DEMO_REFUSED_IN_PRODUCTION);
  });
  it('answers a second registration of the same document with 2150 and finds the first by its details', async () => {
    const demo = demoIrp({ gstin: '29AABCU9603R1ZM', production: false });
    const first = await demo.generate(buildInv01(input('DEMO-0001')));
    expect(first.Irn).toBe(documentedIrn('29AABCU9603R1ZM', '2026-27', 'INV', 'DEMO-0001'));
    const again = await demo.generate(buildInv01(input('DEMO-0001'))).catch((e) => e);
    expect((again as IrpRefusal).has('2150')).toBe(true);
    expect((await demo.byDocument('INV', 'DEMO-0001', '27/11/2026'))?.AckNo).toBe(first.AckNo);
  });
});
