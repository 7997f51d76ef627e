/**
 * GST e-invoicing and e-way bill rules shared by the seller's screens and the
 * server (docs/integrations/gst.md): turnover bands, HSN digits, the 24-hour
 * cancel window, the e-way bill threshold and validity. No Node imports here:
 * the browser uses this file.
 */

/** Document types of the IRP. */
export type DocType = 'INV' | 'CRN' | 'DBN';

/** Aggregate annual turnover bands a company declares (Settings > GST). */
export const TURNOVER_BANDS = ['under_5cr', '5cr_to_10cr', '10cr_plus'] as const;
export type TurnoverBand = (typeof TURNOVER_BANDS)[number];

export const TURNOVER_BAND_LABELS: Record<TurnoverBand, string> = {
  under_5cr: 'Below ₹5 crore',
  '5cr_to_10cr': '₹5 crore to below ₹10 crore',
  '10cr_plus': '₹10 crore or more',
};

/** Whether B2B invoices must be registered with the IRP (aggregate turnover ₹5 crore or more). */
export const einvoicingRequired = (band: TurnoverBand): boolean => band !== 'under_5cr';

/** HSN digits a B2B invoice line must carry: 6 at ₹5 crore or more, 4 below. */
export const hsnDigitsRequired = (band: TurnoverBand): 4 | 6 => (band === 'under_5cr' ? 4 : 6);

/** Days after the invoice date within which companies at ₹10 crore or more must register it (null: no limit). */
export const reportingLimitDays = (band: TurnoverBand): number | null => (band === '10cr_plus' ? 30 : null);

/** What is wrong with an HSN code for a band, or null: digits only, at least the band's digits, at most 8. */
export function hsnProblem(hsn: string | null | undefined, band: TurnoverBand): string | null {
  const code = (hsn ?? '').trim();
  const need = hsnDigitsRequired(band);
  if (!code) return `HSN code is required (at least ${need} digits)`;
  if (!/^[0-9]+$/.test(code)) return 'HSN code must contain digits only';
  if (code.length > 8) return 'HSN code has at most 8 digits';
  if (code.length < need) return `HSN code must have at least ${need} digits for your turnover`;
  return null;
}

/** An order line's HSN problem as the manual order form and the bulk orders upload say it: the product's SKU, then hsnProblem's words. */
export const hsnLineProblem = (sku: string, problem: string): string => `Product ${sku}: ${problem}`;

/** Order types (domain/manual-order ORDER_TYPE) whose invoices are B2B or distributor invoices, registered with the IRP. */
export const EINVOICED_ORDER_TYPES: readonly number[] = [1, 2];

/** Reason codes of Cancel IRN. */
export const CANCEL_REASONS = { '1': 'Duplicate', '2': 'Data entry mistake', '3': 'Order cancelled', '4': 'Others' } as const;
export type CancelReason = keyof typeof CANCEL_REASONS;

/** Reason codes of the e-way bill system's Cancel E-way Bill (CANEWB). */
export const EWB_CANCEL_REASONS = { '1': 'Duplicate', '2': 'Order cancelled', '3': 'Data entry mistake', '4': 'Others' } as const;
export type EwbCancelReason = keyof typeof EWB_CANCEL_REASONS;

/** An e-way bill may be cancelled within 24 hours of its generation (as an IRN within 24 hours of its acknowledgement). */
export const canCancelEwb = (ewbAtIso: string, nowMs: number): boolean => nowMs - Date.parse(ewbAtIso) < CANCEL_WINDOW_MS;

/** An IRN may be cancelled within 24 hours of its acknowledgement. */
export const CANCEL_WINDOW_MS = 24 * 3600_000;
export const canCancelIrn = (ackAtIso: string, nowMs: number): boolean => nowMs - Date.parse(ackAtIso) < CANCEL_WINDOW_MS;

/** The IRP's AckDt ("yyyy-MM-dd HH:mm:ss", India time) as an ISO instant. */
export function ackDateToIso(ackDt: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?/.exec(ackDt);
  if (!m) throw new RangeError(`Not an IRP date: ${ackDt}`);
  return new Date(Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +(m[6] ?? 0)) - 330 * 60_000).toISOString();
}

/** The e-way bill system's date ("dd/MM/yyyy hh:mm:ss AM", India time) as an ISO instant. */
export function ewbDateToIso(text: string): string {
  const m = /^(\d{2})\/(\d{2})\/(\d{4}) (\d{1,2}):(\d{2})(?::(\d{2}))? ?(AM|PM)?$/i.exec(text.trim());
  if (!m) throw new RangeError(`Not an e-way bill date: ${text}`);
  let h = +m[4] % (m[7] ? 12 : 24);
  if (m[7]?.toUpperCase() === 'PM') h += 12;
  return new Date(Date.UTC(+m[3], +m[2] - 1, +m[1], h, +m[5], +(m[6] ?? 0)) - 330 * 60_000).toISOString();
}

/** What the demo sandbox prints on every document it answers for. */
export const DEMO_MARK = 'DEMO - not registered with the IRP';

/** E-way bill: a consignment worth more than ₹50,000 needs one. */
export const EWB_THRESHOLD_PAISE = 50_000_00;
export const needsEwayBill = (consignmentPaise: number): boolean => consignmentPaise > EWB_THRESHOLD_PAISE;

/** A consignment that needs an e-way bill and has none yet (what READY TO SHIP and the e-invoice queue flag). */
export const ewayBillMissing = (consignmentPaise: number, ewbNo: string | null | undefined): boolean => needsEwayBill(consignmentPaise) && !ewbNo;

/** Order statuses at which a missing e-way bill is still flagged: before the consignment leaves with the courier. */
export const EWB_FLAG_STATUSES: readonly string[] = ['PLACED', 'PROCESSED', 'READY_TO_SHIP'];

/** What the ship flow says when a consignment needs an e-way bill and has none. */
export const EWB_NEEDED_TEXT = 'This consignment is worth more than ₹50,000 and needs an e-way bill before it ships.';

/** Validity of an e-way bill (days) for a distance: one day per 200 km or part of it (20 km for over-dimensional cargo). */
export function ewbValidityDays(distanceKm: number, overDimensional = false): number {
  const per = overDimensional ? 20 : 200;
  return Math.max(1, Math.ceil(Math.max(0, distanceKm) / per));
}

/**
 * When an e-way bill stops being valid: rule 138(10) of the CGST Rules counts each day as ending at
 * midnight of the day after the date of generation, one day per 200 km or part of it (20 km for
 * over-dimensional cargo). The e-way bill system writes that instant as 11:59 PM of the last day, India
 * time (its sample: generated 01/05/2024 07:04 PM for 1000 km, valid up to 06/05/2024 11:59 PM).
 */
export function ewbValidUntil(generatedAtMs: number, distanceKm: number, overDimensional = false): string {
  const days = ewbValidityDays(distanceKm, overDimensional);
  const ist = new Date(generatedAtMs + 330 * 60_000);
  const lastDay = Date.UTC(ist.getUTCFullYear(), ist.getUTCMonth(), ist.getUTCDate() + days, 23, 59, 0);
  return new Date(lastDay - 330 * 60_000).toISOString();
}
