// Promoters (part 2 §2 'Promoter page', §3 'Promoter', §7, §8): admins create
// promoters with their retailers, list them, and read their stock details and
// credit notes.
import { z } from 'zod';
import { okBody, paginationInput, sortByInput } from './api';
import { isoDay } from './iso-day';
import { normalisePhone, PHONE_INPUT_MAX } from './phone';

export const ERROR_CREATING_PROMOTER = 'error creating promoter';
export const PROMOTER_CREATED = 'Promoter created';
export const PROMOTER_PHONE_TAKEN = 'A promoter with this phone already exists';
export const RETAILER_PHONE_REPEATED = 'Each retailer needs a different phone';
export const PROMOTER_NOT_FOUND = 'Promoter not found';

const phone = (label: string) =>
  z.string({ error: `Please input ${label}!` }).trim().max(PHONE_INPUT_MAX).transform(normalisePhone).pipe(z.string().regex(/^[6-9][0-9]{9}$/, 'Phone number must be 10 digits'));
const text = (label: string, max: number) => z.string({ error: `Please input ${label}!` }).trim().min(1, `Please input ${label}!`).max(max);

export const promoterRetailerSchema = z.object({
  firstName: text('First Name', 60),
  lastName: text('Last Name', 60),
  phone: phone('Phone'),
  GSTIN: z
    .string()
    .trim()
    .toUpperCase()
    .max(15, 'GSTIN must be 15 characters')
    .refine((g) => g === '' || /^[0-9]{2}[A-Z0-9]{13}$/.test(g), 'GSTIN must be 15 characters')
    .default(''),
});
export type PromoterRetailerInput = z.output<typeof promoterRetailerSchema>;

/** POST /admin/promoter {name, phone, retailers, user}. */
export const createPromoterSchema = z
  .object({
    name: text('Name', 120),
    phone: phone('Phone'),
    retailers: z.array(promoterRetailerSchema).min(1, 'Please add atleast 1 retailer').max(50, 'At most 50 retailers at a time'),
    user: z.string().max(120).optional(),
  })
  .superRefine((v, ctx) => {
    const seen = new Set<string>();
    v.retailers.forEach((r, i) => {
      if (seen.has(r.phone)) ctx.addIssue({ code: 'custom', path: ['retailers', i, 'phone'], message: RETAILER_PHONE_REPEATED });
      seen.add(r.phone);
    });
  });
export type CreatePromoterInput = z.output<typeof createPromoterSchema>;

export const PROMOTER_SORT_FIELDS = ['name', 'phone', 'createdAt', 'retailerCount'] as const;

/** POST /admin/promoter/list {where, pagination, sortBy, usertype}. */
export const promoterListSchema = z.object({
  where: z
    .object({
      name: z.string().trim().max(120).optional(),
      phone: z.string().trim().max(10).optional(),
      retailerPhone: z.string().trim().max(10).optional(),
    })
    .default({}),
  pagination: paginationInput,
  sortBy: sortByInput(PROMOTER_SORT_FIELDS, 'createdAt'),
  usertype: z.string().max(40).optional(),
});
export type PromoterListInput = z.output<typeof promoterListSchema>;

export type PromoterRetailer = { id: string; firstName: string; lastName: string; phone: string; GSTIN: string };
export type Promoter = {
  id: string;
  name: string;
  phone: string;
  hmsUserReferenceId: string;
  retailers: PromoterRetailer[];
  createdAt: string;
  createdBy: string;
};
export type PromoterListResponse = { status: true; data: Promoter[]; totalRecords: number };
export type CreatePromoterResponse = { status: true; message: string; data: Promoter };

/** Search options of the stock-details and credit-note reports. */
export const PROMOTER_SEARCH_OPTIONS = [
  { value: 'retailerPhone', label: 'Retailer phone' },
  { value: 'retailerName', label: 'Retailer name' },
  { value: 'sku', label: 'SKU' },
  { value: 'orderId', label: 'Order ID' },
] as const;
export type PromoterSearchOption = (typeof PROMOTER_SEARCH_OPTIONS)[number]['value'];

const isoDate = isoDay();

/** Query of /admin/promoter/stock-details and /admin/promoter/credit-note. */
export const promoterReportSchema = z
  .object({
    searchOptionType: z.enum(PROMOTER_SEARCH_OPTIONS.map((o) => o.value) as [PromoterSearchOption, ...PromoterSearchOption[]]).optional(),
    searchValue: z.string().trim().max(120).optional(),
    promoterName: z.string().trim().max(120).optional(),
    record: z.coerce.number().int().min(1).max(500).default(10),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    csvFlag: z.enum(['true', 'false']).default('false').transform((s) => s === 'true'),
    startDate: isoDate.optional(),
    endDate: isoDate.optional(),
  })
  .refine((q) => !q.startDate || !q.endDate || q.startDate <= q.endDate, { path: ['endDate'], message: 'End date cannot be before start date' });
export type PromoterReportInput = z.output<typeof promoterReportSchema>;

export type PromoterStockRow = {
  promoterName: string;
  retailerName: string;
  retailerPhone: string;
  sku: string;
  product: string;
  quantity: number;
  returnedQuantity: number;
  valuePaise: number;
  lastOrderAt: string;
};
export type PromoterCreditNoteRow = {
  promoterName: string;
  retailerName: string;
  retailerPhone: string;
  orderId: string;
  creditNoteNumber: string;
  amountPaise: number;
  reason: string;
  createdAt: string;
};
export type PromoterStockResponse = { status: true; data: PromoterStockRow[]; totalRecords: number };
export type PromoterCreditNoteResponse = { status: true; data: PromoterCreditNoteRow[]; totalRecords: number };

export const STOCK_CSV_HEADER = ['Promoter', 'Retailer', 'Retailer Phone', 'SKU', 'Product', 'Quantity', 'Returned', 'Value (INR)', 'Last Order (IST)'] as const;
export const CREDIT_NOTE_CSV_HEADER = ['Promoter', 'Retailer', 'Retailer Phone', 'Order ID', 'Credit Note', 'Amount (INR)', 'Reason', 'Created At (IST)'] as const;

// ---- Response schemas (same names as the types above; listed in /api/openapi.json) ------

const PromoterSchema = z.object({
  id: z.string(),
  name: z.string(),
  phone: z.string(),
  hmsUserReferenceId: z.string(),
  retailers: z.array(z.object({ id: z.string(), firstName: z.string(), lastName: z.string(), phone: z.string(), GSTIN: z.string() })),
  createdAt: z.string(),
  createdBy: z.string(),
});
/** POST /api/admin/promoter/list */
export const PromoterListResponse: z.ZodType<PromoterListResponse> = okBody({ data: z.array(PromoterSchema), totalRecords: z.number() });
/** GET /api/admin/promoter/:id */
export type PromoterResponse = { status: true; data: Promoter };
export const PromoterResponse: z.ZodType<PromoterResponse> = okBody({ data: PromoterSchema });
/** POST /api/admin/promoter (201) */
export const CreatePromoterResponse: z.ZodType<CreatePromoterResponse> = okBody({ message: z.string(), data: PromoterSchema });
/** GET /api/admin/promoter/stock-details */
export const PromoterStockResponse: z.ZodType<PromoterStockResponse> = okBody({
  data: z.array(z.object({
    promoterName: z.string(), retailerName: z.string(), retailerPhone: z.string(), sku: z.string(), product: z.string(), quantity: z.number(),
    returnedQuantity: z.number(), valuePaise: z.number(), lastOrderAt: z.string(),
  })),
  totalRecords: z.number(),
});
/** GET /api/admin/promoter/credit-note */
export const PromoterCreditNoteResponse: z.ZodType<PromoterCreditNoteResponse> = okBody({
  data: z.array(z.object({
    promoterName: z.string(), retailerName: z.string(), retailerPhone: z.string(), orderId: z.string(), creditNoteNumber: z.string(),
    amountPaise: z.number(), reason: z.string(), createdAt: z.string(),
  })),
  totalRecords: z.number(),
});
