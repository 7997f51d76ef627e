// The admin audit log: one row per admin write, with the company it touched.
import type { Kysely } from 'kysely';
import { actionText, type AuditChange, type AuditEntityKind, type AuditEntry, type AuditFields, type AuditQuery } from '../../domain/audit';
import { nowIso, uuidv7 } from '../../domain/ids';
import type { Database } from '../schema';
import '../tables/preferences-carriers-promoters';
import '../tables/orders';

type Db = Kysely<Database>;

export type AuditInsert = {
  actorId: string | null;
  actorName: string;
  companyId: string | null;
  action: string;
  path: string;
  entityId: string | null;
  outcome: number;
  entityKind?: AuditEntityKind | null;
  entityLabel?: string | null;
  changes?: AuditChange[];
};

export async function insertAudit(db: Db, e: AuditInsert): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      id: uuidv7(), at: nowIso(), actor_id: e.actorId, actor_name: e.actorName, company_id: e.companyId, action: e.action, path: e.path, entity_id: e.entityId, outcome: e.outcome,
      entity_kind: e.entityKind ?? null, entity_label: e.entityLabel?.slice(0, 200) ?? null, changes: e.changes?.length ? JSON.stringify(e.changes) : null,
    })
    .execute();
}

/** A record as the audit log compares it before and after an action: its kind, its name, its fields (flat). */
export type AuditSnapshot = { kind: AuditEntityKind; id: string; companyId: string; label: string; fields: AuditFields };

/** An address (JSON) as flat fields `prefix.part`. */
function flatJson(prefix: string, json: string | null, out: AuditFields) {
  if (!json) return;
  try {
    const v = JSON.parse(json) as Record<string, unknown>;
    for (const [k, x] of Object.entries(v ?? {})) if (x === null || typeof x === 'string' || typeof x === 'number') out[`${prefix}.${k}`] = x;
  } catch {
    out[prefix] = json;
  }
}

/** The order or company an id names (a company with its preferences), for the audit log's before and after; null when neither. */
export async function auditSnapshot(db: Db, id: string): Promise<AuditSnapshot | null> {
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
  if (o) {
    const { id: _id, company_id, shop_order_id, shipping_address, billing_address, ...rest } = o;
    const fields: AuditFields = { ...rest };
    flatJson('shipping_address', shipping_address, fields);
    flatJson('billing_address', billing_address, fields);
    return { kind: 'order', id, companyId: company_id, label: shop_order_id, fields };
  }
  const c = await db
    .selectFrom('companies')
    .select(['id', 'name', 'email', 'phone', 'pan', 'gst', 'website', 'poc', 'poc_phone', 'address', 'warehouse_requirement', 'is_d2r', 'whatsapp_ndr_active', 'clickpost_active'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!c) return null;
  const { id: _cid, address, ...rest } = c;
  const fields: AuditFields = { ...rest };
  flatJson('address', address, fields);
  const prefs = await db.selectFrom('seller_preferences').selectAll().where('company_id', '=', id).executeTakeFirst();
  if (prefs) {
    const { company_id: _c, updated_by: _b, updated_at: _u, ...p } = prefs;
    for (const [k, v] of Object.entries(p)) fields[`preferences.${k}`] = v as string | number | null;
  }
  return { kind: 'company', id, companyId: c.id, label: c.name, fields };
}

/** The company an id names, when it is an order, a company, or a promoter-less row: null when unknown. */
export async function companyOfEntity(db: Db, id: string): Promise<string | null> {
  const order = await db.selectFrom('orders').select('company_id').where('id', '=', id).executeTakeFirst();
  if (order) return order.company_id;
  const company = await db.selectFrom('companies').select('id').where('id', '=', id).executeTakeFirst();
  return company?.id ?? null;
}

const nextDay = (d: string) => new Date(Date.parse(`${d}T00:00:00.000Z`) + 86_400_000).toISOString().slice(0, 10);

export async function readAudit(db: Db, f: AuditQuery): Promise<{ rows: AuditEntry[]; total: number }> {
  let q = db.selectFrom('audit_log').leftJoin('companies', 'companies.id', 'audit_log.company_id');
  if (f.companyId) q = q.where('audit_log.company_id', '=', f.companyId);
  if (f.userId) q = q.where('audit_log.actor_id', '=', f.userId);
  if (f.startDate) q = q.where('audit_log.at', '>=', f.startDate);
  if (f.endDate) q = q.where('audit_log.at', '<', nextDay(f.endDate));
  const total = Number((await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const rows = await q
    .select([
      'audit_log.id', 'audit_log.at', 'audit_log.actor_id', 'audit_log.actor_name', 'audit_log.company_id', 'companies.name as company_name', 'audit_log.action',
      'audit_log.path', 'audit_log.entity_id', 'audit_log.outcome', 'audit_log.entity_kind', 'audit_log.entity_label', 'audit_log.changes',
    ])
    .orderBy('audit_log.at', 'desc')
    .orderBy('audit_log.id', 'desc')
    .limit(f.pageSize)
    .offset((f.page - 1) * f.pageSize)
    .execute();
  return {
    total,
    rows: rows.map((r) => ({
      id: r.id, at: r.at, actorId: r.actor_id, actorName: r.actor_name, companyId: r.company_id, companyName: r.company_name ?? null,
      action: r.action, actionText: actionText(r.action), path: r.path, entityId: r.entity_id, outcome: Number(r.outcome),
      entityKind: (r.entity_kind as AuditEntityKind | null) ?? null, entityLabel: r.entity_label ?? null, changes: parseChanges(r.changes),
    })),
  };
}

export async function auditUsers(db: Db) {
  return db.selectFrom('users').select(['id', 'name']).where('role', '=', 'admin').orderBy('name').execute();
}

function parseChanges(json: string | null): AuditChange[] {
  if (!json) return [];
  try {
    const v = JSON.parse(json) as unknown;
    return Array.isArray(v) ? (v as AuditChange[]) : [];
  } catch {
    return [];
  }
}
