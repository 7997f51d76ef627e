// Partner connections (stores, couriers, GST portals) as the API shows them:
// never their credentials, only which of them are set.
import { z } from 'zod';

export const CONNECTION_STATUSES = ['active', 'disabled'] as const;

/** Settings and credentials travel as flat objects of short values (or one short map); each kind checks its own fields. */
/** A short map of names (a courier's pickup location name per warehouse id). */
const nameMap = z.record(z.string().max(64), z.string().max(200)).refine((m) => Object.keys(m).length <= 200, 'At most 200 entries');
const flatValues = z.record(z.string().max(64), z.union([z.string().max(4000), z.number(), z.boolean(), z.null(), nameMap]));

export const ConnectionCreateInput = z.object({
  kind: z.string().min(1).max(32),
  label: z.string().trim().min(1, 'Please enter a name for this connection').max(80),
  baseUrl: z.string().trim().max(300).optional(),
  settings: flatValues.default({}),
  secrets: z.record(z.string().max(64), z.string().max(4000)).default({}),
  /** An admin names the company; a seller's own is taken. */
  companyId: z.string().max(64).optional(),
});
export type ConnectionCreateInput = z.infer<typeof ConnectionCreateInput>;

export const ConnectionUpdateInput = z.object({
  label: z.string().trim().min(1, 'Please enter a name for this connection').max(80).optional(),
  baseUrl: z.string().trim().max(300).optional(),
  settings: flatValues.optional(),
  /** Only the credentials named are replaced; an empty string clears one. */
  secrets: z.record(z.string().max(64), z.string().max(4000)).optional(),
  status: z.enum(CONNECTION_STATUSES).optional(),
});
export type ConnectionUpdateInput = z.infer<typeof ConnectionUpdateInput>;

export const ConnectionView = z.object({
  id: z.string(),
  companyId: z.string(),
  kind: z.string(),
  label: z.string(),
  baseUrl: z.string(),
  settings: z.record(z.string(), z.unknown()),
  /** Names of the credentials that are set; their values never leave the server. */
  secretsSet: z.array(z.string()),
  status: z.enum(CONNECTION_STATUSES),
  demo: z.boolean(),
  lastCheckedAt: z.string().nullable(),
  lastResult: z.string().nullable(),
});
export type ConnectionView = z.infer<typeof ConnectionView>;

export const ConnectionResponse = z.object({ status: z.literal(true), connection: ConnectionView });
export type ConnectionResponse = z.infer<typeof ConnectionResponse>;
export const ConnectionListResponse = z.object({ status: z.literal(true), connections: z.array(ConnectionView) });
export type ConnectionListResponse = z.infer<typeof ConnectionListResponse>;
export const ConnectionTestResponse = z.object({ status: z.literal(true), ok: z.boolean(), message: z.string(), connection: ConnectionView });
export type ConnectionTestResponse = z.infer<typeof ConnectionTestResponse>;

export const TASK_STATUSES = ['pending', 'running', 'done', 'failed'] as const;
export const TaskView = z.object({
  id: z.string(),
  kind: z.string(),
  status: z.enum(TASK_STATUSES),
  attempts: z.number(),
  nextAttemptAt: z.string(),
  lastError: z.string().nullable(),
  subjectType: z.string().nullable(),
  subjectId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TaskView = z.infer<typeof TaskView>;
export const TaskResponse = z.object({ status: z.literal(true), task: TaskView });
export type TaskResponse = z.infer<typeof TaskResponse>;
export const TaskListResponse = z.object({ status: z.literal(true), tasks: z.array(TaskView) });
export type TaskListResponse = z.infer<typeof TaskListResponse>;

/**
 * Why a partner base URL is refused, or null. Production calls partners over
 * https only, and never at an address literal or a local name (a seller's URL
 * must not reach the server's own network); demo and test servers may call
 * local ones (the partner servers of the tests answer on 127.0.0.1).
 */
export function partnerUrlProblem(url: string, production: boolean): string | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return 'Please enter a full address starting with https://';
  }
  if (u.username || u.password) return 'The address must not hold a user name or password';
  if (u.protocol !== 'https:' && !(u.protocol === 'http:' && !production)) return 'The address must start with https://';
  if (production) {
    const host = u.hostname.replace(/^\[|\]$/g, '');
    if (/^[\d.]+$/.test(host) || host.includes(':') || host === 'localhost' || !host.includes('.') || /\.(local|internal|localhost)$/i.test(host)) {
      return 'The address must be the partner\'s public host name';
    }
  }
  return null;
}
