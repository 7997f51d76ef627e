// COD remittance: couriers' remittance files and bank statements matched to
// delivered cash-on-delivery orders (docs/integrations/cod-remittance.md).
import { z } from 'zod';
import { isoDay } from './iso-day';

export const REMITTANCE_FIELDS = ['awb', 'amount', 'utr', 'date'] as const;
export type RemittanceField = (typeof REMITTANCE_FIELDS)[number];
export const FIELD_LABELS: Record<RemittanceField, string> = { awb: 'AWB', amount: 'COD amount', utr: 'UTR', date: 'Remittance date' };

/** Which column of the file holds each field (header text, compared without case or surrounding spaces). */
export const columnMappingSchema = z.object({
  awb: z.string().trim().min(1).max(80),
  amount: z.string().trim().min(1).max(80),
  utr: z.string().trim().min(1).max(80),
  date: z.string().trim().min(1).max(80),
});
export type ColumnMapping = z.infer<typeof columnMappingSchema>;

/** The layouts built in (see docs/integrations/cod-remittance.md for where they come from). */
export const BUILT_IN_LAYOUTS: Record<string, ColumnMapping> = {
  delhivery: { awb: 'Waybill', amount: 'COD Amount', utr: 'UTR No', date: 'Remittance Date' },
  shiprocket: { awb: 'AWB Code', amount: 'COD Payable', utr: 'UTR', date: 'Remitted On' },
};

export const courierCode = z.string().trim().toLowerCase().max(40).regex(/^[a-z0-9-]{2,40}$/, 'Choose a courier');

export const MAX_FILE_BYTES = 5 * 1024 * 1024;
export const MAX_ROWS = 200_000;

export const remittanceImportSchema = z.object({
  courier: courierCode,
  fileName: z.string().trim().min(1).max(200),
  /** The file's bytes, base64. */
  contentBase64: z.string().min(1).max(Math.ceil((MAX_FILE_BYTES * 4) / 3) + 4),
  /** Saved for the courier when given; otherwise the saved or built-in mapping is used. */
  mapping: columnMappingSchema.optional(),
});
export type RemittanceImportInput = z.infer<typeof remittanceImportSchema>;

export const bankStatementSchema = z.object({
  fileName: z.string().trim().min(1).max(200),
  contentBase64: z.string().min(1).max(Math.ceil((MAX_FILE_BYTES * 4) / 3) + 4),
});
export type BankStatementInput = z.infer<typeof bankStatementSchema>;

export const courierSettingsSchema = z.object({
  courier: courierCode,
  /** A delivered COD order with no remittance after this many days is flagged. */
  notRemittedDays: z.coerce.number().int().min(1).max(120),
});

const day = isoDay('Choose a date');
/** Receipt vouchers for Tally: one company's bank-matched remittances, remitted in the days given. */
export const remittanceTallySchema = z.object({ companyId: z.string().trim().min(1).max(64), from: day.optional(), to: day.optional() });
export type RemittanceTallyInput = z.infer<typeof remittanceTallySchema>;

export const settleSchema = z.object({ ids: z.array(z.string().min(1).max(64)).min(1).max(5000) });

export const FLAGS = ['ok', 'short', 'excess', 'unknown_awb', 'remitted_twice'] as const;
export type RemittanceFlag = (typeof FLAGS)[number] | 'not_remitted';
export const FLAG_LABELS: Record<RemittanceFlag, string> = {
  ok: 'Matched',
  short: 'Short',
  excess: 'Excess',
  unknown_awb: 'Unknown AWB',
  remitted_twice: 'Remitted twice',
  not_remitted: 'Not remitted',
};

export const DEFAULT_NOT_REMITTED_DAYS = 14;
export const AGEING_BUCKETS = ['0-7', '8-14', '15-30', '30+'] as const;
export type AgeingBucket = (typeof AGEING_BUCKETS)[number];
export function ageingBucket(days: number): AgeingBucket {
  return days <= 7 ? '0-7' : days <= 14 ? '8-14' : days <= 30 ? '15-30' : '30+';
}

/** Weeks shown in 'expected and received by week'. */
export const WEEKS_SHOWN = 12;
/** The Monday (YYYY-MM-DD) of the week holding the day given (YYYY-MM-DD). */
export function weekOf(day: string): string {
  const t = Date.parse(`${day}T00:00:00Z`);
  const monday = t - ((new Date(t).getUTCDay() + 6) % 7) * 86_400_000;
  return new Date(monday).toISOString().slice(0, 10);
}

/** The flag of one remittance row against its order's COD amount (the import decides it set-based in SQL, db/finance/remittance.ts insertMatchedRemittances, in this same order). */
export function flagFor(orderCodPaise: number | null, amountPaise: number, alreadyRemitted: boolean): (typeof FLAGS)[number] {
  if (orderCodPaise === null) return 'unknown_awb';
  if (alreadyRemitted) return 'remitted_twice';
  if (amountPaise < orderCodPaise) return 'short';
  if (amountPaise > orderCodPaise) return 'excess';
  return 'ok';
}

// ---------------------------------------------------------------------------
// Cells as people write them

/**
 * "₹1,234.50", "1234.5", "Rs. 1,234", "INR 12" → integer paise, exactly (string arithmetic, no floats).
 * Returns null when the text is not an amount.
 */
export function parsePaise(text: string): number | null {
  let t = text.trim().replace(/^(₹|rs\.?|inr)\s*/i, '').replace(/\s/g, '');
  const neg = t.startsWith('-');
  if (neg) t = t.slice(1);
  if (!/^(\d{1,3}(,\d{2,3})*|\d+)(\.\d{1,2})?$/.test(t)) return null;
  const [whole, frac = ''] = t.replace(/,/g, '').split('.');
  const paise = Number(whole) * 100 + Number((frac + '00').slice(0, 2));
  if (!Number.isSafeInteger(paise)) return null;
  return neg ? -paise : paise;
}

/** "31/01/2026", "31-01-2026", "2026-01-31" → "2026-01-31"; null when not a real date. */
export function parseDayMonthYear(text: string): string | null {
  const t = text.trim();
  let d: number, m: number, y: number;
  let mm = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(t);
  if (mm) [d, m, y] = [Number(mm[1]), Number(mm[2]), Number(mm[3])];
  else if ((mm = /^(\d{4})-(\d{2})-(\d{2})(T.*)?$/.exec(t))) [y, m, d] = [Number(mm[1]), Number(mm[2]), Number(mm[3])];
  else return null;
  const dt = new Date(Date.UTC(y, m - 1, d));
  if (dt.getUTCFullYear() !== y || dt.getUTCMonth() !== m - 1 || dt.getUTCDate() !== d) return null;
  return dt.toISOString().slice(0, 10);
}

export const formatPaise = (paise: number) => `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

// ---------------------------------------------------------------------------
// Messages

export const FILE_UNREADABLE = 'The file could not be read: upload a CSV or an XLSX file';
export const NO_MAPPING = 'Map the columns of this courier\'s file first';
export const FILE_HAS_ERRORS = 'Nothing was imported: fix the rows listed and upload the file again';
/** A mapped column the file does not have: the header looked for and what it holds ("AWB", "COD amount"...). */
export const missingColumn = (label: string, header: string) => `The column "${header}" (${label}) is not in the file`;
export const rowError = (row: number, what: string) => `Row ${row}: ${what}`;

// ---------------------------------------------------------------------------
// Responses

export type ImportResult = {
  status: true;
  message: string;
  importId: string;
  rows: number;
  added: number;
  alreadyImported: number;
  flags: Record<(typeof FLAGS)[number], number>;
};

export type BankResult = { status: true; message: string; lines: number; matchedUtrs: number; unmatched: { row: number; utr: string; amountPaise: number; reason: string }[] };

export type RemittanceRow = {
  id: string;
  courier: string;
  awb: string;
  orderId: string | null;
  shopOrderId: string | null;
  companyId: string | null;
  companyName: string | null;
  amountPaise: number;
  expectedPaise: number | null;
  utr: string;
  remittedOn: string;
  flag: (typeof FLAGS)[number];
  bankMatched: boolean;
  settledAt: string | null;
};

export type NotRemittedRow = { orderId: string; shopOrderId: string; awb: string; courier: string; codPaise: number; deliveredAt: string; days: number };

export type AgeingRow = { courier: string } & Record<AgeingBucket, number>;
/** COD delivered in a week (expected from couriers) and COD couriers remitted in it. */
export type WeekRow = { week: string; expectedPaise: number; receivedPaise: number };

export type RemittanceOverview = {
  status: true;
  rows: RemittanceRow[];
  notRemitted: NotRemittedRow[];
  /** COD paise delivered and not yet remitted (nor settled), per courier and days since delivery. */
  ageing: AgeingRow[];
  /** The last WEEKS_SHOWN weeks, oldest first (weeks starting Monday, India dates). */
  weekly: WeekRow[];
  totals: { expectedPaise: number; remittedPaise: number; settledPaise: number };
  couriers: { courier: string; notRemittedDays: number; mapping: ColumnMapping | null }[];
};

// Response schemas (the answers above, as /api/openapi.json declares them).
const paise = z.number().int();
const flagCounts = z.object(Object.fromEntries(FLAGS.map((f) => [f, z.number().int()])) as Record<(typeof FLAGS)[number], z.ZodNumber>);
export const ImportResultResponse = z.object({ status: z.literal(true), message: z.string(), importId: z.string(), rows: z.number().int(), added: z.number().int(), alreadyImported: z.number().int(), flags: flagCounts });
export const BankResultResponse = z.object({
  status: z.literal(true), message: z.string(), lines: z.number().int(), matchedUtrs: z.number().int(),
  unmatched: z.array(z.object({ row: z.number().int(), utr: z.string(), amountPaise: paise, reason: z.string() })),
});
export const SettledResponse = z.object({ status: z.literal(true), message: z.string(), settled: z.number().int() });
export const SavedResponse = z.object({ status: z.literal(true), message: z.string() });
export const RemittanceOverviewResponse = z.object({
  status: z.literal(true),
  rows: z.array(z.object({
    id: z.string(), courier: z.string(), awb: z.string(), orderId: z.string().nullable(), shopOrderId: z.string().nullable(), companyId: z.string().nullable(), companyName: z.string().nullable(),
    amountPaise: paise, expectedPaise: paise.nullable(), utr: z.string(), remittedOn: z.string(), flag: z.enum(FLAGS), bankMatched: z.boolean(), settledAt: z.string().nullable(),
  })),
  notRemitted: z.array(z.object({ orderId: z.string(), shopOrderId: z.string(), awb: z.string(), courier: z.string(), codPaise: paise, deliveredAt: z.string(), days: z.number().int() })),
  ageing: z.array(z.object({ courier: z.string(), '0-7': paise, '8-14': paise, '15-30': paise, '30+': paise })),
  weekly: z.array(z.object({ week: z.string(), expectedPaise: paise, receivedPaise: paise })),
  totals: z.object({ expectedPaise: paise, remittedPaise: paise, settledPaise: paise }),
  couriers: z.array(z.object({ courier: z.string(), notRemittedDays: z.number().int(), mapping: columnMappingSchema.nullable() })),
});
