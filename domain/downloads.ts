// Downloads: labels, invoices, manifest, pick list, Tally vouchers, CSV exports,
// and the e-mailed link used when a request is too big to answer directly.
// The exact texts of spec part 1 §5/§8 and part 2 §8, with the request schemas.
import { z } from 'zod';
import { okBody } from './api';
import { orderFilterShape } from './orders/filters';
import { ORDER_TABLE_SECTIONS } from './orders/sections';
import { SELECT_AT_LEAST_ONE } from './messages';
import { emailField } from './profile';
import { invoiceFilterSchema } from './invoicing';

export { SELECT_AT_LEAST_ONE };
export const DOWNLOAD_API_ERROR = 'Download API Error';
export const DOWNLOAD_CSV_ERROR = 'Download CSV Error - Please try again after some time.';
export const NO_ORDERS_FOR_FILTER = 'There are no orders available for the selected filter';
export const PICK_LIST_NONE = 'Please select at least one order to generate pick list excel';
export const TALLY_NONE = 'No order is selected.';
export const VOUCHER_FAILED = "Voucher for some orders can't be created. Download excel to know the reason.";
export const EMAIL_TOO_MANY_ROWS = 'Requested data contains too many rows, please enter your email address to receive download url.';
export const EMAIL_TOO_MANY_ORDERS = 'Requested data contains too many orders, please enter your email address to receive url.';
/** Shown when a label, invoice or pick list call answers JSON instead of a file. */
export const unableToFind = (kind: DocumentKind | 'pick list' | 'manifest') => `Unable to find ${kind}`;
export const PICK_LIST_FILE = 'PickList.xlsx';
export const EXPORT_LINK_EXPIRED = 'This download link has expired or is not valid';
export const EMAIL_QUEUED = 'We are preparing your file. The download link will be e-mailed to you.';
export const EMAIL_SENT = 'The download link has been e-mailed.';
/** E-mailed download links stay valid this long. */
export const EXPORT_LINK_TTL_MS = 24 * 60 * 60 * 1000;
/** The most ids one request may name (larger selections go by filter). */
export const MAX_IDS_PER_REQUEST = 20_000;
export const TOO_MANY_IDS = `At most ${MAX_IDS_PER_REQUEST} orders can be sent in one request`;

export const DOCUMENT_KINDS = ['label', 'invoice'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

const orderIds = (emptyMessage: string) =>
  z
    .array(z.string().min(1).max(64), { error: emptyMessage })
    .min(1, emptyMessage)
    .max(MAX_IDS_PER_REQUEST, TOO_MANY_IDS)
    .transform((ids) => [...new Set(ids)]);

/** POST /download/{label|invoice}: body list of orderId (part 1 §7). */
export const documentRequestSchema = z.object({ orderId: orderIds(SELECT_AT_LEAST_ONE) });
export const pickListRequestSchema = z.object({ orderIds: orderIds(PICK_LIST_NONE) });
export const tallyRequestSchema = z.object({ orderIds: orderIds(TALLY_NONE) });
/** GET /download/shipping-manifest?orderIds=a,b (or repeated). */
export const manifestQuerySchema = z.object({
  orderIds: z
    .union([z.string().max(MAX_IDS_PER_REQUEST * 65), z.array(z.string().max(MAX_IDS_PER_REQUEST * 65)).max(MAX_IDS_PER_REQUEST)], { error: SELECT_AT_LEAST_ONE })
    .transform((v) => [...new Set((Array.isArray(v) ? v : [v]).flatMap((s) => s.split(',')).map((s) => s.trim()).filter(Boolean))])
    .pipe(z.array(z.string().max(64)).min(1, SELECT_AT_LEAST_ONE).max(MAX_IDS_PER_REQUEST, TOO_MANY_IDS)),
});

export const TALLY_FORMATS = ['xml', 'excel'] as const;
export type TallyFormat = (typeof TALLY_FORMATS)[number];
/** The spec writes the path as /tally-voucher/download/:xml; both spellings are accepted. */
export const tallyFormatParam = z.object({
  format: z.enum(['xml', 'excel', ':xml', ':excel']).transform((f) => f.replace(/^:/, '') as TallyFormat),
});

// ---- CSV exports ---------------------------------------------------------------------
export const CSV_ENTITIES = ['orders', 'catalogue', 'inventory', 'invoices'] as const;
export type CsvEntity = (typeof CSV_ENTITIES)[number];
export const APP_TYPE_VALUES = ['admin', 'seller', 'wms'] as const;

/** The orders page's current filter (section tab and the filter drawer). */
export const ordersCsvFilterSchema = z.object({ tab: z.enum(ORDER_TABLE_SECTIONS).default('all'), ...orderFilterShape });
export type OrdersCsvFilter = z.output<typeof ordersCsvFilterSchema>;
export const catalogueCsvFilterSchema = z.object({
  shopType: z.string().max(40).optional(),
  active: z.union([z.literal(0), z.literal(1)]).optional(),
  q: z.string().trim().max(64).optional(),
  companyId: z.string().max(64).optional(),
});
export const inventoryCsvFilterSchema = z.object({
  warehouseId: z.string().max(64).optional(),
  q: z.string().trim().max(64).optional(),
  companyId: z.string().max(64).optional(),
});
export const CSV_FILTER_SCHEMAS = {
  orders: ordersCsvFilterSchema,
  catalogue: catalogueCsvFilterSchema,
  inventory: inventoryCsvFilterSchema,
  invoices: invoiceFilterSchema,
} as const;

/** POST /download/csv/:entity — download CSV by entity (filter, appType). */
export const csvRequestSchema = z.object({
  filter: z.record(z.string(), z.unknown()).default({}),
  appType: z.enum(APP_TYPE_VALUES).optional(),
});
export const csvEntityParam = z.object({ entity: z.enum(CSV_ENTITIES) });

// ---- E-mailed downloads ----------------------------------------------------------------
export const EMAIL_KINDS = ['label', 'invoice', 'csv:orders', 'csv:catalogue', 'csv:inventory', 'csv:invoices'] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

/** POST /download/email: what to build (ids for documents, a filter for CSV) and where to send the link. */
export const emailDownloadSchema = z
  .object({
    kind: z.enum(EMAIL_KINDS),
    ids: z.array(z.string().min(1).max(64)).max(MAX_IDS_PER_REQUEST, TOO_MANY_IDS).optional(),
    filter: z.record(z.string(), z.unknown()).optional(),
    email: emailField(),
  })
  .superRefine((v, ctx) => {
    if ((v.kind === 'label' || v.kind === 'invoice') && !v.ids?.length) {
      ctx.addIssue({ code: 'custom', path: ['ids'], message: SELECT_AT_LEAST_ONE });
    }
  });
export type EmailDownloadRequest = z.output<typeof emailDownloadSchema>;

/** The answer of a download call that is too big to answer directly (HTTP 413). */
export type EmailRequired = { status: false; emailRequired: true; message: string; count: number; limit: number };

/** POST /api/download/email (202): the durable job that builds and mails the file; poll GET /api/jobs/:id. */
export const EmailDownloadQueued = okBody({ jobId: z.string(), message: z.string(), total: z.number() });
export type EmailDownloadQueued = z.infer<typeof EmailDownloadQueued>;

/** GET /api/download/email/recipients: the addresses a file may be e-mailed to (own verified address, company, warehouse). */
export const MailRecipientsResponse = okBody({ recipients: z.array(z.string()) });
export type MailRecipientsResponse = z.infer<typeof MailRecipientsResponse>;

/**
 * POST /api/tally-voucher/download/xml: the Tally XML of the orders' vouchers; when some
 * cannot be made, `status: false` with VOUCHER_FAILED and each order's reasons (the
 * /excel form of the same route answers the failures as a spreadsheet file).
 */
export const TallyVouchersResponse = z.union([
  z.object({ success: z.literal(true), status: z.literal(true), xml: z.string(), vouchers: z.number() }),
  z.object({
    success: z.literal(false), status: z.literal(false), message: z.string(), xml: z.string(), vouchers: z.number(),
    failures: z.array(z.object({ orderId: z.string(), invoiceNumber: z.string().nullable(), reasons: z.array(z.string()) })),
  }),
]);
export type TallyVouchersResponse = z.infer<typeof TallyVouchersResponse>;
