/**
 * A company's accounts at partners (stores, couriers, GST portals): one row of
 * integration_connections each, its credentials sealed with ENCRYPTION_KEY.
 * Each partner kind declares its settings and credentials (zod), its base URL
 * and how to test it (edge-api/integrations/kinds.ts names every kind). The
 * API shows a connection without its credentials: only which are set.
 */
import type { Logger } from 'pino';
import type { z } from 'zod';
import type { DbHandle } from '../../db/connect';
import { deleteConnectionRow, findConnection, insertConnection, listConnectionRows, updateConnectionRow, type ConnectionRow } from '../../db/integrations/connections';
import { nowIso, uuidv7 } from '../../domain/ids';
import { partnerUrlProblem, type ConnectionCreateInput, type ConnectionUpdateInput, type ConnectionView } from '../../domain/integrations';
import { forbidden, invalid, notFound } from '../../domain/refusal';
import type { AppConfig } from '../env';
import type { ServiceActor } from '../services/audit/actor';
import { secretBox, type SecretBox } from './secret-box';

export type OpenConnection<S = Record<string, unknown>, C = Record<string, string>> = {
  id: string; companyId: string; kind: string; label: string; baseUrl: string; settings: S; secrets: C; demo: boolean; status: string;
};

// Methods, not function properties: a kind with its own settings type stands in a ConnectionKinds map.
export type ConnectionKind<S = unknown, C = unknown> = {
  kind: string;
  /** What the seller sees ('Shopify', 'Delhivery'). */
  title: string;
  settings: z.ZodType<S>;
  secrets: z.ZodType<C>;
  /** The production base URL when none is given (a kind may derive it from its settings). */
  defaultBaseUrl(settings: S): string;
  /** A kind's own rule for its base URL beyond partnerUrlProblem (a shop domain), or null. */
  baseUrlProblem?(url: string, settings: S): string | null;
  /** Calls the partner and says what it answered. */
  test?(conn: OpenConnection<S, C>, ctx: { config: AppConfig; log: Logger }): Promise<{ ok: boolean; message: string }>;
};

export type ConnectionKinds = Record<string, ConnectionKind>;

/** A partner kind, its settings and credentials typed from its schemas. */
export const defineKind = <S, C>(kind: ConnectionKind<S, C>): ConnectionKind<S, C> => kind;

const sealContext = (id: string) => `connection:${id}`;

/** The box for the server's ENCRYPTION_KEY. */
export const boxOf = (config: AppConfig): SecretBox => secretBox(config.encryptionKey);

function view(row: ConnectionRow, secretNames: string[]): ConnectionView {
  return {
    id: row.id, companyId: row.company_id, kind: row.kind, label: row.label, baseUrl: row.base_url,
    settings: JSON.parse(row.settings) as Record<string, unknown>, secretsSet: secretNames.sort(),
    status: row.status as ConnectionView['status'], demo: row.demo === 1, lastCheckedAt: row.last_checked_at, lastResult: row.last_result,
  };
}

function openSecrets(box: SecretBox, row: ConnectionRow): Record<string, string> {
  return JSON.parse(box.open(row.secrets, sealContext(row.id))) as Record<string, string>;
}

function publicView(box: SecretBox, row: ConnectionRow): ConnectionView {
  const secrets = openSecrets(box, row);
  return view(row, Object.keys(secrets).filter((name) => secrets[name] !== ''));
}

function kindOf(kinds: ConnectionKinds, kind: string): ConnectionKind {
  const k = Object.hasOwn(kinds, kind) ? kinds[kind] : undefined;
  if (!k) throw invalid(`Unknown connection kind ${kind.slice(0, 32)}`);
  return k;
}

/** zod issues as the API's field errors under `prefix`. */
function parseOrRefuse<T>(schema: z.ZodType<T>, value: unknown, prefix: string): T {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const errors = r.error.issues.map((i) => ({ path: [prefix, ...i.path].join('.'), message: i.message }));
  throw invalid(errors[0]!.message, errors);
}

function checkedBaseUrl(k: ConnectionKind, url: string, settings: unknown, config: AppConfig): string {
  const problem = partnerUrlProblem(url, config.production) ?? k.baseUrlProblem?.(url, settings) ?? null;
  if (problem) throw invalid(problem, [{ path: 'baseUrl', message: problem }]);
  return url.replace(/\/+$/, '');
}

function companyFor(actor: ServiceActor, requested: string | undefined): string {
  if (actor.scope === null) {
    if (!requested) throw invalid('Please select company', [{ path: 'companyId', message: 'Please select company' }]);
    return requested;
  }
  const own = requested ?? actor.scope[0];
  if (!own || !actor.scope.includes(own)) throw forbidden();
  return own;
}

export async function createConnection(dbh: DbHandle, config: AppConfig, kinds: ConnectionKinds, actor: ServiceActor, input: ConnectionCreateInput, opts: { demo?: boolean } = {}): Promise<ConnectionView> {
  const k = kindOf(kinds, input.kind);
  const settings = parseOrRefuse(k.settings, input.settings, 'settings');
  const secrets = parseOrRefuse(k.secrets, input.secrets, 'secrets') as Record<string, string>;
  const baseUrl = checkedBaseUrl(k, input.baseUrl || k.defaultBaseUrl(settings), settings, config);
  const box = boxOf(config);
  const id = uuidv7();
  const now = nowIso();
  const row: ConnectionRow = {
    id, company_id: companyFor(actor, input.companyId), kind: k.kind, label: input.label, base_url: baseUrl,
    settings: JSON.stringify(settings), secrets: box.seal(JSON.stringify(secrets), sealContext(id)), status: 'active',
    demo: opts.demo ? 1 : 0, last_checked_at: null, last_result: null, created_at: now, updated_at: now,
  };
  await insertConnection(dbh.db, row);
  return publicView(box, row);
}

async function rowInScope(dbh: DbHandle, actor: ServiceActor, id: string): Promise<ConnectionRow> {
  const row = await findConnection(dbh.db, id, actor.scope ? [...actor.scope] : null);
  if (!row) throw notFound('Connection not found');
  return row;
}

export async function updateConnection(dbh: DbHandle, config: AppConfig, kinds: ConnectionKinds, actor: ServiceActor, id: string, input: ConnectionUpdateInput): Promise<ConnectionView> {
  const row = await rowInScope(dbh, actor, id);
  const k = kindOf(kinds, row.kind);
  const box = boxOf(config);
  const settings = input.settings ? parseOrRefuse(k.settings, input.settings, 'settings') : (JSON.parse(row.settings) as unknown);
  const merged = { ...openSecrets(box, row), ...(input.secrets ?? {}) };
  for (const [name, value] of Object.entries(merged)) if (value === '') delete merged[name];
  const secrets = parseOrRefuse(k.secrets, merged, 'secrets') as Record<string, string>;
  // New settings re-derive the base URL only when the kind derives it from them (a shop domain); a courier's stays as chosen.
  const derived = input.settings && k.defaultBaseUrl(settings) !== k.defaultBaseUrl(JSON.parse(row.settings) as never) ? k.defaultBaseUrl(settings) : row.base_url;
  const baseUrl = input.baseUrl !== undefined || input.settings ? checkedBaseUrl(k, input.baseUrl || derived, settings, config) : row.base_url;
  const next: ConnectionRow = {
    ...row, label: input.label ?? row.label, base_url: baseUrl, settings: JSON.stringify(settings),
    secrets: box.seal(JSON.stringify(secrets), sealContext(id)), status: input.status ?? row.status, updated_at: nowIso(),
  };
  await updateConnectionRow(dbh.db, id, next);
  return publicView(box, next);
}

export async function deleteConnection(dbh: DbHandle, actor: ServiceActor, id: string): Promise<void> {
  await rowInScope(dbh, actor, id);
  await deleteConnectionRow(dbh.db, id);
}

export async function listConnections(dbh: DbHandle, config: AppConfig, actor: ServiceActor, kinds: readonly string[] | null): Promise<ConnectionView[]> {
  const box = boxOf(config);
  return (await listConnectionRows(dbh.db, actor.scope ? [...actor.scope] : null, kinds)).map((row) => publicView(box, row));
}

/** A connection with its credentials opened, for the partner clients (never for an API answer). */
export async function openConnection<S, C>(dbh: DbHandle, config: AppConfig, id: string, scope: readonly string[] | null = null): Promise<OpenConnection<S, C> | null> {
  const row = await findConnection(dbh.db, id, scope ? [...scope] : null);
  if (!row) return null;
  return {
    id: row.id, companyId: row.company_id, kind: row.kind, label: row.label, baseUrl: row.base_url, demo: row.demo === 1, status: row.status,
    settings: JSON.parse(row.settings) as S, secrets: openSecrets(boxOf(config), row) as C,
  };
}

/** "Test connection": calls the partner, keeps and answers what it said. */
export async function testConnection(dbh: DbHandle, config: AppConfig, kinds: ConnectionKinds, log: Logger, actor: ServiceActor, id: string) {
  const row = await rowInScope(dbh, actor, id);
  const k = kindOf(kinds, row.kind);
  const conn = (await openConnection(dbh, config, id))!;
  let result: { ok: boolean; message: string };
  if (!k.test) result = { ok: false, message: `${k.title} has no connection test` };
  else {
    try {
      result = await k.test(conn, { config, log });
    } catch (err) {
      result = { ok: false, message: (err as Error).message.slice(0, 500) };
    }
  }
  const now = nowIso();
  const lastResult = `${result.ok ? 'OK' : 'Failed'}: ${result.message}`.slice(0, 500);
  await updateConnectionRow(dbh.db, id, { last_checked_at: now, last_result: lastResult, updated_at: now });
  return { ...result, connection: publicView(boxOf(config), { ...row, last_checked_at: now, last_result: lastResult }) };
}
