// Server side of the sync protocol: apply pushed commands exactly once, in
// order, and answer pulls with everything that changed since a cookie.
//
// Invariants this file relies on (and the ServerStore binding must provide):
//  I1. A client's lastSeq only moves from n to n + 1, in the same transaction
//      that commits command n + 1's effects (applied) or its rejection record.
//      So "seq <= lastSeq" means "already handled": a retried or duplicated
//      push is harmless, and a command is never applied twice.
//  I2. Every row a command writes carries a version taken from nextVersion()
//      in that same transaction, and versions become visible in increasing
//      order. So "all rows with version > cookie" is exactly what a client that
//      pulled at `cookie` has not seen, and lastSeq read in the same pull
//      transaction matches the rows returned.
//  I3. Nothing outside the transaction is touched before it commits: the
//      results array is only extended after store.transaction resolves.
import type { z } from 'zod';
import { Refusal } from '../../domain/refusal';
import { commandArgs, type CommandRegistry, type AppCommands } from '../commands';
import {
  SYNC_SCHEMA_VERSION,
  type CommandResult,
  type PatchOp,
  type PullRequest,
  type PullResponse,
  type PushRequest,
  type PushResponse,
  type RejectedCommand,
  type SyncScope,
  type WireCommand,
} from '../protocol';

/** What a command handler and the sync bookkeeping need from one database transaction. */
export interface ServerTx {
  /**
   * Highest seq of this client already applied or rejected; 0 for a new client.
   * Push calls this first in each command's transaction: the binding must keep
   * the client's row locked until commit, so two pushes of one client cannot
   * interleave (PostgreSQL: `INSERT .. ON CONFLICT DO NOTHING` then
   * `SELECT .. FOR UPDATE`; SQLite: the single writer does it). A pull calls
   * it too; if that lock makes a REPEATABLE READ pull fail against a
   * concurrent push, the client simply retries.
   */
  lastSeq(clientId: string): Promise<number>;
  /** Store seq as the client's lastSeq. Only called with lastSeq(clientId) + 1 (I1). */
  setLastSeq(clientId: string, seq: number): Promise<void>;
  /**
   * Increment the global version counter and return the new value. Must be a
   * counter row updated in this transaction (`UPDATE .. SET v = v + 1
   * RETURNING v`), never a clock: holding its lock until commit is what makes
   * versions visible in increasing order (I2).
   */
  nextVersion(): Promise<number>;
  /** The counter's committed value as this transaction sees it: the next pull cookie. */
  currentVersion(): Promise<number>;
  /** Keep a refused command so pulls can report it; `version` comes from nextVersion(). */
  recordRejection(clientId: string, rejected: RejectedCommand, version: number): Promise<void>;
  /**
   * Rows of the scope's companies with version > cookie, deletions as `del`
   * (tombstones keep their companyId and version); with a null cookie, every
   * live row of the scope as `put`. Ordered by version. The scope must already
   * be narrowed to what the caller may see.
   */
  changesSince(cookie: number | null, scope: SyncScope): Promise<PatchOp[]>;
  /** This client's rejections recorded with version > cookie (all of them for null), by seq. */
  rejectionsSince(clientId: string, cookie: number | null): Promise<RejectedCommand[]>;
}

export interface ServerStore<Tx extends ServerTx = ServerTx> {
  /**
   * Run fn in one transaction: commit if it resolves, roll back everything it
   * wrote (version counter included) and rethrow if it throws. A pull runs in
   * it too, so its reads must come from one snapshot (PostgreSQL: REPEATABLE READ).
   */
  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * Optional: one transaction for a whole push, in which `step` runs each
   * command's attempt inside a savepoint (resolves: kept; throws: everything
   * the step wrote is rolled back, then the error is rethrown). A push then
   * pays for one commit instead of one per command; what each command leaves
   * behind, and I1-I3, are the same as with one transaction per command.
   * Stores without it apply each command in its own transaction.
   */
  batch?<T>(fn: (step: <U>(inner: (tx: Tx) => Promise<U>) => Promise<U>) => Promise<T>): Promise<T>;
}

/** Thrown by a handler to refuse a command for a business reason: the client sees `reason`. */
export class CommandRejected extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'CommandRejected';
  }
}

/** The push was made by a client speaking another protocol version (answer 409: reload the app). */
export class UnsupportedSchemaVersion extends Error {
  constructor(readonly received: number) {
    super(`sync schema version ${received} is not supported (expected ${SYNC_SCHEMA_VERSION})`);
    this.name = 'UnsupportedSchemaVersion';
  }
}

export interface CommandMeta {
  clientId: string;
  seq: number;
  name: string;
  createdAt: string;
}

/**
 * Applies one command inside the transaction `tx`. Write rows only through tx,
 * stamping each with `await tx.nextVersion()`; throw CommandRejected for a
 * business refusal; any other throw is treated as transient (rolled back, retried).
 */
export type CommandHandler<Tx, Ctx, Args> = (tx: Tx, args: Args, ctx: Ctx, command: CommandMeta) => Promise<void>;

/**
 * Optional set-based form of a handler: applies a run of consecutive commands
 * of one name (seqs in a row, args already parsed) in one go, e.g. one read of
 * every row they touch and one multi-row write. Resolves, per command in
 * order, null (applied) or the refusal (CommandRejected or Refusal) that the
 * one-by-one handler would have thrown at that point; a refused command must
 * leave nothing behind. The outcome must equal applying them one after
 * another with `apply`. Any throw is transient: everything the run wrote is
 * rolled back and the commands are applied one by one instead.
 */
export type RunHandler<Tx, Ctx, Args> = (tx: Tx, commands: readonly { args: Args; meta: CommandMeta }[], ctx: Ctx) => Promise<(Error | null)[]>;

/** A command's args schema and its handler; the handler's args type is erased (`never`) so defs of all commands share one record. */
export interface HandlerDef<Tx, Ctx> {
  args: z.ZodType;
  apply: CommandHandler<Tx, Ctx, never>;
  applyRun?: RunHandler<Tx, Ctx, never>;
}
export type Handlers<Tx, Ctx> = Record<string, HandlerDef<Tx, Ctx>>;

export type HandlerImpls<Tx, Ctx, R extends CommandRegistry> = {
  [N in keyof R]: CommandHandler<Tx, Ctx, z.output<R[N]>>;
};

/** Set-based forms of some commands' handlers (see RunHandler). */
export type RunHandlerImpls<Tx, Ctx, R extends CommandRegistry> = {
  [N in keyof R]?: RunHandler<Tx, Ctx, z.output<R[N]>>;
};

/** Pair each command's args schema with its handler (and its set-based form, where given); a missing handler is a type error. */
export function defineHandlers<Tx extends ServerTx, Ctx, R extends CommandRegistry>(
  registry: R,
  impl: HandlerImpls<Tx, Ctx, R>,
  runs: RunHandlerImpls<Tx, Ctx, R> = {},
): Handlers<Tx, Ctx> {
  const handlers: Handlers<Tx, Ctx> = {};
  for (const name of Object.keys(registry)) {
    const applyRun = runs[name] as RunHandler<Tx, Ctx, never> | undefined;
    handlers[name] = applyRun ? { args: registry[name], apply: impl[name], applyRun } : { args: registry[name], apply: impl[name] };
  }
  return handlers;
}

/** The app's handlers: `commandHandlers<KyselyTx, SessionCtx>({ 'pack.scan': async (tx, args, ctx) => ..., ... })`. */
export function commandHandlers<Tx extends ServerTx, Ctx>(impl: HandlerImpls<Tx, Ctx, AppCommands>, runs: RunHandlerImpls<Tx, Ctx, AppCommands> = {}): Handlers<Tx, Ctx> {
  return defineHandlers<Tx, Ctx, AppCommands>(commandArgs, impl, runs);
}

/** Why a push stopped before its last command; for the server log, not the client. */
export type PushStop = { seq: number; kind: 'gap' } | { seq: number; kind: 'error'; error: unknown };

export interface PushResult {
  response: PushResponse;
  stop?: PushStop;
}

type Step = { result: CommandResult; lastSeq: number } | { stop: PushStop; lastSeq?: number };

/**
 * Apply a push. Each command is kept or rolled back on its own (its own
 * transaction, or a savepoint of the push's one transaction when the store
 * offers `batch`), so a transient fault keeps the commands before it and the
 * client resends only the rest. The caller must have
 * parsed req with pushRequestSchema and checked that the session owns clientId.
 */
export async function applyPush<Tx extends ServerTx, Ctx>(
  store: ServerStore<Tx>,
  req: PushRequest,
  handlers: Handlers<Tx, Ctx>,
  ctx: Ctx,
): Promise<PushResult> {
  if (req.schemaVersion !== SYNC_SCHEMA_VERSION) throw new UnsupportedSchemaVersion(req.schemaVersion);
  const run = async (step: Run<Tx>): Promise<PushResult> => {
    const results: CommandResult[] = [];
    let lastSeq: number | undefined;
    let stop: PushStop | undefined;
    for (let i = 0; i < req.commands.length && !stop; ) {
      const run = runOf(req.commands, i, handlers);
      if (run.length > 1) {
        const outcome = await applyRun(step, req.clientId, run, handlers[run[0].name], ctx).catch(() => undefined);
        if (outcome) {
          // Settled as a whole (applied, refused, skipped, or stopped at a gap); otherwise the run
          // was rolled back and its commands go one by one below, which also finds where a fault is.
          results.push(...outcome.results);
          if (outcome.lastSeq !== undefined) lastSeq = outcome.lastSeq;
          stop = outcome.stop;
          i += run.length;
          continue;
        }
      }
      for (const command of run) {
        const outcome = await applyCommand(step, req.clientId, command, handlers, ctx);
        if (outcome.lastSeq !== undefined) lastSeq = outcome.lastSeq;
        if ('stop' in outcome) {
          stop = outcome.stop;
          break;
        }
        results.push(outcome.result);
      }
      i += run.length;
    }
    lastSeq ??= await step((tx) => tx.lastSeq(req.clientId));
    return { response: { lastSeq, results }, stop };
  };
  if (!store.batch) return run((fn) => store.transaction(fn));
  try {
    return await store.batch((step) => run(step));
  } catch (error) {
    // The push's one commit failed: none of it was kept (I3). The client resends it all.
    const lastSeq = await store.transaction((tx) => tx.lastSeq(req.clientId));
    return { response: { lastSeq, results: [] }, stop: { seq: req.commands[0]?.seq ?? lastSeq + 1, kind: 'error', error } };
  }
}

/** Runs fn in its own transaction, or in a savepoint of the push's one transaction. */
type Run<Tx> = <U>(fn: (tx: Tx) => Promise<U>) => Promise<U>;

async function applyCommand<Tx extends ServerTx, Ctx>(
  run: Run<Tx>,
  clientId: string,
  command: WireCommand,
  handlers: Handlers<Tx, Ctx>,
  ctx: Ctx,
): Promise<Step> {
  const { seq, name } = command;
  let rejection: CommandRejected;
  try {
    return await run(async (tx): Promise<Step> => {
      const last = await tx.lastSeq(clientId);
      if (seq <= last) return { result: { seq, status: 'skipped' }, lastSeq: last };
      if (seq > last + 1) return { stop: { seq, kind: 'gap' }, lastSeq: last };
      // Own keys only: a command named `constructor` or `__proto__` is unknown, not Object's.
      const handler = Object.hasOwn(handlers, name) ? handlers[name] : undefined;
      if (!handler) throw new CommandRejected(`Unknown command ${name}`);
      const parsed = handler.args.safeParse(command.args);
      if (!parsed.success) throw new CommandRejected(`Invalid command: ${describeIssues(parsed.error)}`);
      // parsed.data is what this handler's own schema (handler.args) accepts: its args type.
      await handler.apply(tx, parsed.data as never, ctx, { clientId, seq, name, createdAt: command.createdAt });
      await tx.setLastSeq(clientId, seq);
      return { result: { seq, status: 'applied' }, lastSeq: seq };
    });
  } catch (error) {
    if (error instanceof Refusal) rejection = new CommandRejected(error.message);
    else if (!(error instanceof CommandRejected)) return { stop: { seq, kind: 'error', error } };
    else rejection = error;
  }
  // The refused attempt was rolled back whole, so a handler that wrote before
  // refusing leaves nothing behind. The rejection and lastSeq commit together;
  // lastSeq is read again because another push of this client may have won.
  try {
    return await run(async (tx): Promise<Step> => {
      const last = await tx.lastSeq(clientId);
      if (seq <= last) return { result: { seq, status: 'skipped' }, lastSeq: last };
      if (seq > last + 1) return { stop: { seq, kind: 'gap' }, lastSeq: last };
      await tx.recordRejection(clientId, { seq, name, reason: rejection.reason }, await tx.nextVersion());
      await tx.setLastSeq(clientId, seq);
      return { result: { seq, status: 'rejected', reason: rejection.reason }, lastSeq: seq };
    });
  } catch (error) {
    return { stop: { seq, kind: 'error', error } };
  }
}

/** The commands from i on that can go as one run: same name, with a set-based handler, seqs in a row; else just commands[i]. */
function runOf<Tx, Ctx>(commands: readonly WireCommand[], i: number, handlers: Handlers<Tx, Ctx>): WireCommand[] {
  const first = commands[i];
  const handler = Object.hasOwn(handlers, first.name) ? handlers[first.name] : undefined;
  if (!handler?.applyRun) return [first];
  let end = i + 1;
  while (end < commands.length && commands[end].name === first.name && commands[end].seq === commands[end - 1].seq + 1) end++;
  return commands.slice(i, end);
}

/**
 * A run of commands in one step: those already handled are skipped, a gap
 * before the first new one stops the push, refusals (bad args, or the run
 * handler's) are recorded with lastSeq moving past them, the rest applied by
 * the run handler. Throws (after the step rolled back) on any fault.
 */
async function applyRun<Tx extends ServerTx, Ctx>(
  step: Run<Tx>,
  clientId: string,
  run: readonly WireCommand[],
  def: HandlerDef<Tx, Ctx>,
  ctx: Ctx,
): Promise<{ results: CommandResult[]; lastSeq: number; stop?: PushStop }> {
  return step(async (tx) => {
    const last = await tx.lastSeq(clientId);
    const results: CommandResult[] = run.filter((c) => c.seq <= last).map((c) => ({ seq: c.seq, status: 'skipped' as const }));
    const fresh = run.filter((c) => c.seq > last);
    if (fresh.length === 0) return { results, lastSeq: last };
    if (fresh[0].seq > last + 1) return { results, lastSeq: last, stop: { seq: fresh[0].seq, kind: 'gap' as const } };
    // Bad args are refused before the handler sees the run; the others go to it in order.
    const refused = new Map<number, string>();
    const valid: { args: never; meta: CommandMeta }[] = [];
    for (const c of fresh) {
      const parsed = def.args.safeParse(c.args);
      if (!parsed.success) refused.set(c.seq, `Invalid command: ${describeIssues(parsed.error)}`);
      else valid.push({ args: parsed.data as never, meta: { clientId, seq: c.seq, name: c.name, createdAt: c.createdAt } });
    }
    const outcomes = valid.length ? await def.applyRun!(tx, valid, ctx) : [];
    valid.forEach((v, k) => {
      const error = outcomes[k];
      if (error === null) return;
      if (error === undefined) throw new Error(`the run handler of ${v.meta.name} gave no outcome for seq ${v.meta.seq}`);
      if (error instanceof CommandRejected || error instanceof Refusal) refused.set(v.meta.seq, error instanceof CommandRejected ? error.reason : error.message);
      else throw error;
    });
    for (const c of fresh) {
      const reason = refused.get(c.seq);
      if (reason === undefined) results.push({ seq: c.seq, status: 'applied' });
      else {
        await tx.recordRejection(clientId, { seq: c.seq, name: c.name, reason }, await tx.nextVersion());
        results.push({ seq: c.seq, status: 'rejected', reason });
      }
      await tx.setLastSeq(clientId, c.seq);
    }
    return { results, lastSeq: fresh[fresh.length - 1].seq };
  });
}

function describeIssues(error: z.ZodError): string {
  return error.issues.map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message)).join('; ');
}

/**
 * Answer a pull from one consistent snapshot: the rows changed since the
 * cookie, the new cookie, the client's lastSeq and the rejections the client
 * has not yet seen (those recorded after its cookie). The caller must narrow
 * req.scope to the companies the session may read.
 */
export async function applyPull<Tx extends ServerTx>(store: ServerStore<Tx>, req: PullRequest): Promise<PullResponse> {
  return store.transaction(async (tx) => {
    const cookie = await tx.currentVersion();
    const lastSeq = await tx.lastSeq(req.clientId);
    const patch = await tx.changesSince(req.cookie, req.scope);
    const rejected = await tx.rejectionsSince(req.clientId, req.cookie);
    return { cookie, lastSeq, patch, rejected };
  });
}
