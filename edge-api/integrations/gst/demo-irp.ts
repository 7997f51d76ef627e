/**
 * The built-in demo sandbox: answers as the IRP does (the same IRN, Ack No and
 * date, signed invoice and QR code as RS256 JWS) without any network, signed
 * with a demo key made when the process starts. Every document it answers for
 * says "DEMO - not registered with the IRP". Refused in production.
 */
import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { financialYear } from '../../../domain/einvoice/inv01';
import { DEMO_MARK, ewbValidityDays } from '../../../domain/einvoice/rules';
import { invalid } from '../../../domain/refusal';
import type { EwbAnswer, IrnAnswer, Irp } from './irp';
import { IrpRefusal } from './irp';
import { ewbDateTime, irpDateTime, signedAnswer, type Signer } from './answer';

let demoKeys: { privateKey: KeyObject; publicKey: KeyObject } | undefined;

/** The demo signing key pair (made once per process). */
export function demoKeyPair() {
  demoKeys ??= generateKeyPairSync('rsa', { modulusLength: 2048 });
  return demoKeys;
}

export const DEMO_REFUSED_IN_PRODUCTION = 'The demo e-invoice sandbox cannot be used in production';

/** Registered documents of the demo, by GSTIN, type, number and financial year. */
const registered = new Map<string, IrnAnswer & { cancelled?: boolean }>();
let lastAck = 0;

export function demoIrp(opts: { gstin: string; production: boolean; now?: () => number }): Irp {
  if (opts.production) throw invalid(DEMO_REFUSED_IN_PRODUCTION);
  const now = opts.now ?? Date.now;
  const signer: Signer = { key: demoKeyPair().privateKey, kid: 'SHIPDESK-DEMO', issuer: 'ShipDesk demo IRP' };
  const keyOf = (gstin: string, typ: string, no: string, dt: string) => `${gstin}|${typ}|${no.toUpperCase()}|${financialYear(dt)}`;
  return {
    demo: true,
    async generate(doc) {
      const gstin = (doc as unknown as { SellerDtls: { Gstin: string } }).SellerDtls.Gstin;
      const key = keyOf(gstin, doc.DocDtls.Typ, doc.DocDtls.No, doc.DocDtls.Dt);
      if (registered.has(key)) throw new IrpRefusal([{ code: '2150', message: 'Duplicate IRN' }]);
      lastAck = Math.max(lastAck + 1, Number(`9${String(now()).slice(-13)}`));
      const answer = signedAnswer(doc, signer, lastAck, now(), { Demo: DEMO_MARK });
      registered.set(key, answer);
      return answer;
    },
    async byDocument(typ, no, dt) {
      return registered.get(keyOf(opts.gstin, typ, no, dt)) ?? null;
    },
    async cancel(irn) {
      for (const v of registered.values()) {
        if (v.Irn === irn) {
          v.cancelled = true;
          return { Irn: irn, CancelDate: irpDateTime(now()) };
        }
      }
      throw new IrpRefusal([{ code: '2154', message: 'IRN details are not found' }]);
    },
    async ewayBillByIrn(req): Promise<EwbAnswer> {
      const at = now();
      const days = ewbValidityDays(req.Distance);
      return { EwbNo: Number(`8${String(at).slice(-11)}`), EwbDt: irpDateTime(at), EwbValidTill: irpDateTime(at + days * 24 * 3600_000), Remarks: DEMO_MARK };
    },
    async cancelEwayBill(ewbNo) {
      return { ewayBillNo: ewbNo, cancelDate: ewbDateTime(now()) };
    },
  };
}
