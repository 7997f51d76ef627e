// The admin audit log: every admin write is recorded with the record it touched
// (an id in the path, else an order id in the body, else a record the answer says
// it created, else the body's company) and the company whose data that is.
import type { Db } from '../../../db/connect';
import { auditSnapshot, auditUsers, gstinAuditId, insertAudit, readAudit, type AuditSnapshot } from '../../../db/audit/queries';
import { auditChanges, credentialChanges, type AuditEntityKind } from '../../../domain/audit';
import { findRegion } from '../../../domain/india';
import type { AuditLogResponse, AuditQuery } from '../../../domain/audit';
import { forbidden } from '../../../domain/refusal';
import type { ServiceActor } from './actor';

const ID_IN_PATH = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/** Calls that use POST only to carry a query (lists, look-ups, downloads, sync pulls): reads, not actions. */
const READS_BY_POST = [/\/sync\/pull$/, /\/list$/, /\/find(\/|$)/, /\/get$/, /\/download\//, /\/filter\/count$/, /\/admin\/drivers$/, /\/bulk-check-serviceability$/];
export const isReadByPost = (path: string) => READS_BY_POST.some((r) => r.test(path));

export type AdminWrite = { method: string; path: string; status: number; companyId?: string | null; bodyIds?: string[]; body?: Record<string, unknown> };

/** Words of the path that name the action: `PATCH /api/orders/<id>/cancel` → `PATCH orders/cancel`. */
export function actionOf(method: string, path: string): string {
  const words = path.replace(/^\/api\//, '').split('/').filter((w) => w && !ID_IN_PATH.test(w) && !/^\d+$/.test(w));
  return `${method} ${words.join('/')}`;
}

/** What an admin write is about, read before it runs: the record it names, of which kind when known, as it was. */
export type AuditTarget = {
  entityId: string | null;
  kind: AuditEntityKind | null;
  before: AuditSnapshot | null;
  /** Only the body's company names it: a record the write creates (named in its answer) is what the entry is about. */
  byCompany: boolean;
};

/**
 * Writes that name their record by a key that is not an id, or only in their body: a company's GSTIN of one state (PUT with
 * the state in the body, DELETE with its code in the path); the cluster a warehouse is assigned to.
 */
const KEYED_TARGETS: { path: RegExp; kind: AuditEntityKind; id: (m: RegExpMatchArray, w: Pick<AdminWrite, 'companyId' | 'body'>) => string | null }[] = [
  {
    path: /^\/api\/ums\/invoices\/gstins(?:\/(\d{2}))?$/,
    kind: 'company_gstin',
    id: (m, w) => {
      const state = w.body?.state;
      const code = m[1] ?? (typeof state === 'string' ? findRegion(state)?.gstCode : undefined);
      return w.companyId && code ? gstinAuditId(w.companyId, code) : null;
    },
  },
  { path: /^\/api\/admin\/assign-cluster$/, kind: 'cluster', id: (_m, w) => (typeof w.body?.clusterId === 'string' && w.body.clusterId.length <= 64 ? w.body.clusterId : null) },
];

export async function auditTarget(db: Db, w: Pick<AdminWrite, 'path' | 'bodyIds' | 'companyId' | 'body'>): Promise<AuditTarget> {
  if (isReadByPost(w.path)) return { entityId: null, kind: null, before: null, byCompany: false };
  for (const t of KEYED_TARGETS) {
    const m = w.path.match(t.path);
    const id = m && t.id(m, w);
    if (id) return { entityId: id, kind: t.kind, before: await auditSnapshot(db, id, t.kind), byCompany: false };
  }
  const named = w.path.match(ID_IN_PATH)?.[0] ?? w.bodyIds?.[0] ?? null;
  const entityId = named ?? w.companyId ?? null;
  const before = entityId ? await auditSnapshot(db, entityId) : null;
  return { entityId, kind: before?.kind ?? null, before, byCompany: !named };
}

/** Whether the entry needs the write's answer: a create (201) that names no record of its own names the one it made there. */
export const readsAnswer = (w: Pick<AdminWrite, 'method' | 'status'>, target: AuditTarget | undefined) => w.method === 'POST' && w.status === 201 && (!target || target.byCompany);

/** The record an answer names (`{data: {id}}`, `{warehouse: {id}}`, `{connection: {id}}`, `{cluster: {clusterId}}`...), if any. */
function answerId(answer: unknown): string | null {
  if (!answer || typeof answer !== 'object') return null;
  for (const v of Object.values(answer)) {
    const row = v && typeof v === 'object' && !Array.isArray(v) ? (v as { id?: unknown; clusterId?: unknown }) : undefined;
    const id = row?.id ?? row?.clusterId;
    if (typeof id === 'string' && id.length <= 64) return id;
  }
  return null;
}

/**
 * One entry for a successful admin write: the record it touched, by name, and each of its fields the write changed
 * (before → after; a created record's fields from empty, a removed one's to empty; a credential it replaced as a line that
 * says so, without its value). `answer` is the write's JSON answer
 * when `readsAnswer` asked for it.
 */
export async function recordAdminWrite(db: Db, actor: ServiceActor, w: AdminWrite, target?: AuditTarget, answer?: unknown): Promise<void> {
  if (isReadByPost(w.path)) return;
  const t = target ?? (await auditTarget(db, w));
  let { entityId, before } = t;
  let after = entityId ? await auditSnapshot(db, entityId, before?.kind ?? t.kind) : null;
  const created = readsAnswer(w, t) ? answerId(answer) : null;
  if (created && created !== entityId) {
    const made = await auditSnapshot(db, created);
    if (made) [entityId, before, after] = [created, null, made];
  }
  const known = after ?? before;
  // A change of a record that was there and still is may replace its credentials: named, never shown.
  const credentials = before && after ? credentialChanges(w.body) : [];
  await insertAudit(db, {
    actorId: actor.id,
    actorName: actor.name,
    companyId: w.companyId ?? known?.companyId ?? null,
    action: actionOf(w.method, w.path),
    path: w.path.slice(0, 300),
    entityId,
    outcome: w.status,
    entityKind: known?.kind ?? null,
    entityLabel: known?.label ?? null,
    changes: known ? [...auditChanges(before?.fields ?? {}, after?.fields ?? {}), ...credentials] : [],
  });
}

export async function auditLog(db: Db, actor: ServiceActor, q: AuditQuery): Promise<Omit<AuditLogResponse, 'status'>> {
  if (actor.role !== 'admin') throw forbidden();
  const { rows, total } = await readAudit(db, q);
  return { data: rows, totalRecords: total, users: await auditUsers(db) };
}
