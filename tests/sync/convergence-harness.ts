// The convergence property of convergence.property.test.ts, generic over the
// server binding, so the same scenarios run against MemoryServerStore and the
// Kysely store. A server under test is a ServerStore whose transactions offer
// MemoryServerTx's generic rows (what the fixtures' handlers use) plus an
// `inspect()` of its committed state.
//
// Property: whatever the network does (drop requests, drop responses,
// duplicate, deliver late and out of order, fail with 5xx), whatever the
// server does (transient faults), and however often a device crashes, once
// the network heals and every device syncs until nothing is pending:
//  - every command was handled exactly once, in seq order per device;
//  - replaying the server's order through the business rules gives exactly
//    its accept/refuse decisions (refusals with the same reasons) and state;
//  - every device holds exactly the server's state and lists its refusals;
//  - stale duplicates delivered afterwards change nothing.
// And after every step, on every device: the rows shown equal the server's
// state at the device's cookie with its pending commands' effects on top.
import fc from 'fast-check';
import { expect } from 'vitest';
import { SYNC_META, SyncEngine, type LocalRows, type PullMeta } from '../../sync/client/engine';
import type { LocalStore } from '../../sync/client/local-store';
import { HttpError, type SyncTransport } from '../../sync/client/transport';
import { pullResponseSchema, pushResponseSchema } from '../../sync/protocol';
import { applyPull, applyPush, type ServerStore } from '../../sync/server/apply';
import type { MemoryServerTx, StoredRejection, StoredRow } from '../../sync/server/memory-store';
import { AUDIT, COMPANY, decide, overTheWire, targetOf, testCommands, testEffects, testHandlers, type ServerFaults, type TestCommand } from './fixtures';

export const FAULTS = ['dropRequest', 'dropResponse', 'duplicate', 'delay', 'http503', 'crash'] as const;
type Fault = 'ok' | (typeof FAULTS)[number];

type Step =
  | { kind: 'enqueue'; device: number; command: TestCommand }
  | { kind: 'sync'; device: number }
  | { kind: 'syncWhileEnqueueing'; device: number; command: TestCommand }
  | { kind: 'crash'; device: number }
  | { kind: 'deliverLate'; pick: number }
  | { kind: 'serverFault' };

export interface Scenario {
  devices: number;
  steps: Step[];
  faults: Fault[];
  /** The server applies runs of one command name set-based (RunHandler) as well as one by one. */
  runs?: boolean;
}

const commandArb: fc.Arbitrary<TestCommand> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ counter: fc.constantFrom('a', 'b'), by: fc.integer({ min: -3, max: 6 }) }).map((args) => ({ name: 'counter.add' as const, args })) },
  { weight: 2, arbitrary: fc.record({ set: fc.constantFrom('s', 't'), item: fc.constantFrom('x', 'y', 'z') }).map((args) => ({ name: 'set.add' as const, args })) },
  { weight: 2, arbitrary: fc.record({ set: fc.constantFrom('s', 't'), item: fc.constantFrom('x', 'y', 'z') }).map((args) => ({ name: 'set.remove' as const, args })) },
);
const device = fc.nat({ max: 2 });
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('enqueue' as const), device, command: commandArb }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('sync' as const), device }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('syncWhileEnqueueing' as const), device, command: commandArb }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('crash' as const), device }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('deliverLate' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'serverFault' as const }) },
);
const faultArb: fc.Arbitrary<Fault> = fc.oneof({ weight: 3, arbitrary: fc.constant('ok' as const) }, { weight: 2, arbitrary: fc.constantFrom(...FAULTS) });
export const scenarioArb: fc.Arbitrary<Scenario> = fc.record({
  devices: fc.integer({ min: 1, max: 3 }),
  steps: fc.array(stepArb, { minLength: 1, maxLength: 40, size: 'medium' }),
  faults: fc.array(faultArb, { maxLength: 40, size: 'medium' }),
  runs: fc.boolean(),
});

/** Committed server state, as MemoryServerStore.inspect() reports it. */
export interface ServerState {
  version: number;
  rows: StoredRow[];
  lastSeqs: Map<string, number>;
  rejections: StoredRejection[];
}

export interface ServerUnderTest {
  store: ServerStore<MemoryServerTx>;
  inspect(): Promise<ServerState>;
}

class DeviceCrashed extends Error {}
const networkDown = () => new TypeError('Failed to fetch');
const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Every call takes the next fault from the script; late deliveries wait in `inFlight`. */
class FaultyNetwork {
  readonly inFlight: Array<() => Promise<unknown>> = [];
  constructor(
    private readonly faults: Fault[],
    private readonly seen: Map<string, number>,
  ) {}

  heal() {
    this.faults.length = 0;
  }

  async call<T>(deliver: () => Promise<T>, onCrash: () => void): Promise<T> {
    const fault = this.faults.shift() ?? 'ok';
    this.seen.set(fault, (this.seen.get(fault) ?? 0) + 1);
    await yieldToOthers();
    switch (fault) {
      case 'ok':
        return deliver();
      case 'dropRequest':
        throw networkDown();
      case 'dropResponse':
        await deliver();
        throw networkDown();
      case 'duplicate':
        this.inFlight.push(deliver);
        return deliver();
      case 'delay':
        this.inFlight.push(deliver);
        throw networkDown();
      case 'http503':
        throw new HttpError(503);
      case 'crash':
        await deliver();
        onCrash();
        throw new DeviceCrashed('the device lost power');
    }
  }

  async deliverLate(pick: number) {
    if (this.inFlight.length === 0) return;
    const [deliver] = this.inFlight.splice(pick % this.inFlight.length, 1);
    this.seen.set('late delivery', (this.seen.get('late delivery') ?? 0) + 1);
    await deliver().catch(() => undefined);
  }
}

type View = Record<string, Record<string, unknown>>;
const emptyView = (): View => ({ counters: {}, sets: {} });

/** Remembers the synced rows as of every committed version, to check devices against past cookies. */
class HistoryServerStore implements ServerStore<MemoryServerTx> {
  readonly history = new Map<number, View>([[0, emptyView()]]);
  constructor(readonly inner: ServerStore<MemoryServerTx>) {}
  transaction<T>(fn: (tx: MemoryServerTx) => Promise<T>): Promise<T> {
    return this.inner.transaction(async (tx) => {
      const result = await fn(tx);
      const view = emptyView();
      for (const table of Object.keys(view)) for (const row of await tx.list(table)) view[table][row.key] = row.value;
      this.history.set(await tx.currentVersion(), view);
      return result;
    });
  }
}

function viewRows(view: View): LocalRows {
  return {
    get: async (table, key) => view[table][key],
    list: async (table) => Object.entries(view[table]).map(([key, value]) => ({ key, value })),
    put: async (table, key, value) => void (view[table][key] = structuredClone(value)),
    del: async (table, key) => void delete view[table][key],
  };
}

async function readView(store: LocalStore): Promise<View> {
  return store.transaction(async (tx) => {
    const view = emptyView();
    for (const table of Object.keys(view)) for (const row of await tx.listRows(table)) view[table][row.key] = row.value;
    return view;
  });
}

async function expectOptimisticView(store: LocalStore, history: Map<number, View>) {
  const { pull, pending } = await store.transaction(async (tx) => ({
    pull: (await tx.getMeta(SYNC_META.pull)) as PullMeta | null | undefined,
    pending: await tx.listPending(),
  }));
  const base = pull ? history.get(pull.cookie) : emptyView();
  expect(base, `no server state recorded at cookie ${pull?.cookie}`).toBeDefined();
  const expected = structuredClone(base!);
  for (const entry of pending) {
    await testEffects[entry.name as TestCommand['name']](viewRows(expected), entry.args as never, { seq: entry.seq, createdAt: entry.createdAt });
  }
  expect(await readView(store)).toEqual(expected);
}

/** Live rows of the synced tables, as a comparable object. */
function serverView(state: ServerState): View {
  const view = emptyView();
  for (const row of state.rows) if (!row.deleted && row.companyId === COMPANY) view[row.table][row.key] = row.value;
  return view;
}

export type Seen = Map<string, number>;

export async function runScenario({ devices: deviceCount, steps, faults, runs }: Scenario, newStore: () => Promise<LocalStore>, seen: Seen, serverUnderTest: ServerUnderTest) {
  const server = new HistoryServerStore(serverUnderTest.store);
  const serverFaults: ServerFaults = { failNextApply: false };
  const network = new FaultyNetwork([...faults], seen);
  const count = (what: string, n = 1) => seen.set(what, (seen.get(what) ?? 0) + n);
  const handlers = testHandlers(serverFaults, { runs, onRun: () => count('set-based run') });

  interface Device {
    store: LocalStore;
    engine: SyncEngine<typeof testCommands>;
    crashed: boolean;
    enqueued: Map<number, TestCommand>;
  }

  function transportFor(device: Device): SyncTransport {
    const crash = () => (device.crashed = true);
    return {
      push: (req) => {
        const sent = overTheWire(req); // what left the device, even if delivered late
        return network.call(async () => pushResponseSchema.parse(overTheWire((await applyPush(server, sent, handlers, {})).response)), crash);
      },
      pull: (req) => {
        const sent = overTheWire(req);
        return network.call(async () => pullResponseSchema.parse(overTheWire(await applyPull(server, sent))), crash);
      },
    };
  }
  function boot(device: Device) {
    device.crashed = false;
    device.engine = new SyncEngine({
      store: device.store,
      transport: transportFor(device),
      commands: testCommands,
      effects: testEffects,
      scope: () => ({ companyIds: [COMPANY] }),
      timers: { setTimeout: () => 0, clearTimeout: () => undefined }, // the test drives every retry
    });
  }

  const devices: Device[] = [];
  for (let i = 0; i < deviceCount; i++) {
    const d = { store: await newStore(), crashed: false, enqueued: new Map() } as unknown as Device;
    boot(d);
    devices.push(d);
  }
  const enqueue = async (d: Device, command: TestCommand) => {
    const seq = await d.engine.enqueue(command.name, command.args as never);
    d.enqueued.set(seq, command);
  };

  for (const step of steps) {
    const d = 'device' in step ? devices[step.device % deviceCount] : undefined;
    switch (step.kind) {
      case 'enqueue':
        await enqueue(d!, step.command);
        break;
      case 'sync':
        await d!.engine.sync();
        break;
      case 'syncWhileEnqueueing': {
        const syncing = d!.engine.sync();
        await enqueue(d!, step.command);
        await syncing;
        break;
      }
      case 'crash':
        d!.crashed = true;
        break;
      case 'deliverLate':
        await network.deliverLate(step.pick);
        break;
      case 'serverFault':
        serverFaults.failNextApply = true;
        break;
    }
    // A crash loses everything in memory; the durable store stays.
    for (const x of devices) {
      if (x.crashed) {
        count('reboot');
        boot(x);
      }
    }
    for (const x of devices) await expectOptimisticView(x.store, server.history);
  }

  // Heal and sync until nothing is pending, then once more so everyone pulls everything.
  network.heal();
  serverFaults.failNextApply = false;
  for (let round = 0; ; round++) {
    expect(round, 'devices did not quiesce').toBeLessThan(5);
    for (const x of devices) await x.engine.sync();
    const pending = await Promise.all(devices.map((x) => x.store.transaction((tx) => tx.countPending())));
    if (pending.every((n) => n === 0)) break;
  }
  for (const x of devices) expect(await x.engine.sync()).toBe(true);

  // Stale requests still in the network arrive now: all must be no-ops.
  const settled = await serverUnderTest.inspect();
  while (network.inFlight.length > 0) await network.deliverLate(0);
  expect((await serverUnderTest.inspect()).version).toBe(settled.version);

  const clientIds = await Promise.all(devices.map((x) => x.store.transaction((tx) => tx.getMeta('clientId')) as Promise<string>));
  const deviceOf = new Map(clientIds.map((id, i) => [id, devices[i]]));

  // The server's processing order: applied commands left an audit row, refused ones a rejection.
  const handled = [
    ...settled.rows
      .filter((row) => row.companyId === AUDIT)
      .map((row) => ({ ...(row.value as { clientId: string; seq: number }), version: row.version, reason: undefined as string | undefined })),
    ...settled.rejections.map(({ clientId, seq, version, reason }) => ({ clientId, seq, version, reason })),
  ].sort((a, b) => a.version - b.version);
  if (runs) {
    // A run is decided in seq order but stamped afterwards (its kept writes, then its refusals), all in
    // one transaction of one device, so its versions are contiguous among everyone's: each device's
    // entries, put back in seq order into the places they hold, are the order the server decided.
    // The replay below then checks that order's decisions.
    for (const id of new Set(handled.map((h) => h.clientId))) {
      const places = handled.flatMap((h, i) => (h.clientId === id ? [i] : []));
      const inSeqOrder = places.map((i) => handled[i]).sort((a, b) => a.seq - b.seq);
      places.forEach((place, k) => (handled[place] = inSeqOrder[k]));
    }
  }

  // Exactly once, in seq order, per device.
  for (const [i, x] of devices.entries()) {
    const seqs = handled.filter((h) => h.clientId === clientIds[i]).map((h) => h.seq);
    expect(seqs).toEqual([...x.enqueued.keys()].sort((a, b) => a - b));
    expect(settled.lastSeqs.get(clientIds[i]) ?? 0).toBe(x.enqueued.size);
  }
  expect(handled).toHaveLength(devices.reduce((n, x) => n + x.enqueued.size, 0));

  // Replaying the server's order through the rules reproduces its decisions and state.
  const model = new Map<string, unknown>();
  for (const h of handled) {
    const command = deviceOf.get(h.clientId)!.enqueued.get(h.seq)!;
    const { table, key } = targetOf(command);
    const decision = decide(command, model.get(`${table}/${key}`));
    if ('reason' in decision) {
      expect(h.reason).toBe(decision.reason);
    } else {
      expect(h.reason).toBeUndefined();
      if (decision.next === undefined) model.delete(`${table}/${key}`);
      else model.set(`${table}/${key}`, decision.next);
    }
  }
  const view = serverView(settled);
  const modelView = emptyView();
  for (const [id, value] of model) {
    const [table, key] = id.split('/');
    modelView[table][key] = value;
  }
  expect(view).toEqual(modelView);

  for (const [i, x] of devices.entries()) {
    expect(await readView(x.store)).toEqual(view);
    const status = x.engine.getStatus();
    expect(status.pending).toBe(0);
    const refused = settled.rejections.filter((r) => r.clientId === clientIds[i]).map(({ seq, name, reason }) => ({ seq, name, reason }));
    expect(status.rejected.map(({ seq, name, reason }) => ({ seq, name, reason }))).toEqual(refused);
    for (const r of status.rejected) if (r.args !== undefined) expect(r.args).toEqual(x.enqueued.get(r.seq)!.args);
  }
  count('commands', handled.length);
  count('refused', settled.rejections.length);
}
