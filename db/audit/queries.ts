// The admin audit log: one row per admin write, with the company it touched.
import type { Kysely } from 'kysely';
import { actionText, type AuditChange, type AuditEntityKind, type AuditEntry, type AuditQuery } from '../../domain/audit';
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

export { auditSnapshot, gstinAuditId, type AuditSnapshot } from './snapshots';

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
