// The admin audit log: every admin action on a company's
// data, filterable by company, user and date.
import { z } from 'zod';
import { okBody } from './api';
import { isoDay } from './iso-day';

const isoDate = isoDay();

export const auditQuerySchema = z.object({
  companyId: z.string().max(64).optional(),
  userId: z.string().max(64).optional(),
  startDate: isoDate.optional(),
  endDate: isoDate.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(25),
});
export type AuditQuery = z.output<typeof auditQuerySchema>;

/**
 * One field an action changed, as a person reads it (labels and values in words, money in rupees). A credential the
 * action replaced is a line of its own (`secret`): its name and `after` 'changed', never a value, before or after.
 */
export type AuditChange = { field: string; before: string | null; after: string | null; secret?: true };
/** What an entry's record is; the audit page opens each kind where it is kept (an order in the orders page, a catalogue item in its slider...). */
export const AUDIT_ENTITY_KINDS = [
  'order', 'company', 'catalogue_item', 'warehouse', 'company_gstin', 'user', 'promoter', 'channel_connection', 'courier_connection', 'gst_connection',
  'cluster', 'cluster_owner', 'driver',
] as const;
export type AuditEntityKind = (typeof AUDIT_ENTITY_KINDS)[number];

export type AuditEntry = {
  id: string;
  at: string;
  actorId: string | null;
  actorName: string;
  companyId: string | null;
  companyName: string | null;
  action: string;
  /** The action in words, e.g. 'Cancelled the order'. */
  actionText: string;
  path: string;
  entityId: string | null;
  entityKind: AuditEntityKind | null;
  /** The name a person knows the record by: the order's id in its shop, the company's name, an item's title and SKU, a GSTIN's state... */
  entityLabel: string | null;
  changes: AuditChange[];
  outcome: number;
};
export type AuditLogResponse = { status: true; data: AuditEntry[]; totalRecords: number; users: { id: string; name: string }[] };

/** GET /api/admin/audit-log (same name as its type; listed in /api/openapi.json). */
export const AuditLogResponse: z.ZodType<AuditLogResponse> = okBody({
  data: z.array(z.object({
    id: z.string(), at: z.string(), actorId: z.string().nullable(), actorName: z.string(), companyId: z.string().nullable(), companyName: z.string().nullable(),
    action: z.string(), actionText: z.string(), path: z.string(), entityId: z.string().nullable(),
    entityKind: z.enum(AUDIT_ENTITY_KINDS).nullable(), entityLabel: z.string().nullable(),
    changes: z.array(z.object({ field: z.string(), before: z.string().nullable(), after: z.string().nullable(), secret: z.literal(true).optional() })),
    outcome: z.number(),
  })),
  totalRecords: z.number(),
  users: z.array(z.object({ id: z.string(), name: z.string() })),
});

// ---------------------------------------------------------------------------
// The entries in words

/** Actions named by the words of their path (ids left out), as `actionOf` gives them. */
const ACTION_WORDS: Record<string, string> = {
  'PATCH orders/cancel': 'Cancelled the order',
  'PATCH orders/ready-to-ship': 'Marked the order ready to ship',
  'PATCH orders/revert-to-placed': 'Brought the order back to placed',
  'PATCH orders/mark-delivered': 'Marked the order delivered',
  'PATCH orders/customer': "Changed the customer's details",
  'PATCH orders/details': "Changed the order's details",
  'PATCH orders/items': "Changed the order's quantities",
  'PATCH orders/warehouse': 'Moved the order to another warehouse',
  'PATCH orders/weight': "Changed the order's weight",
  'PATCH orders/approve-d2r': 'Approved the D2R order',
  'PATCH orders/unblock-inventory': "Released the order's stock",
  'PATCH order-shipping-packages': "Changed the order's shipping package",
  'POST orders/regenerate-documents': 'Drew the invoice and label again',
  'POST orders/credit-notes': 'Issued a credit note',
  'POST orders/ndr/reattempt': 'Asked the courier to re-attempt delivery',
  'POST orders/ndr/address': 'Sent the courier a new address',
  'POST orders/ndr/rto': 'Asked the courier to return the order (RTO)',
  'POST orders/unserviceable/cancel': 'Cancelled the unserviceable order',
  'POST orders/unserviceable/courier': 'Chose another courier for the unserviceable order',
  'POST orders/unserviceable/recheck': 'Checked serviceability again',
  'POST orders/manual': 'Created a manual order',
  'POST cancel-return': 'Cancelled the return',
  'POST schedule_dto': 'Scheduled a return pickup',
  'POST process-returns': 'Processed returns',
  'POST bulkreadytoship': 'Marked orders ready to ship in bulk',
  'POST order/bulk': 'Uploaded orders in bulk',
  'POST catalogue': 'Added a catalogue item',
  'PUT catalogue': 'Changed a catalogue item',
  'POST catalogue/bulk': 'Uploaded the catalogue in bulk',
  'POST ums/profile/preferences': 'Changed the preferences',
  'PATCH ums/profile/tracking-layout': 'Changed the tracking page',
  'PUT profile/company': "Changed the company's profile",
  'PUT profile/warehouse': "Changed the warehouse's profile",
  'POST ums/invoices': 'Changed the invoice settings',
  'PUT ums/invoices/gstins': 'Changed a state GSTIN',
  'DELETE ums/invoices/gstins': 'Removed a state GSTIN',
  'POST customerRequests/accept': "Accepted the buyer's request",
  'POST customerRequests/decline': "Declined the buyer's request",
  'POST d2r/store-address': 'Added a store address',
  'POST salesman': 'Added a salesman',
  'POST invoices/payments': 'Recorded a payment',
  'POST integrations/connections': 'Connected a store or courier',
  'PATCH integrations/connections': 'Changed a connection',
  'DELETE integrations/connections': 'Removed a connection',
  'PUT gst/settings': 'Changed the GST e-invoicing settings',
  'POST admin/create-warehouse': 'Created a warehouse',
  'POST admin/create-warehouse-owner': 'Created a warehouse user',
  'POST admin/create-cluster-owner': 'Created a cluster owner',
  'POST admin/create-cluster': 'Created a cluster',
  'POST admin/assign-cluster': 'Assigned a warehouse to a cluster',
  'POST admin/create-driver': 'Created a driver',
  'POST admin/promoter': 'Added a promoter',
};
const VERB: Record<string, string> = { POST: 'Created', PUT: 'Changed', PATCH: 'Changed', DELETE: 'Removed' };

/** An action (`PATCH orders/cancel`) in words; one not listed reads as its verb and the words of its path. */
export function actionText(action: string): string {
  const known = ACTION_WORDS[action] ?? ACTION_WORDS[action.replace(/\/$/, '')];
  if (known) return known;
  const [method, path = ''] = action.split(' ');
  const words = path.split('/').map((w) => w.replace(/[-_]/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase()).filter((w) => w && w !== 'ums');
  return `${VERB[method] ?? method} ${words.join(' ') || 'a record'}`.trim();
}

/** A record's fields as stored (flat: an address's parts as `shipping_address.city`). */
export type AuditFields = Record<string, string | number | null>;

/** Field names as a person reads them; a field not listed reads as its words. */
const FIELD_LABELS: Record<string, string> = {
  status: 'Status', shipper: 'Courier', tracking_number: 'AWB', return_awb: 'Return AWB', warehouse_id: 'Warehouse', payment_mode: 'Payment',
  total_paise: 'Order total', shipping_paise: 'Shipping charge', cod_paise: 'COD amount', customer_name: 'Customer', customer_phone: 'Phone',
  customer_email: 'E-mail', weight_g: 'Weight (g)', length_cm: 'Length (cm)', breadth_cm: 'Breadth (cm)', height_cm: 'Height (cm)',
  shipping_package_code: 'Shipping package', cancel_reason: 'Cancellation reason', eway_bill: 'E-way bill', remarks: 'Remarks',
  invoice_number: 'Invoice', items_summary: 'Items', inventory_blocked: 'Stock held', purchase_order_number: 'PO number',
  terms_of_payment: 'Terms of payment', due_date: 'Due date', order_type: 'Order type', name: 'Name', poc: 'Contact person', poc_phone: 'Contact phone',
  email: 'E-mail', phone: 'Phone', pan: 'PAN', gst: 'GSTIN', gstin: 'GSTIN', website: 'Website', is_d2r: 'D2R', state: 'State',
  product_title: 'Product', variant_title: 'Variant', sku: 'SKU', category: 'Category', product_type: 'Product type', bar_code: 'Barcode', hsn_code: 'HSN code',
  price_paise: 'Price', base_price_paise: 'Base price', margin: 'Margin (%)', distributor_margin: 'Distributor margin (%)', active: 'Active',
  inventory_quantity: 'Stock', d2r_category: 'D2R category', shop_type: 'Channel', code: 'Code', invoice_prefix: 'Invoice prefix', b2b_invoice_prefix: 'B2B invoice prefix',
  role: 'Role', warehouse: 'Warehouse', company: 'Company', hms_user_reference_id: 'HMS reference', retailers: 'Retailers',
  kind: 'Partner', label: 'Name', base_url: 'API address', einvoicing: 'E-invoicing', turnover_band: 'Turnover band',
};
const PART_LABELS: Record<string, string> = {
  shipping_address: 'Shipping address', billing_address: 'Billing address', address: 'Address', preferences: 'Preferences', registered_address: 'Registered address',
  gst: 'GST', settings: 'Settings', secrets: 'Credentials',
};
/** Flags stored as 0/1, read as Yes/No (by the last part of the field's name). */
const YES_NO = new Set([
  'inventory_blocked', 'active', 'is_d2r', 'whatsapp_ndr_active', 'clickpost_active', 'einvoicing', 'print_item_label', 'hide_customer_phone_on_label', 'return_to_other_warehouse',
]);
/** A field named like a credential is never logged, whatever record it comes from. */
const SECRET_FIELD = /secret|password|passwd|token|api_?key|private|hash|credential/i;
export const isSecretField = (key: string) => SECRET_FIELD.test(key);

const words = (k: string) => k.replace(/_/g, ' ').replace(/([a-z])([A-Z0-9])/g, '$1 $2').replace(/^./, (c) => c.toUpperCase());

export function fieldLabel(key: string): string {
  const [head, part] = key.split('.', 2);
  if (part !== undefined) return `${PART_LABELS[head] ?? words(head)}: ${words(part).toLowerCase()}`;
  return FIELD_LABELS[key] ?? words(key);
}

function valueText(key: string, v: string | number | null): string | null {
  if (v === null || v === '') return null;
  if (typeof v === 'number' && key.endsWith('_paise')) {
    const rupees = Math.abs(v) / 100;
    return `${v < 0 ? '-' : ''}₹${rupees.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  }
  if (YES_NO.has(key.slice(key.lastIndexOf('.') + 1))) return v ? 'Yes' : 'No';
  if (key === 'order_type') return ['None', 'B2B', 'D2R'][Number(v)] ?? String(v);
  return String(v).slice(0, 300);
}

/** Each field whose value differs, before → after, in words (bookkeeping fields such as version and times, and anything named like a secret, left out). */
export function auditChanges(before: AuditFields, after: AuditFields): AuditChange[] {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  const out: AuditChange[] = [];
  for (const k of keys) {
    if (/^(version|updated_at|created_at|id|company_id)$/.test(k) || isSecretField(k)) continue;
    const b = valueText(k, before[k] ?? null);
    const a = valueText(k, after[k] ?? null);
    if (b !== a) out.push({ field: fieldLabel(k), before: b, after: a });
  }
  return out.slice(0, 60);
}

/** A credential's line: its name and that it changed (or was removed); its value is never read. */
const credentialLine = (key: string, v: string): AuditChange => ({ field: fieldLabel(key), before: null, after: v === '' ? 'removed' : 'changed', secret: true });

/**
 * The credentials a write on an existing record replaced, as named in its body: a field named like a secret (`password`)
 * and each entry of `secrets` (a connection's token, webhook secret...). Names only: the values are not looked at beyond
 * whether one was given.
 */
export function credentialChanges(body: Record<string, unknown> | undefined): AuditChange[] {
  if (!body) return [];
  const out: AuditChange[] = [];
  const named = (k: string) => k.length <= 60 && /^[A-Za-z][\w-]*$/.test(k);
  for (const [k, v] of Object.entries(body)) if (typeof v === 'string' && named(k) && isSecretField(k)) out.push(credentialLine(k, v));
  const secrets = body.secrets;
  if (secrets && typeof secrets === 'object' && !Array.isArray(secrets)) {
    for (const [k, v] of Object.entries(secrets)) if (typeof v === 'string' && named(k)) out.push(credentialLine(`secrets.${k}`, v));
  }
  return out.slice(0, 20);
}
