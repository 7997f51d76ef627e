// What every floor write needs: the transaction, a version stamp from the sync
// counter, who acts and what they may touch.
import type { Kysely, Transaction } from 'kysely';
import type { Role } from '../../domain/roles';
import type { Database } from '../schema';
import '../tables/sync';

export type FloorDb = Kysely<Database> | Transaction<Database>;

export interface FloorActor {
  id: string;
  name: string;
  role: Role;
}

/** Companies (null = every company, admin) and warehouse (null = any) the actor works for. */
export interface FloorScope {
  companies: string[] | null;
  warehouseId: string | null;
}

export interface FloorTx {
  /** An open transaction: every write of one command goes through it. */
  db: FloorDb;
  dialect: 'sqlite' | 'postgres';
  /** A fresh version from the sync counter, taken in this transaction. */
  nextVersion(): Promise<number>;
  /** Optional: n fresh versions at once from the sync counter; resolves the highest (the others are the n - 1 below it). */
  nextVersions?(n: number): Promise<number>;
  actor: FloorActor;
  scope: FloorScope;
  /** Who asked: a device's client id, or 'online' for a direct API call. */
  clientId: string;
  /** 'sync' for an offline command, 'user' for an online call (order trail source). */
  source: 'sync' | 'user';
  now: string;
  /**
   * SQLite: runs SQL on the transaction's own connection with statements
   * prepared once (the sync store's DirectSql). Absent elsewhere: see runFloor.
   */
  direct?: { query(sql: string, parameters: readonly unknown[]): { rows: unknown[]; changes: number } };
}

export const ORDER_NOT_FOUND = 'Order not found';
export const STOCK_NOT_FOUND = 'Inventory not found';

export function companyAllowed(scope: FloorScope, companyId: string): boolean {
  return scope.companies === null || scope.companies.includes(companyId);
}

export function warehouseAllowed(scope: FloorScope, warehouseId: string | null): boolean {
  return scope.warehouseId === null || scope.warehouseId === warehouseId;
}

/** Max parameters per IN list, well under SQLite's and PostgreSQL's limits. */
export const IN_CHUNK = 500;

export function chunks<T>(xs: readonly T[], size = IN_CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < xs.length; i += size) out.push(xs.slice(i, i + size));
  return out;
}

export function parseJson<T>(text: string | null | undefined, fallback: T): T {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/** The companies linked to a warehouse (a warehouse user's floor scope). */
export async function linkedCompanies(db: FloorDb, warehouseId: string | null): Promise<string[]> {
  if (!warehouseId) return [];
  const rows = await db.selectFrom('warehouse_companies').select('company_id').where('warehouse_id', '=', warehouseId).execute();
  return rows.map((r) => r.company_id);
}
