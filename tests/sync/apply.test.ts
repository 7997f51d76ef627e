import { describe, expect, it } from 'vitest';
import { SYNC_SCHEMA_VERSION, pullResponseSchema, pushRequestSchema, type WireCommand } from '../../sync/protocol';
import { applyPull, applyPush, UnsupportedSchemaVersion } from '../../sync/server/apply';
import { MemoryServerStore } from '../../sync/server/memory-store';
import { AUDIT, COMPANY, OTHER_COMPANY, serverView, testHandlers, type ServerFaults, type TestCommand } from './fixtures';

const CLIENT = 'client-a';
const at = '2024-05-01T10:00:00.000Z';

function wire(seq: number, command: TestCommand | { name: string; args: unknown }): WireCommand {
  return { seq, name: command.name, args: command.args, createdAt: at };
}
const add = (seq: number, counter: string, by: number) => wire(seq, { name: 'counter.add', args: { counter, by } });

function setup() {
  const store = new MemoryServerStore();
  const faults: ServerFaults = { failNextApply: false };
  const handlers = testHandlers(faults);
  const push = (commands: WireCommand[], clientId = CLIENT) =>
    applyPush(store, pushRequestSchema.parse({ clientId, schemaVersion: SYNC_SCHEMA_VERSION, commands }), handlers, {});
  const pull = async (cookie: number | null, companyIds = [COMPANY], clientId = CLIENT) =>
    pullResponseSchema.parse(await applyPull(store, { clientId, cookie, scope: { companyIds } }));
  const auditRows = () => store.inspect().rows.filter((row) => row.companyId === AUDIT);
  return { store, faults, push, pull, auditRows };
}

describe('applyPush', () => {
  it('applies commands in order and advances lastSeq', async () => {
    const { store, push } = setup();
    const { response, stop } = await push([add(1, 'a', 2), add(2, 'a', 3), add(3, 'b', 1)]);
    expect(stop).toBeUndefined();
    expect(response).toEqual({
      lastSeq: 3,
      results: [
        { seq: 1, status: 'applied' },
        { seq: 2, status: 'applied' },
        { seq: 3, status: 'applied' },
      ],
    });
    expect(serverView(store).counters).toEqual({ a: 5, b: 1 });
  });

  it('skips commands at or below lastSeq, so a resent batch changes nothing', async () => {
    const { store, push } = setup();
    await push([add(1, 'a', 2), add(2, 'a', 3)]);
    const before = store.inspect();
    const { response } = await push([add(1, 'a', 2), add(2, 'a', 3), add(3, 'a', 1)]);
    expect(response.results).toEqual([
      { seq: 1, status: 'skipped' },
      { seq: 2, status: 'skipped' },
      { seq: 3, status: 'applied' },
    ]);
    expect(serverView(store).counters).toEqual({ a: 6 });
    expect(store.inspect().version).toBeGreaterThan(before.version);
    const again = await push([add(3, 'a', 1)]);
    expect(again.response).toEqual({ lastSeq: 3, results: [{ seq: 3, status: 'skipped' }] });
    expect(serverView(store).counters).toEqual({ a: 6 });
  });

  it('stops the batch at a gap and applies nothing after it', async () => {
    const { store, push } = setup();
    const first = await push([add(2, 'a', 1), add(3, 'a', 1)]);
    expect(first.response).toEqual({ lastSeq: 0, results: [] });
    expect(first.stop).toEqual({ seq: 2, kind: 'gap' });
    const second = await push([add(1, 'a', 1), add(3, 'a', 1), add(4, 'a', 1)]);
    expect(second.response).toEqual({ lastSeq: 1, results: [{ seq: 1, status: 'applied' }] });
    expect(second.stop).toEqual({ seq: 3, kind: 'gap' });
    expect(serverView(store).counters).toEqual({ a: 1 });
  });

  it('records a refusal with its reason, undoes what the handler wrote, and carries on', async () => {
    const { store, push, pull, auditRows } = setup();
    const { response } = await push([add(1, 'a', 8), add(2, 'a', 5), add(3, 'a', 2)]);
    expect(response).toEqual({
      lastSeq: 3,
      results: [
        { seq: 1, status: 'applied' },
        { seq: 2, status: 'rejected', reason: 'Counter a would be 13' },
        { seq: 3, status: 'applied' },
      ],
    });
    expect(serverView(store).counters).toEqual({ a: 10 });
    // The refused command's audit row was written before the refusal and rolled back.
    expect(auditRows().map((row) => (row.value as { seq: number }).seq).sort()).toEqual([1, 3]);
    expect(store.inspect().rejections).toMatchObject([{ clientId: CLIENT, seq: 2, name: 'counter.add', reason: 'Counter a would be 13' }]);
    // Retrying the refused seq does not refuse it twice.
    expect((await push([add(2, 'a', 5)])).response.results).toEqual([{ seq: 2, status: 'skipped' }]);
    expect(store.inspect().rejections).toHaveLength(1);
    const pulled = await pull(null);
    expect(pulled.rejected).toEqual([{ seq: 2, name: 'counter.add', reason: 'Counter a would be 13' }]);
  });

  it('refuses unknown commands and invalid args without stopping the batch', async () => {
    const { store, push } = setup();
    const { response } = await push([
      wire(1, { name: 'counter.reset', args: {} }),
      wire(2, { name: 'counter.add', args: { counter: 'a', by: 1.5 } }),
      add(3, 'a', 1),
    ]);
    expect(response.lastSeq).toBe(3);
    expect(response.results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'applied']);
    expect(response.results[0].reason).toBe('Unknown command counter.reset');
    expect(response.results[1].reason).toMatch(/^Invalid command: by: /);
    expect(serverView(store).counters).toEqual({ a: 1 });
  });

  it('rolls back a transient fault whole, stops the batch, and a retry applies the rest once', async () => {
    const { store, faults, push, auditRows } = setup();
    await push([add(1, 'a', 1)]);
    const before = store.inspect();
    faults.failNextApply = true;
    const failed = await push([add(2, 'a', 1), add(3, 'a', 1)]);
    expect(failed.response).toEqual({ lastSeq: 1, results: [] });
    expect(failed.stop).toMatchObject({ seq: 2, kind: 'error' });
    expect(String((failed.stop as { error: Error }).error)).toContain('connection to the database was lost');
    // Nothing of the failed attempt survives: no audit row, no version bump, no lastSeq move.
    expect(store.inspect().version).toBe(before.version);
    expect(auditRows()).toHaveLength(1);
    expect(store.inspect().lastSeqs.get(CLIENT)).toBe(1);

    const retried = await push([add(1, 'a', 1), add(2, 'a', 1), add(3, 'a', 1)]);
    expect(retried.response.results.map((r) => r.status)).toEqual(['skipped', 'applied', 'applied']);
    expect(serverView(store).counters).toEqual({ a: 3 });
    expect(auditRows()).toHaveLength(3);
  });

  it('keeps clients apart: each has its own lastSeq', async () => {
    const { store, push } = setup();
    await push([add(1, 'a', 1)], 'client-a');
    const { response } = await push([add(1, 'a', 2)], 'client-b');
    expect(response.results).toEqual([{ seq: 1, status: 'applied' }]);
    expect(serverView(store).counters).toEqual({ a: 3 });
  });

  it('refuses a push from another protocol version before touching anything', async () => {
    const { store } = setup();
    await expect(applyPush(store, { clientId: CLIENT, schemaVersion: SYNC_SCHEMA_VERSION + 1, commands: [add(1, 'a', 1)] }, testHandlers(), {})).rejects.toBeInstanceOf(
      UnsupportedSchemaVersion,
    );
    expect(store.inspect().version).toBe(0);
  });
});

describe('applyPull', () => {
  it('returns everything in scope for a null cookie, then only changes and tombstones since the cookie', async () => {
    const { store, push, pull } = setup();
    await push([add(1, 'a', 2), add(2, 'b', 1), wire(3, { name: 'set.add', args: { set: 's', item: 'x' } })]);
    await store.transaction(async (tx) => tx.put('counters', 'foreign', 7, { companyId: OTHER_COMPANY, version: await tx.nextVersion() }));

    const first = await pull(null);
    expect(first.lastSeq).toBe(3);
    expect(first.cookie).toBe(store.inspect().version);
    expect(first.patch).toEqual([
      { op: 'put', table: 'counters', key: 'a', value: 2 },
      { op: 'put', table: 'counters', key: 'b', value: 1 },
      { op: 'put', table: 'sets', key: 's', value: ['x'] },
    ]);

    await push([add(4, 'b', -1), add(5, 'a', 1)]);
    const second = await pull(first.cookie);
    expect(second.lastSeq).toBe(5);
    expect(second.patch).toEqual([
      { op: 'del', table: 'counters', key: 'b' },
      { op: 'put', table: 'counters', key: 'a', value: 3 },
    ]);
    expect(await pull(second.cookie)).toEqual({ cookie: second.cookie, lastSeq: 5, patch: [], rejected: [] });
    // A scope with the other company sees its row; a fresh client gets no tombstones. Ordered by version.
    expect((await pull(null, [COMPANY, OTHER_COMPANY])).patch.map((op) => `${op.op} ${op.key}`)).toEqual(['put s', 'put foreign', 'put a']);
  });

  it('reports a rejection until the client has pulled past it', async () => {
    const { push, pull } = setup();
    await push([add(1, 'a', 11)]);
    const first = await pull(0);
    expect(first.rejected).toEqual([{ seq: 1, name: 'counter.add', reason: 'Counter a would be 11' }]);
    await push([add(2, 'a', 1)]);
    const second = await pull(first.cookie);
    expect(second.rejected).toEqual([]);
    expect((await pull(null, [COMPANY], 'client-b')).rejected).toEqual([]);
  });
});

describe('MemoryServerStore', () => {
  it('rolls back every write of a failed transaction and runs transactions one at a time', async () => {
    const store = new MemoryServerStore();
    await expect(
      store.transaction(async (tx) => {
        await tx.put('t', 'k', 1, { companyId: COMPANY, version: await tx.nextVersion() });
        await tx.setLastSeq('c', 1);
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(store.inspect()).toMatchObject({ version: 0, rows: [], rejections: [] });
    expect(store.inspect().lastSeqs.size).toBe(0);

    const order: string[] = [];
    await Promise.all([
      store.transaction(async (tx) => {
        order.push('first:start');
        await tx.nextVersion();
        await new Promise((resolve) => setTimeout(resolve, 5));
        order.push('first:end');
      }),
      store.transaction(async () => {
        order.push('second');
      }),
    ]);
    expect(order).toEqual(['first:start', 'first:end', 'second']);
  });

  it('refuses a row stamped with a version this transaction did not take', async () => {
    const store = new MemoryServerStore();
    await expect(store.transaction((tx) => tx.put('t', 'k', 1, { companyId: COMPANY, version: 1 }))).rejects.toThrow(/not issued/);
    await expect(store.transaction((tx) => tx.setLastSeq('c', 2))).rejects.toThrow(/may only move/);
  });
});
