/**
 * The built-in e-way bill sandbox: answers Generate, Update Part B, Cancel and Consolidate as the e-way bill
 * system does, and Get E-way Bill by document (its numbers, its dates "dd/MM/yyyy hh:mm:ss AM", its refusals 604 and 312/315) without any
 * network, every answer marked "DEMO - not registered with the IRP". Refused in production.
 */
import { DEMO_MARK, ewbValidUntil } from '../../../domain/einvoice/rules';
import { invalid } from '../../../domain/refusal';
import { ewbDateTime } from './answer';
import { DEMO_REFUSED_IN_PRODUCTION } from './demo-irp';
import { EwbRefusal, EWB_ERRORS, type Ewb } from './ewb';

type DemoBill = { at: number; distance: number; cancelled?: boolean; partB: boolean };
const bills = new Map<string, DemoBill>();
/** The e-way bill number of each document it generated one for. */
const byDocument = new Map<string, number>();
let last = 0;

const refuse = (code: string) => new EwbRefusal([{ code, message: EWB_ERRORS[code] ?? '' }]);
const nextNo = (prefix: string, at: number) => {
  last = Math.max(last + 1, Number(`${prefix}${String(at).slice(-11)}`));
  return last;
};

export function demoEwb(opts: { gstin: string; production: boolean; now?: () => number }): Ewb {
  if (opts.production) throw invalid(DEMO_REFUSED_IN_PRODUCTION);
  const now = opts.now ?? Date.now;
  const validText = (at: number, km: number) => ewbDateTime(Date.parse(ewbValidUntil(at, km)));
  return {
    demo: true,
    async generate(req) {
      const key = `${opts.gstin}|${req.docType}|${req.docNo.toUpperCase()}`;
      if (byDocument.has(key)) throw refuse('604');
      const at = now();
      const distance = Number(req.transDistance) || 100;
      const no = nextNo('7', at);
      byDocument.set(key, no);
      const partB = !!(req.vehicleNo || req.transDocNo);
      bills.set(String(no), { at, distance, partB });
      return { ewayBillNo: no, ewayBillDate: ewbDateTime(at), validUpto: partB ? validText(at, distance) : null, alert: DEMO_MARK };
    },
    async updatePartB(req) {
      const bill = bills.get(String(req.ewbNo));
      if (!bill || bill.cancelled) throw refuse('312');
      const at = now();
      const from = bill.partB ? bill.at : at;
      bill.partB = true;
      return { vehUpdDate: ewbDateTime(at), validUpto: validText(from, bill.distance) };
    },
    async cancel(ewbNo) {
      const bill = bills.get(ewbNo);
      if (bill?.cancelled) throw refuse('312');
      if (bill && now() - bill.at >= 24 * 3600_000) throw refuse('315');
      if (bill) bill.cancelled = true;
      return { ewayBillNo: Number(ewbNo), cancelDate: ewbDateTime(now()) };
    },
    async byDocument(docType, docNo) {
      const no = byDocument.get(`${opts.gstin}|${docType}|${docNo.toUpperCase()}`);
      const bill = no === undefined ? undefined : bills.get(String(no));
      if (!bill || bill.cancelled) throw refuse('325');
      return { ewayBillNo: no!, ewayBillDate: ewbDateTime(bill.at), validUpto: bill.partB ? validText(bill.at, bill.distance) : null, alert: DEMO_MARK };
    },
    async consolidate(req) {
      const at = now();
      for (const { ewbNo } of req.tripSheetEwbBills) if (bills.get(String(ewbNo))?.cancelled) throw refuse('322');
      return { cEwbNo: nextNo('9', at) % 10_000_000_000, cEwbDate: ewbDateTime(at) };
    },
  };
}
