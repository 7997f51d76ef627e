// The admin audit log: every admin write is recorded with
// the company whose data it touched, found from the request itself: a
// `companyId` in the body or query, else an order or company id in the path.
import type { Db } from '../../../db/connect';
import { auditSnapshot, auditUsers, companyOfEntity, insertAudit, readAudit, type AuditSnapshot } from '../../../db/audit/queries';
import { auditChanges } from '../../../domain/audit';
import type { AuditLogResponse, AuditQuery } from '../../../domain/audit';
import { forbidden } from '../../../domain/refusal';
import type { ServiceActor } from './actor';

const ID_IN_PATH = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/** Calls that use POST only to carry a query (lists, look-ups, downloads, sync pulls): reads, not actions. */
const READS_BY_POST = [/\/sync\/pull$/, /\/list$/, /\/find(\/|$)/, /\/get$/, /\/download\//, /\/filter\/count$/, /\/admin\/drivers$/, /\/bulk-check-serviceability$/];
export const isReadByPost = (path: string) => READS_BY_POST.some((r) => r.test(path));

export type AdminWrite = { method: string; path: string; status: number; companyId?: string | null; bodyIds?: string[] };

/** Words of the path that name the action: `PATCH /api/orders/<id>/cancel` → `PATCH orders/cancel`. */
export function actionOf(method: string, path: string): string {
  const words = path.replace(/^\/api\//, '').split('/').filter((w) => w && !ID_IN_PATH.test(w) && !/^\d+$/.test(w));
  return `${method} ${words.join('/')}`;
}

/** What an admin write is about, read before it runs: the record it names (path, body ids, else the body's company) as it was. */
export type AuditTarget = { entityId: string | null; before: AuditSnapshot | null };

export async function auditTarget(db: Db, w: Pick<AdminWrite, 'path' | 'bodyIds' | 'companyId'>): Promise<AuditTarget> {
  if (isReadByPost(w.path)) return { entityId: null, before: null };
  const entityId = w.path.match(ID_IN_PATH)?.[0] ?? w.bodyIds?.[0] ?? w.companyId ?? null;
  return { entityId, before: entityId ? await auditSnapshot(db, entityId) : null };
}

/** One entry for a successful admin write: the record it touched, by name, and each of its fields the write changed (before → after). */
export async function recordAdminWrite(db: Db, actor: ServiceActor, w: AdminWrite, target?: AuditTarget): Promise<void> {
  if (isReadByPost(w.path)) return;
  const entityId = target?.entityId ?? w.path.match(ID_IN_PATH)?.[0] ?? w.bodyIds?.[0] ?? null;
  const before = target?.before ?? null;
  const after = before ? await auditSnapshot(db, before.id) : entityId ? await auditSnapshot(db, entityId) : null;
  let companyId = w.companyId ?? before?.companyId ?? after?.companyId ?? null;
  if (!companyId && entityId) companyId = await companyOfEntity(db, entityId);
  const known = after ?? before;
  await insertAudit(db, {
    actorId: actor.id,
    actorName: actor.name,
    companyId,
    action: actionOf(w.method, w.path),
    path: w.path.slice(0, 300),
    entityId,
    outcome: w.status,
    entityKind: known?.kind ?? null,
    entityLabel: known?.label ?? null,
    changes: before && after ? auditChanges(before.fields, after.fields) : [],
  });
}

export async function auditLog(db: Db, actor: ServiceActor, q: AuditQuery): Promise<Omit<AuditLogResponse, 'status'>> {
  if (actor.role !== 'admin') throw forbidden();
  const { rows, total } = await readAudit(db, q);
  return { data: rows, totalRecords: total, users: await auditUsers(db) };
}
