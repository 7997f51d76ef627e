// Invoicing: the seller's invoicing profile and per-warehouse invoice series
// (spec part 2 §3 'Invoicing profile', §5 'Invoicing'), issued invoices and the
// payments captured against them (part 1 'Invoices'). One schema serves the
// settings form and the API, so both refuse the same input with the same words.
import { z } from 'zod';
import { okBody, MessageResponse } from './api';
import { PINCODE_INVALID } from './profile';
import { indiaToday } from './india-time';
import { isRealDay } from './iso-day';
import { formatRupees as formatRupeesCore, rupeesToPaise } from './money';

export { rupeesToPaise } from './money';

// ---- Messages (spec part 2 §5, exact) -------------------------------------------------
export const REGISTERED_NAME_REQUIRED = 'Please input your registered company name';
export const BRAND_NAME_REQUIRED = 'Please input your Brand Name.';
export const addressRequired = (label: string) => `Please input your ${label}`;
export const LOGO_REQUIRED = 'Please upload logo';
export const SIGNATURE_REQUIRED = 'Please upload signature';
export const SERIES_REQUIRED = 'Please input invoice series';
export const SERIES_NO_WHITESPACE = 'Invoice Series must not have white space!';
export const SERIES_UNIQUE = 'Invoice Series must be unique!';
// Our own wording where the spec names a rule but not its message.
export const SERIES_CHARACTERS = 'Invoice Series may only contain letters, digits, - and /';
export const SERIES_MAX_LENGTH = 10;
export const SERIES_TOO_LONG = `Invoice Series must be at most ${SERIES_MAX_LENGTH} characters`;
export const INDEX_INVALID = 'Invoice index must be a whole number, 0 or more';
export const indexBelowIssued = (issued: number) => `Invoice index cannot be lower than the last issued number (${issued})`;
export const taxRequired = (label: string) => `Please input ${label}`;
export const taxNotNumber = (label: string) => `${label} must be a number`;
export const taxRange = (label: string) => `${label} must be between 0 and 100`;
export const UNKNOWN_WAREHOUSE = 'This warehouse is not linked to your company';
export const INVOICING_SAVED = 'Invoicing details saved';

/** Part 1 §8: the invoices list could not be loaded. */
export const COULD_NOT_GET_PAYMENTS = 'Could not get payments';
export const REGENERATED = 'Invoice and shipping label regenerated';

// ---- Small parsers shared by form and API ----------------------------------------------
function text(raw: unknown): string {
  if (typeof raw === 'string') return raw.trim();
  if (typeof raw === 'number' && Number.isFinite(raw)) return String(raw);
  return '';
}

const requiredText = (message: string, max = 200) =>
  z.unknown().transform((raw, ctx) => {
    const s = text(raw);
    if (!s) ctx.addIssue({ code: 'custom', message });
    else if (s.length > max) ctx.addIssue({ code: 'custom', message: `Must be at most ${max} characters` });
    return s;
  });

const DECIMAL_RE = /^(\d+(\.\d*)?|\.\d+)$/;

/** A GST percentage typed in the form or sent by a client: a decimal from 0 to 100. */
function percent(label: string, required: boolean) {
  return z.unknown().transform((raw, ctx): number | undefined => {
    const s = text(raw);
    if (s === '') {
      if (required) ctx.addIssue({ code: 'custom', message: taxRequired(label) });
      return undefined;
    }
    if (!DECIMAL_RE.test(s)) {
      ctx.addIssue({ code: 'custom', message: taxNotNumber(label) });
      return undefined;
    }
    const n = Number(s);
    if (n > 100) ctx.addIssue({ code: 'custom', message: taxRange(label) });
    return n;
  });
}

/** Required: the transform reports the issue, so a parsed value is always a number. */
const requiredPercent = (label: string) => percent(label, true) as unknown as z.ZodType<number, unknown>;

/** One invoice series prefix. Its number is appended: prefix 'BLR/B2C/' gives 'BLR/B2C/1', 'BLR/B2C/2', ... */
export const invoiceSeriesField = z.unknown().transform((raw, ctx) => {
  const s = typeof raw === 'string' ? raw : typeof raw === 'number' ? String(raw) : '';
  if (/\s/.test(s)) {
    ctx.addIssue({ code: 'custom', message: s.trim() ? SERIES_NO_WHITESPACE : SERIES_REQUIRED });
    return s;
  }
  if (!s) ctx.addIssue({ code: 'custom', message: SERIES_REQUIRED });
  else if (s.length > SERIES_MAX_LENGTH) ctx.addIssue({ code: 'custom', message: SERIES_TOO_LONG });
  else if (!/^[A-Za-z0-9/-]+$/.test(s)) ctx.addIssue({ code: 'custom', message: SERIES_CHARACTERS });
  return s;
});

const seriesIndex = z.unknown().transform((raw, ctx) => {
  const s = text(raw);
  if (s === '') return 0;
  if (!/^\d{1,9}$/.test(s)) {
    ctx.addIssue({ code: 'custom', message: INDEX_INVALID });
    return 0;
  }
  return Number(s);
});

export const invoicingAddressSchema = z.object({
  line1: requiredText(addressRequired('Address Line 1')),
  line2: requiredText(addressRequired('Address Line 2')),
  city: requiredText(addressRequired('City'), 100),
  state: requiredText(addressRequired('State'), 100),
  pincode: requiredText(addressRequired('Pincode'), 6).superRefine((s, ctx) => {
    if (s && !/^[1-9][0-9]{5}$/.test(s)) ctx.addIssue({ code: 'custom', message: PINCODE_INVALID });
  }),
});

export const warehouseSeriesSchema = z.object({ invoicePrefix: invoiceSeriesField, b2bInvoicePrefix: invoiceSeriesField });
export const warehouseIndexesSchema = z.object({ b2cIndex: seriesIndex, b2bIndex: seriesIndex });

/**
 * The invoice profile payload (POST /api/ums/invoices) and the settings form.
 * `warehouseInvoiceSeries` and `invoiceIndexes` are keyed by warehouse id.
 * UT-GST is optional and defaults to SGST.
 */
export const invoiceProfileSchema = z
  .object({
    registeredName: requiredText(REGISTERED_NAME_REQUIRED),
    brandName: requiredText(BRAND_NAME_REQUIRED),
    invoicingAddress: z.preprocess((v) => v ?? {}, invoicingAddressSchema),
    logo: requiredText(LOGO_REQUIRED, 300),
    signature: requiredText(SIGNATURE_REQUIRED, 300),
    sgstPercentage: requiredPercent('SGST'),
    cgstPercentage: requiredPercent('CGST'),
    igstPercentage: requiredPercent('IGST'),
    utgstPercentage: percent('UTGST', false).optional(),
    warehouseInvoiceSeries: z.record(z.string().min(1).max(64), warehouseSeriesSchema),
    invoiceIndexes: z.record(z.string().min(1).max(64), warehouseIndexesSchema).optional(),
    /** Admins save the profile of a chosen company. */
    companyId: z.string().max(64).optional(),
  })
  .superRefine(
    (v, ctx) => {
      // Every prefix, B2C and B2B, of every warehouse is a separate series: no two may be the same.
      // Runs even when other fields are wrong, so the form shows every problem at once.
      const all = (v?.warehouseInvoiceSeries ?? {}) as Record<string, { invoicePrefix?: unknown; b2bInvoicePrefix?: unknown } | undefined>;
      const norm = (p: unknown) => (typeof p === 'string' && p.trim() ? p.toUpperCase() : null);
      const seen = new Map<string, number>();
      for (const s of Object.values(all)) {
        for (const p of [norm(s?.invoicePrefix), norm(s?.b2bInvoicePrefix)]) if (p) seen.set(p, (seen.get(p) ?? 0) + 1);
      }
      for (const [id, s] of Object.entries(all)) {
        for (const key of ['invoicePrefix', 'b2bInvoicePrefix'] as const) {
          const p = norm(s?.[key]);
          if (p && (seen.get(p) ?? 0) > 1) ctx.addIssue({ code: 'custom', path: ['warehouseInvoiceSeries', id, key], message: SERIES_UNIQUE });
        }
      }
    },
    { when: () => true },
  )
  .transform((v) => ({ ...v, utgstPercentage: v.utgstPercentage ?? v.sgstPercentage }));

export type InvoiceProfileInput = z.input<typeof invoiceProfileSchema>;
export type InvoiceProfile = z.output<typeof invoiceProfileSchema>;

/** The invoice number of the `index`-th invoice of a series. */
export const invoiceNumberOf = (prefix: string, index: number) => `${prefix}${index}`;

/**
 * Which series an order's invoice comes from: B2B orders (order type 1), and
 * retailer (D2R, type 2) orders billed to a GST-registered buyer, use the B2B
 * series; everything else is B2C.
 */
export function invoiceKindOf(orderType: number, buyerGstin: string | null | undefined): 'B2C' | 'B2B' {
  if (orderType === 1) return 'B2B';
  if (orderType === 2 && buyerGstin?.trim()) return 'B2B';
  return 'B2C';
}

// ---- Issued invoices and payments ----------------------------------------------------
export const INVOICE_STATUSES = ['UNPAID', 'PARTIALLY_PAID', 'PAID'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = { UNPAID: 'Unpaid', PARTIALLY_PAID: 'Partially paid', PAID: 'Paid' };

export function invoiceStatusOf(amountPaise: number, paidPaise: number): InvoiceStatus {
  if (paidPaise <= 0) return 'UNPAID';
  return paidPaise >= amountPaise ? 'PAID' : 'PARTIALLY_PAID';
}

export const PAYMENT_MODES = ['cash', 'upi', 'neft', 'cheque'] as const;
export type InvoicePaymentMode = (typeof PAYMENT_MODES)[number];
export const PAYMENT_MODE_LABELS: Record<InvoicePaymentMode, string> = { cash: 'Cash', upi: 'UPI', neft: 'NEFT', cheque: 'Cheque' };

export const PAYMENT_AMOUNT_REQUIRED = 'Please input the amount received';
export const PAYMENT_AMOUNT_INVALID = 'Amount must be more than 0, with at most 2 decimals';
export const PAYMENT_MODE_REQUIRED = 'Please select the payment mode';
export const PAYMENT_REFERENCE_REQUIRED = 'Please input the UTR, UPI or cheque reference';
export const PAYMENT_DATE_REQUIRED = 'Please select the payment date';
export const PAYMENT_DATE_FUTURE = 'Payment date cannot be in the future';
export const PAYMENT_RECORDED = 'Payment recorded';
export const INVOICE_ALREADY_PAID = 'This invoice is already fully paid';
export const overpaymentMsg = (balancePaise: number) =>
  `Amount is more than the balance due of ${formatRupees(balancePaise)}. Record at most ${formatRupees(balancePaise)}.`;

/** Integer paise as '₹1,23,456.50' (Indian digit grouping). */
export function formatRupees(paise: number): string {
  return formatRupeesCore(paise);
}

/** Today's date in India (YYYY-MM-DD). */
export function todayInIndia(now = Date.now()): string {
  return indiaToday(now);
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export const paymentSchema = z
  .object({
    amount: z.unknown().transform((raw, ctx) => {
      if (text(raw) === '') {
        ctx.addIssue({ code: 'custom', message: PAYMENT_AMOUNT_REQUIRED });
        return 0;
      }
      const paise = rupeesToPaise(raw);
      if (paise === null || paise <= 0) ctx.addIssue({ code: 'custom', message: PAYMENT_AMOUNT_INVALID });
      return paise ?? 0;
    }),
    mode: z.enum(PAYMENT_MODES, { error: PAYMENT_MODE_REQUIRED }),
    reference: z.string().trim().max(100).optional().default(''),
    paidOn: z
      .string({ error: PAYMENT_DATE_REQUIRED })
      .min(1, PAYMENT_DATE_REQUIRED)
      .max(10, PAYMENT_DATE_REQUIRED)
      .regex(ISO_DATE, PAYMENT_DATE_REQUIRED)
      // A day that exists: not 2026-02-31 or 0000-00-00, which would be kept as they are.
      .refine(isRealDay, PAYMENT_DATE_REQUIRED)
      .refine((d) => !isRealDay(d) || d <= todayInIndia(), PAYMENT_DATE_FUTURE),
  })
  .superRefine((v, ctx) => {
    if (v.mode && v.mode !== 'cash' && !v.reference) ctx.addIssue({ code: 'custom', path: ['reference'], message: PAYMENT_REFERENCE_REQUIRED });
  })
  .transform(({ amount, ...rest }) => ({ ...rest, amountPaise: amount }));
export type PaymentInput = z.input<typeof paymentSchema>;
export type Payment = z.output<typeof paymentSchema>;

// ---- The invoices list ---------------------------------------------------------------
export const invoiceFilterSchema = z.object({
  from: z.string().regex(ISO_DATE, 'Date must be YYYY-MM-DD').optional(),
  to: z.string().regex(ISO_DATE, 'Date must be YYYY-MM-DD').optional(),
  status: z.enum(INVOICE_STATUSES).optional(),
  search: z.string().trim().max(100).optional(),
});
export type InvoiceFilter = z.output<typeof invoiceFilterSchema>;

/** `filter` travels as JSON text in the query string: GET /api/invoices?page=1&filter={...}. */
export const invoiceListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
  filter: z
    .string()
    .max(2000)
    .optional()
    .transform((s, ctx) => {
      if (!s) return {};
      try {
        return JSON.parse(s) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'filter must be JSON' });
        return z.NEVER;
      }
    })
    .pipe(invoiceFilterSchema),
});

export type InvoiceDto = {
  id: string;
  invoiceNumber: string;
  kind: 'B2C' | 'B2B';
  orderId: string;
  shopOrderId: string;
  companyId: string;
  companyName: string;
  buyerName: string;
  buyerGstin: string | null;
  d2rSalesmanId: string | null;
  issuedAt: string;
  amountPaise: number;
  paidPaise: number;
  balancePaise: number;
  status: InvoiceStatus;
};

export type InvoicePaymentDto = {
  id: string;
  amountPaise: number;
  mode: InvoicePaymentMode;
  reference: string | null;
  paidOn: string;
  actorName: string | null;
  createdAt: string;
};

// ---- Responses (typed once, used by handler and client) ---------------

/** An invoice as the API answers it (same name as its type). */
export const InvoiceDto: z.ZodType<InvoiceDto> = z.object({
  id: z.string(),
  invoiceNumber: z.string(),
  kind: z.enum(['B2C', 'B2B']),
  orderId: z.string(),
  shopOrderId: z.string(),
  companyId: z.string(),
  companyName: z.string(),
  buyerName: z.string(),
  buyerGstin: z.string().nullable(),
  d2rSalesmanId: z.string().nullable(),
  issuedAt: z.string(),
  amountPaise: z.number(),
  paidPaise: z.number(),
  balancePaise: z.number(),
  status: z.enum(INVOICE_STATUSES),
});

export const InvoicePaymentDto: z.ZodType<InvoicePaymentDto> = z.object({
  id: z.string(),
  amountPaise: z.number(),
  mode: z.enum(PAYMENT_MODES),
  reference: z.string().nullable(),
  paidOn: z.string(),
  actorName: z.string().nullable(),
  createdAt: z.string(),
});

/** GET /api/invoices */
export const InvoiceListResponse = okBody({ invoices: z.array(InvoiceDto), currentCount: z.number(), message: z.string() });
export type InvoiceListResponse = z.infer<typeof InvoiceListResponse>;

/** GET /api/invoices/:id */
export const InvoiceDetailResponse = okBody({ invoice: InvoiceDto, payments: z.array(InvoicePaymentDto) });
export type InvoiceDetailResponse = z.infer<typeof InvoiceDetailResponse>;

/** POST /api/invoices/:id/payments (201): the invoice and its payments afterwards. */
export const PaymentRecordedResponse = InvoiceDetailResponse.extend({ message: z.string() });
export type PaymentRecordedResponse = z.infer<typeof PaymentRecordedResponse>;

/** POST /api/orders/:id/regenerate-documents: the invoice number the documents carry (the same one when it had one). */
export const DocumentsRegeneratedResponse = okBody({ message: z.string(), invoiceNumber: z.string().nullable(), awb: z.string().nullable() });
export type DocumentsRegeneratedResponse = z.infer<typeof DocumentsRegeneratedResponse>;

export const InvoicingWarehouse = z.object({
  id: z.string(),
  warehouseId: z.string(),
  profile: z.object({ name: z.string(), address: z.record(z.string(), z.string()) }),
  invoicePrefix: z.string(),
  b2bInvoicePrefix: z.string(),
  indexes: z.object({ b2cIndex: z.number(), b2bIndex: z.number() }),
  active: z.boolean(),
});
export type InvoicingWarehouse = z.infer<typeof InvoicingWarehouse>;

/** The saved invoicing profile as the form reads it back. */
export const InvoicingProfileDto = z.object({
  registeredName: z.string(),
  brandName: z.string(),
  invoicingAddress: z.record(z.string(), z.string()),
  logo: z.string(),
  logoUrl: z.string(),
  signature: z.string(),
  signatureUrl: z.string(),
  sgstPercentage: z.number(),
  cgstPercentage: z.number(),
  igstPercentage: z.number(),
  utgstPercentage: z.number(),
  warehouseInvoiceSeries: z.record(z.string(), z.object({ invoicePrefix: z.string(), b2bInvoicePrefix: z.string() })),
  invoiceIndexes: z.record(z.string(), z.object({ b2cIndex: z.number(), b2bIndex: z.number() })),
  updatedAt: z.string(),
});
export type InvoicingProfileDto = z.infer<typeof InvoicingProfileDto>;

/** GET /api/ums/invoices */
export const InvoicingResponse = okBody({
  company: z.object({ id: z.string(), name: z.string(), gstin: z.string().nullable(), address: z.record(z.string(), z.string()) }),
  userProfileDataObject: InvoicingProfileDto.nullable(),
  warehouses: z.array(InvoicingWarehouse),
});
export type InvoicingResponse = z.infer<typeof InvoicingResponse>;

/** POST /api/ums/invoices */
export const InvoicingSavedResponse = MessageResponse;
export type InvoicingSavedResponse = z.infer<typeof InvoicingSavedResponse>;
