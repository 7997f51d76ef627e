// The offline sync wire format (Replicache-style push/pull). Bump
// SYNC_SCHEMA_VERSION whenever a message or a command's args change shape in a
// way an older peer cannot read; the server refuses pushes from another version.
import { z } from 'zod';

export const SYNC_SCHEMA_VERSION = 1;

/** Upper bound on one push batch, so a request body stays small. */
export const MAX_PUSH_BATCH = 500;

const clientId = z.string().min(1).max(64);
const seq = z.number().int().positive();
const version = z.number().int().nonnegative();

export const wireCommandSchema = z.object({
  seq,
  name: z.string().min(1).max(64),
  args: z.unknown(),
  createdAt: z.iso.datetime().max(40),
});

export const pushRequestSchema = z.object({
  clientId,
  schemaVersion: z.number().int().positive(),
  commands: z.array(wireCommandSchema).max(MAX_PUSH_BATCH),
});

export const commandResultSchema = z.object({
  seq,
  status: z.enum(['applied', 'rejected', 'skipped']),
  reason: z.string().optional(),
});

export const pushResponseSchema = z.object({
  lastSeq: version,
  results: z.array(commandResultSchema),
});

export const pullRequestSchema = z.object({
  clientId,
  cookie: version.nullable(),
  scope: z.object({ companyIds: z.array(z.string().min(1).max(64)).max(500) }),
});

export const patchOpSchema = z.discriminatedUnion('op', [
  z.object({ op: z.literal('put'), table: z.string(), key: z.string(), value: z.unknown() }),
  z.object({ op: z.literal('del'), table: z.string(), key: z.string() }),
]);

export const rejectedCommandSchema = z.object({ seq, name: z.string(), reason: z.string() });

export const pullResponseSchema = z.object({
  cookie: version,
  lastSeq: version,
  patch: z.array(patchOpSchema),
  rejected: z.array(rejectedCommandSchema),
});

const pullHeadSchema = pullResponseSchema.omit({ patch: true });

/**
 * pullResponseSchema.parse for the client, without rebuilding each of the
 * thousands of patch ops of a first pull: the envelope is parsed with zod, the
 * ops are checked in place (an op's extra keys are kept, not stripped).
 * Anything malformed is handed to the full schema, so it throws the same error.
 */
export function parsePullResponse(input: unknown): PullResponse {
  const patch = (input as { patch?: unknown } | null)?.patch;
  if (typeof input !== 'object' || input === null || !Array.isArray(patch) || !patch.every(isPatchOp)) return pullResponseSchema.parse(input);
  return { ...pullHeadSchema.parse(input), patch: patch as PatchOp[] };
}

function isPatchOp(op: unknown): boolean {
  if (typeof op !== 'object' || op === null) return false;
  const o = op as { op?: unknown; table?: unknown; key?: unknown };
  return (o.op === 'put' || o.op === 'del') && typeof o.table === 'string' && typeof o.key === 'string';
}

export type WireCommand = z.infer<typeof wireCommandSchema>;
export type PushRequest = z.infer<typeof pushRequestSchema>;
export type CommandResult = z.infer<typeof commandResultSchema>;
export type PushResponse = z.infer<typeof pushResponseSchema>;
export type PullRequest = z.infer<typeof pullRequestSchema>;
export type PatchOp = z.infer<typeof patchOpSchema>;
export type RejectedCommand = z.infer<typeof rejectedCommandSchema>;
export type PullResponse = z.infer<typeof pullResponseSchema>;
export type SyncScope = PullRequest['scope'];
