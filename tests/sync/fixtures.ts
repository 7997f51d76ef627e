// A tiny command set for sync tests: counters and sets, with business rules
// that refuse some commands. One `decide` serves the server handler, the
// client's optimistic effect and the model the property test checks against.
import { z } from 'zod';
import type { CommandRegistry } from '../../sync/commands';
import type { PullRequest, PushRequest } from '../../sync/protocol';
import { applyPull, applyPush, CommandRejected, defineHandlers, type CommandHandler, type RunHandler } from '../../sync/server/apply';
import type { MemoryServerStore, MemoryServerTx } from '../../sync/server/memory-store';
import type { LocalEffect, LocalEffects } from '../../sync/client/engine';
import type { SyncTransport } from '../../sync/client/transport';

export const COMPANY = 'c1';
export const OTHER_COMPANY = 'c2';
/** Server-only audit rows live under a company no client syncs. */
export const AUDIT = 'audit';
export const MAX_COUNTER = 10;

export const testCommands = {
  'counter.add': z.object({ counter: z.string().min(1), by: z.number().int() }),
  'set.add': z.object({ set: z.string().min(1), item: z.string().min(1) }),
  'set.remove': z.object({ set: z.string().min(1), item: z.string().min(1) }),
} satisfies CommandRegistry;

export type TestCommands = typeof testCommands;
export type TestCommand = { [N in keyof TestCommands]: { name: N; args: z.output<TestCommands[N]> } }[keyof TestCommands];

export type Decision = { table: string; key: string; next: unknown } | { reason: string };

/** The one row a command touches and its next value (undefined = delete), or why it is refused. */
export function decide(command: TestCommand, current: unknown): Decision {
  switch (command.name) {
    case 'counter.add': {
      const next = ((current as number | undefined) ?? 0) + command.args.by;
      if (next < 0 || next > MAX_COUNTER) return { reason: `Counter ${command.args.counter} would be ${next}` };
      return { table: 'counters', key: command.args.counter, next: next === 0 ? undefined : next };
    }
    case 'set.add': {
      const items = (current as string[] | undefined) ?? [];
      if (items.includes(command.args.item)) return { reason: `${command.args.item} is already in ${command.args.set}` };
      return { table: 'sets', key: command.args.set, next: [...items, command.args.item].sort() };
    }
    case 'set.remove': {
      const items = (current as string[] | undefined) ?? [];
      if (!items.includes(command.args.item)) return { reason: `${command.args.item} is not in ${command.args.set}` };
      const rest = items.filter((item) => item !== command.args.item);
      return { table: 'sets', key: command.args.set, next: rest.length ? rest : undefined };
    }
  }
}

export function targetOf(command: TestCommand): { table: string; key: string } {
  return command.name === 'counter.add' ? { table: 'counters', key: command.args.counter } : { table: 'sets', key: command.args.set };
}

/** Switches the test flips to make the server misbehave. */
export interface ServerFaults {
  /** The next handler call writes its audit row, then fails like a lost database connection. */
  failNextApply: boolean;
}

/** The server's handlers; with `runs`, consecutive commands of one name also go through a set-based run handler. */
export function testHandlers(faults: ServerFaults = { failNextApply: false }, opts: { runs?: boolean; onRun?: (commands: number) => void } = {}) {
  function handler<N extends TestCommand['name']>(name: N): CommandHandler<MemoryServerTx, unknown, z.output<TestCommands[N]>> {
    return async (tx, args, _ctx, meta) => {
      const command = { name, args } as TestCommand;
      const { table, key } = targetOf(command);
      // Written before any refusal or fault: it must vanish with the rollback.
      const logVersion = await tx.nextVersion();
      await tx.put('log', String(logVersion), { clientId: meta.clientId, seq: meta.seq }, { companyId: AUDIT, version: logVersion });
      if (faults.failNextApply) {
        faults.failNextApply = false;
        throw new Error('connection to the database was lost');
      }
      const decision = decide(command, await tx.get(table, key));
      if ('reason' in decision) throw new CommandRejected(decision.reason);
      const version = await tx.nextVersion();
      if (decision.next === undefined) await tx.del(table, key, version);
      else await tx.put(table, key, decision.next, { companyId: COMPANY, version });
    };
  }
  /**
   * The set-based form (with `runs`): every row the run touches read first,
   * the commands decided in order against what the earlier ones left, then
   * the kept ones written; the fault strikes after the run's first write, so
   * a half-written run must vanish and be applied again one by one.
   */
  const run: RunHandler<MemoryServerTx, unknown, TestCommand['args']> = async (tx, commands) => {
    opts.onRun?.(commands.length);
    const list = commands.map(({ args, meta }) => ({ command: { name: meta.name, args } as TestCommand, meta }));
    const view = new Map<string, unknown>();
    for (const { command } of list) {
      const { table, key } = targetOf(command);
      if (!view.has(`${table}/${key}`)) view.set(`${table}/${key}`, await tx.get(table, key));
    }
    const writes: { table: string; key: string; next: unknown; clientId: string; seq: number }[] = [];
    const outcomes = list.map(({ command, meta }) => {
      const { table, key } = targetOf(command);
      const decision = decide(command, view.get(`${table}/${key}`));
      if ('reason' in decision) return new CommandRejected(decision.reason);
      view.set(`${table}/${key}`, decision.next);
      writes.push({ table, key, next: decision.next, clientId: meta.clientId, seq: meta.seq });
      return null;
    });
    for (const w of writes) {
      const logVersion = await tx.nextVersion();
      await tx.put('log', String(logVersion), { clientId: w.clientId, seq: w.seq }, { companyId: AUDIT, version: logVersion });
      if (faults.failNextApply) {
        faults.failNextApply = false;
        throw new Error('connection to the database was lost');
      }
      const version = await tx.nextVersion();
      if (w.next === undefined) await tx.del(w.table, w.key, version);
      else await tx.put(w.table, w.key, w.next, { companyId: COMPANY, version });
    }
    return outcomes;
  };
  return defineHandlers<MemoryServerTx, unknown, TestCommands>(
    testCommands,
    {
      'counter.add': handler('counter.add'),
      'set.add': handler('set.add'),
      'set.remove': handler('set.remove'),
    },
    opts.runs ? { 'counter.add': run, 'set.add': run, 'set.remove': run } : {},
  );
}

/** Optimistic effects: apply what the local view allows, do nothing otherwise (the server decides). */
function effect<N extends TestCommand['name']>(name: N): LocalEffect<z.output<TestCommands[N]>> {
  return async (rows, args) => {
    const command = { name, args } as TestCommand;
    const { table, key } = targetOf(command);
    const decision = decide(command, await rows.get(table, key));
    if ('reason' in decision) return;
    if (decision.next === undefined) await rows.del(table, key);
    else await rows.put(table, key, decision.next);
  };
}

export const testEffects: LocalEffects<TestCommands> = {
  'counter.add': effect('counter.add'),
  'set.add': effect('set.add'),
  'set.remove': effect('set.remove'),
};

/** Messages cross the wire as JSON, so nothing is shared by reference. */
export const overTheWire = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** A perfect network straight into the server. */
export function directTransport(server: MemoryServerStore, handlers = testHandlers()): SyncTransport {
  return {
    push: async (req: PushRequest) => overTheWire((await applyPush(server, overTheWire(req), handlers, {})).response),
    pull: async (req: PullRequest) => overTheWire(await applyPull(server, overTheWire(req))),
  };
}

/** Live rows of the synced tables on the server, as a comparable object. */
export function serverView(server: MemoryServerStore): Record<string, Record<string, unknown>> {
  const view: Record<string, Record<string, unknown>> = { counters: {}, sets: {} };
  for (const row of server.inspect().rows) {
    if (!row.deleted && row.companyId === COMPANY) view[row.table][row.key] = row.value;
  }
  return view;
}
