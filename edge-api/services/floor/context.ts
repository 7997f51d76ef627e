// The floor's view of a request: who acts, on which companies and warehouse,
// and the sync store (one per request: its change feed knows the device).
// `runOnline` runs a floor write online through the same code a pushed
// command runs (services/floor/handlers.ts), so online and offline decide alike.
import type { Database } from '../../../db/schema';
import { linkedCompanies, type FloorActor, type FloorScope, type FloorTx } from '../../../db/floor/context';
import { floorFeed } from '../../../db/floor/feed';
import type { DbHandle } from '../../../db/connect';
import { directSql } from '../../../db/prepared';
import { KyselyServerStore, type KyselyServerTx } from '../../../sync/server/kysely-store';
import type { SessionInfo } from '../../env';

export interface FloorCtx {
  actor: FloorActor;
  /** What the actor may act on: every company linked to their warehouse (not only the selected ones). */
  scope: FloorScope;
  source: 'sync' | 'user';
}

/** The session fields the floor reads. */
export type FloorSession = Pick<SessionInfo, 'userId' | 'name' | 'role' | 'companyId' | 'warehouseId' | 'selectedCompanyIds'>;

/**
 * The session's floor scope. Admin: everything; seller: its company, any
 * warehouse; warehouse user: its warehouse and its linked companies.
 */
export async function floorCtx(dbh: DbHandle, s: FloorSession, source: FloorCtx['source']): Promise<FloorCtx> {
  const actor = { id: s.userId, name: s.name, role: s.role };
  if (s.role === 'admin') return { actor, scope: { companies: null, warehouseId: null }, source };
  if (s.role === 'seller') return { actor, scope: { companies: s.companyId ? [s.companyId] : [], warehouseId: null }, source };
  return { actor, scope: { companies: await linkedCompanies(dbh.db, s.warehouseId), warehouseId: s.warehouseId ?? '-' }, source };
}

/** A scope narrowed to the companies the caller asked for (selectedCompanyIds), never widened. */
export function narrowed(scope: FloorScope, requested: string[] | undefined): FloorScope {
  if (!requested?.length) return scope;
  return { ...scope, companies: scope.companies === null ? requested : scope.companies.filter((id) => requested.includes(id)) };
}

/** For reads: the companies the session works on now (a warehouse user's selected ones). */
export async function readScope(dbh: DbHandle, s: FloorSession, requested?: string[]): Promise<FloorScope> {
  const { scope } = await floorCtx(dbh, s, 'user');
  return narrowed(scope, requested ?? (s.role === 'warehouse' ? s.selectedCompanyIds : undefined));
}

export function floorStore(dbh: DbHandle, s: Pick<SessionInfo, 'role' | 'warehouseId'>, clientId: string): KyselyServerStore<Database> {
  return new KyselyServerStore({
    db: dbh.db,
    dialect: dbh.dialect,
    feed: floorFeed({ warehouseId: s.role === 'warehouse' ? s.warehouseId ?? '-' : null, clientId, dialect: dbh.dialect }),
    direct: directSql(dbh),
  });
}

export function floorTx(tx: KyselyServerTx<Database>, ctx: FloorCtx, clientId: string): FloorTx {
  return {
    db: tx.db,
    dialect: tx.dialect,
    nextVersion: () => tx.nextVersion(),
    nextVersions: (n) => tx.nextVersions(n),
    actor: ctx.actor,
    scope: ctx.scope,
    clientId,
    source: ctx.source,
    now: new Date().toISOString(),
    direct: tx.direct,
  };
}

/**
 * Runs one floor write online, in a transaction of the sync store: the same
 * code a pushed command runs, so online and offline decide alike. A floor
 * refusal (a Refusal thrown in db/floor) reaches onError as it is.
 */
export async function runOnline(dbh: DbHandle, s: FloorSession, write: (tx: FloorTx) => Promise<void>): Promise<void> {
  const ctx = await floorCtx(dbh, s, 'user');
  const store = floorStore(dbh, s, `online:${s.userId}`);
  await store.transaction((tx) => write(floorTx(tx, ctx, `online:${s.userId}`)));
}

