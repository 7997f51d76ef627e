// The records an admin write can touch, each read the same way for the audit log's
// before and after: one loader per kind (its fields flat, its name, its company).
// A loader never reads a secret: connections' sealed credentials and users' password
// hashes are not selected (and domain/audit.ts drops any field named like a secret).
import type { Kysely } from 'kysely';
import { AUDIT_ENTITY_KINDS, type AuditEntityKind, type AuditFields } from '../../domain/audit';
import { CHANNEL_KINDS } from '../../domain/channels';
import { INDIAN_REGIONS } from '../../domain/india';
import type { Database } from '../schema';
import { driverById, listClusterOwners, listClusters } from '../admin/masters';
import '../tables/preferences-carriers-promoters';
import '../tables/orders';
import '../tables/manual-order-gstins';
import '../tables/integrations';
import '../tables/einvoices';

type Db = Kysely<Database>;

/** A record as the audit log compares it before and after an action: its kind, its name, its company (null: none), its fields (flat). */
export type AuditSnapshot = { kind: AuditEntityKind; id: string; companyId: string | null; label: string; fields: AuditFields };

type Loader = (db: Db, id: string) => Promise<AuditSnapshot | null>;

/** A JSON object (an address, a connection's settings) as flat fields `prefix.part`; a nested value as its JSON. */
function flatJson(prefix: string, json: string | null, out: AuditFields) {
  if (!json) return;
  try {
    const v = JSON.parse(json) as Record<string, unknown>;
    for (const [k, x] of Object.entries(v ?? {})) {
      if (x === null || typeof x === 'string' || typeof x === 'number') out[`${prefix}.${k}`] = x;
      else if (typeof x === 'boolean') out[`${prefix}.${k}`] = x ? 1 : 0;
      // An empty list or map (a setting's default) reads as empty, as a missing one does: no "empty → {}" line.
      else if (x !== undefined) out[`${prefix}.${k}`] = Object.keys(x).length ? JSON.stringify(x) : null;
    }
  } catch {
    out[prefix] = json;
  }
}

/** A company GSTIN is one per company and state: its audit id joins the two (`<companyId>/<stateCode>`). */
export const gstinAuditId = (companyId: string, stateCode: string) => `${companyId}/${stateCode}`;
const stateName = (code: string) => INDIAN_REGIONS.find((r) => r.gstCode === code)?.name ?? code;

const order: Loader = async (db, id) => {
  const o = await db
    .selectFrom('orders')
    .select([
      'id', 'company_id', 'shop_order_id', 'status', 'shipper', 'tracking_number', 'return_awb', 'warehouse_id', 'payment_mode', 'order_type', 'total_paise',
      'shipping_paise', 'cod_paise', 'customer_name', 'customer_phone', 'customer_email', 'shipping_address', 'billing_address', 'weight_g', 'length_cm',
      'breadth_cm', 'height_cm', 'shipping_package_code', 'cancel_reason', 'eway_bill', 'remarks', 'invoice_number', 'items_summary', 'inventory_blocked',
      'purchase_order_number', 'terms_of_payment', 'due_date',
    ])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!o) return null;
  const { id: _id, company_id, shop_order_id, shipping_address, billing_address, ...rest } = o;
  const fields: AuditFields = { ...rest };
  flatJson('shipping_address', shipping_address, fields);
  flatJson('billing_address', billing_address, fields);
  return { kind: 'order', id, companyId: company_id, label: shop_order_id, fields };
};

/** A company with its preferences and its GST e-invoicing settings. */
const company: Loader = async (db, id) => {
  const c = await db
    .selectFrom('companies')
    .select(['id', 'name', 'email', 'phone', 'pan', 'gst', 'website', 'poc', 'poc_phone', 'address', 'warehouse_requirement', 'is_d2r', 'whatsapp_ndr_active', 'clickpost_active'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!c) return null;
  const { id: _cid, address, ...rest } = c;
  const fields: AuditFields = { ...rest };
  flatJson('address', address, fields);
  const [prefs, gst] = await Promise.all([
    db.selectFrom('seller_preferences').selectAll().where('company_id', '=', id).executeTakeFirst(),
    db.selectFrom('gst_settings').select(['einvoicing', 'turnover_band']).where('company_id', '=', id).executeTakeFirst(),
  ]);
  if (prefs) {
    const { company_id: _c, updated_by: _b, updated_at: _u, ...p } = prefs;
    for (const [k, v] of Object.entries(p)) fields[`preferences.${k}`] = v as string | number | null;
  }
  if (gst) Object.assign(fields, gst);
  return { kind: 'company', id, companyId: c.id, label: c.name, fields };
};

const catalogueItem: Loader = async (db, id) => {
  const r = await db
    .selectFrom('catalogue_items')
    .select([
      'company_id', 'shop_type', 'product_title', 'variant_title', 'sku', 'category', 'product_type', 'bar_code', 'hsn_code', 'price_paise', 'base_price_paise',
      'margin', 'distributor_margin', 'weight_g', 'length_cm', 'breadth_cm', 'height_cm', 'active', 'inventory_quantity', 'd2r_category', 'gst',
    ])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!r) return null;
  const { company_id, gst, ...rest } = r;
  const fields: AuditFields = { ...rest };
  flatJson('gst', gst, fields);
  const label = `${r.product_title}${r.variant_title ? ` – ${r.variant_title}` : ''} (${r.sku})`;
  return { kind: 'catalogue_item', id, companyId: company_id, label, fields };
};

const warehouse: Loader = async (db, id) => {
  const w = await db
    .selectFrom('warehouses')
    .select(['name', 'code', 'email', 'phone', 'pan', 'gst', 'website', 'address', 'invoice_prefix', 'b2b_invoice_prefix', 'active'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!w) return null;
  const { address, ...rest } = w;
  const fields: AuditFields = { ...rest };
  flatJson('address', address, fields);
  return { kind: 'warehouse', id, companyId: null, label: `${w.name} (${w.code})`, fields };
};

const companyGstin: Loader = async (db, id) => {
  const [companyId, stateCode] = id.split('/');
  if (!companyId || !/^\d{2}$/.test(stateCode ?? '')) return null;
  const g = await db.selectFrom('company_gstins').select(['gstin', 'address']).where('company_id', '=', companyId).where('state_code', '=', stateCode).executeTakeFirst();
  if (!g) return null;
  const fields: AuditFields = { state: stateName(stateCode), gstin: g.gstin };
  flatJson('registered_address', g.address, fields);
  return { kind: 'company_gstin', id, companyId, label: `${stateName(stateCode)} (${stateCode})`, fields };
};

/** A user: name, e-mail, role and the warehouse or company it belongs to (never its password). */
const user: Loader = async (db, id) => {
  const u = await db
    .selectFrom('users')
    .leftJoin('warehouses', 'warehouses.id', 'users.warehouse_id')
    .leftJoin('companies', 'companies.id', 'users.company_id')
    .select(['users.name', 'users.email', 'users.role', 'users.company_id', 'warehouses.name as warehouse', 'companies.name as company'])
    .where('users.id', '=', id)
    .executeTakeFirst();
  if (!u) return null;
  const { company_id, ...fields } = u;
  return { kind: 'user', id, companyId: company_id, label: `${u.name} (${u.email})`, fields };
};

/** A promoter with its retailers (name, phone, GSTIN each). */
const promoter: Loader = async (db, id) => {
  const p = await db.selectFrom('promoters').select(['name', 'phone', 'hms_user_reference_id']).where('id', '=', id).executeTakeFirst();
  if (!p) return null;
  const retailers = await db.selectFrom('promoter_retailers').select(['first_name', 'last_name', 'phone', 'gstin']).where('promoter_id', '=', id).orderBy('phone').execute();
  const fields: AuditFields = { ...p, retailers: retailers.map((r) => `${`${r.first_name} ${r.last_name}`.trim()} (${r.phone}${r.gstin ? `, ${r.gstin}` : ''})`).join('; ') || null };
  return { kind: 'promoter', id, companyId: null, label: `${p.name} (${p.phone})`, fields };
};

/** A store, courier or GST portal connection: its name, partner, address, status and settings; its sealed credentials are never read. */
const connection: Loader = async (db, id) => {
  const c = await db.selectFrom('integration_connections').select(['company_id', 'kind', 'label', 'base_url', 'settings', 'status']).where('id', '=', id).executeTakeFirst();
  if (!c) return null;
  const { company_id, settings, ...rest } = c;
  const fields: AuditFields = { ...rest };
  flatJson('settings', settings, fields);
  const kind: AuditEntityKind = (CHANNEL_KINDS as readonly string[]).includes(c.kind) ? 'channel_connection' : c.kind.startsWith('gst') ? 'gst_connection' : 'courier_connection';
  return { kind, id, companyId: company_id, label: c.label, fields };
};

/** A last-mile cluster: its name, city, owner, pincodes and warehouses (the lists sorted, comma-separated). */
const cluster: Loader = async (db, id) => {
  const [c] = await listClusters(db, [id]);
  if (!c) return null;
  const fields: AuditFields = {
    name: c.clusterName, city: c.city, owner: c.owner ? `${c.owner.name} (${c.owner.phone})` : null,
    pincodes: c.clusterPincode.join(', ') || null, warehouses: c.warehouses.map((w) => w.name).join(', ') || null,
  };
  return { kind: 'cluster', id, companyId: null, label: `${c.clusterName} (${c.city})`, fields };
};

/** A cluster owner: name, phone, e-mail and the clusters it owns. */
const clusterOwner: Loader = async (db, id) => {
  const [o] = await listClusterOwners(db, [id]);
  if (!o) return null;
  return { kind: 'cluster_owner', id, companyId: null, label: `${o.name} (${o.email})`, fields: { name: o.name, phone: o.phone, email: o.email, clusters: o.clusters.join(', ') || null } };
};

/** A delivery driver: name, phone, vehicle, whether active, and its cluster by name. */
const driver: Loader = async (db, id) => {
  const d = await driverById(db, id);
  if (!d) return null;
  return { kind: 'driver', id, companyId: null, label: `${d.name} (${d.phone})`, fields: { name: d.name, phone: d.phone, vehicle: d.vehicle, active: d.active ? 1 : 0, cluster: d.clusterName } };
};

/** One loader per kind of record; the three kinds of connection share one table and so one loader. */
const LOADERS: Record<AuditEntityKind, Loader> = {
  order, company, catalogue_item: catalogueItem, warehouse, company_gstin: companyGstin, user, promoter,
  channel_connection: connection, courier_connection: connection, gst_connection: connection, cluster, cluster_owner: clusterOwner, driver,
};
/** Each loader once, in the order an id of unknown kind is looked for. */
const PROBES = [...new Set(AUDIT_ENTITY_KINDS.map((k) => LOADERS[k]))];

/** The record an id names, as the audit log shows it; of the kind given, else of whichever kind has it; null when none. */
export async function auditSnapshot(db: Db, id: string, kind?: AuditEntityKind | null): Promise<AuditSnapshot | null> {
  if (kind) return LOADERS[kind](db, id);
  for (const load of PROBES) {
    const s = await load(db, id);
    if (s) return s;
  }
  return null;
}
