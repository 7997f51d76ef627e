// The LocalStore contract, run against both bindings.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import Dexie from 'dexie';
import { BUCKETS, DexieLocalStore, readRow, readTableRows, SyncDexie } from '../../sync/client/dexie-store';
import type { LocalStore, LocalTx } from '../../sync/client/local-store';
import { MemoryLocalStore } from '../../sync/client/memory-store';

const opened: SyncDexie[] = [];
let dbCounter = 0;
function openDexie(name = `local-store-test-${++dbCounter}`) {
  const db = new SyncDexie(name);
  opened.push(db);
  return db;
}
afterEach(async () => {
  const dbs = opened.splice(0);
  for (const db of dbs) db.close();
  for (const db of dbs) await db.delete();
});

const bindings: Array<[string, () => LocalStore]> = [
  ['MemoryLocalStore', () => new MemoryLocalStore()],
  ['DexieLocalStore', () => new DexieLocalStore(openDexie())],
];

const entry = (seq: number) => ({ seq, name: 'counter.add', args: { counter: 'a', by: seq }, createdAt: '2024-05-01T10:00:00.000Z' });
const read = <T>(store: LocalStore, fn: (tx: LocalTx) => Promise<T>) => store.transaction(fn);

describe.each(bindings)('%s', (_name, create) => {
  it('commits a transaction whole or not at all', async () => {
    const store = create();
    await store.transaction(async (tx) => {
      await tx.setMeta('seq', 1);
      await tx.appendOutbox(entry(1));
      await tx.putRow('counters', 'a', 1);
    });
    await expect(
      store.transaction(async (tx) => {
        await tx.setMeta('seq', 2);
        await tx.appendOutbox(entry(2));
        await tx.putRow('counters', 'a', 2);
        throw new Error('effect failed');
      }),
    ).rejects.toThrow('effect failed');
    expect(await read(store, (tx) => tx.getMeta('seq'))).toBe(1);
    expect(await read(store, (tx) => tx.listPending())).toEqual([entry(1)]);
    expect(await read(store, (tx) => tx.getRow('counters', 'a'))).toBe(1);
  });

  it('keeps writes inside the transaction across deeply nested async helpers', async () => {
    const store = create();
    const deep = async (depth: number, fn: () => Promise<void>): Promise<void> => (depth === 0 ? fn() : deep(depth - 1, fn));
    await store.transaction(async (tx) => {
      await deep(30, () => tx.putRow('counters', 'a', 1));
      await deep(30, async () => {
        await Promise.resolve();
        await tx.putRow('counters', 'b', 2);
      });
    });
    await expect(
      store.transaction(async (tx) => {
        await deep(30, () => tx.putRow('counters', 'c', 3));
        await deep(30, () => tx.putRow('counters', 'd', 4));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect((await read(store, (tx) => tx.listRows('counters'))).map((r) => r.key).sort()).toEqual(['a', 'b']);
  });

  it('keeps the outbox in seq order, refuses a reused seq and drops through a seq', async () => {
    const store = create();
    await store.transaction(async (tx) => {
      for (const seq of [3, 1, 2, 4]) await tx.appendOutbox(entry(seq));
    });
    await expect(store.transaction((tx) => tx.appendOutbox(entry(2)))).rejects.toThrow();
    expect((await read(store, (tx) => tx.listPending())).map((e) => e.seq)).toEqual([1, 2, 3, 4]);
    expect((await read(store, (tx) => tx.listPending(0, 2))).map((e) => e.seq)).toEqual([1, 2]);
    expect((await read(store, (tx) => tx.listPending(1, 2))).map((e) => e.seq)).toEqual([2, 3]);
    await store.transaction((tx) => tx.dropThrough(2));
    expect((await read(store, (tx) => tx.listPending())).map((e) => e.seq)).toEqual([3, 4]);
    expect(await read(store, (tx) => tx.countPending())).toBe(2);
  });

  it('records a rejection once and never brings back a dismissed one', async () => {
    const store = create();
    await store.transaction((tx) => tx.addRejected([{ seq: 2, name: 'counter.add', reason: 'first reason' }]));
    await store.transaction((tx) => tx.addRejected([{ seq: 2, name: 'counter.add', reason: 'second reason' }, { seq: 1, name: 'set.add', reason: 'r1' }]));
    expect(await read(store, (tx) => tx.listRejected())).toEqual([
      { seq: 1, name: 'set.add', reason: 'r1' },
      { seq: 2, name: 'counter.add', reason: 'first reason' },
    ]);
    await store.transaction((tx) => tx.dismissRejected(1, '2024-05-01T11:00:00.000Z'));
    await store.transaction((tx) => tx.addRejected([{ seq: 1, name: 'set.add', reason: 'r1' }]));
    expect((await read(store, (tx) => tx.listRejected())).map((r) => r.seq)).toEqual([2]);
  });

  it('restores the first saved base of each row, absent rows included', async () => {
    const store = create();
    await store.transaction(async (tx) => {
      await tx.putRow('counters', 'a', 1);
      await tx.putRow('counters', 'b', 5);
    });
    await store.transaction(async (tx) => {
      await tx.keepBase('counters', 'a');
      await tx.putRow('counters', 'a', 2);
      await tx.keepBase('counters', 'a'); // a second touch keeps the first base
      await tx.putRow('counters', 'a', 3);
      await tx.keepBase('counters', 'new');
      await tx.putRow('counters', 'new', 9);
      await tx.keepBase('counters', 'b');
      await tx.deleteRow('counters', 'b');
    });
    expect(await read(store, (tx) => tx.listRows('counters'))).toEqual(
      expect.arrayContaining([
        { key: 'a', value: 3 },
        { key: 'new', value: 9 },
      ]),
    );
    await store.transaction((tx) => tx.restoreBases());
    const rows = await read(store, (tx) => tx.listRows('counters'));
    expect(rows.sort((x, y) => x.key.localeCompare(y.key))).toEqual([
      { key: 'a', value: 1 },
      { key: 'b', value: 5 },
    ]);
    // Bases are forgotten once restored.
    await store.transaction(async (tx) => {
      await tx.putRow('counters', 'a', 4);
      await tx.restoreBases();
    });
    expect(await read(store, (tx) => tx.getRow('counters', 'a'))).toBe(4);
  });

  it('clears rows without touching the outbox or meta', async () => {
    const store = create();
    await store.transaction(async (tx) => {
      await tx.putRow('counters', 'a', 1);
      await tx.putRow('sets', 's', ['x']);
      await tx.appendOutbox(entry(1));
      await tx.setMeta('clientId', 'c');
      await tx.clearRows();
    });
    expect(await read(store, (tx) => tx.listRows('counters'))).toEqual([]);
    expect(await read(store, (tx) => tx.getRow('sets', 's'))).toBeUndefined();
    expect(await read(store, (tx) => tx.countPending())).toBe(1);
    expect(await read(store, (tx) => tx.getMeta('clientId'))).toBe('c');
  });
});

describe('SyncDexie', () => {
  it('opens with strict durability and keeps the outbox across a reopen', async () => {
    const db = openDexie('reopen-test');
    expect((db as unknown as { _options: { chromeTransactionDurability?: string } })._options.chromeTransactionDurability).toBe('strict');
    await new DexieLocalStore(db).transaction((tx) => tx.appendOutbox(entry(1)));
    db.close();
    const reopened = openDexie('reopen-test');
    expect(await new DexieLocalStore(reopened).transaction((tx) => tx.listPending())).toEqual([entry(1)]);
  });
});

describe('DexieLocalStore.applyPatch', () => {
  it('leaves the same rows as applying each put and delete in order', async () => {
    const ops = [
      { op: 'put' as const, table: 'orders', key: 'a', value: { v: 1 } },
      { op: 'put' as const, table: 'orders', key: 'b', value: { v: 1 } },
      { op: 'put' as const, table: 'orders', key: 'a', value: { v: 2 } },
      { op: 'del' as const, table: 'orders', key: 'b' },
      { op: 'del' as const, table: 'orders', key: 'c' },
      { op: 'put' as const, table: 'orders', key: 'c', value: { v: 3 } },
      { op: 'put' as const, table: 'wsins', key: 'a', value: { v: 4 } },
      { op: 'del' as const, table: 'wsins', key: 'a' },
    ];
    const batched = new DexieLocalStore(openDexie());
    const oneByOne = new MemoryLocalStore();
    await batched.transaction(async (tx) => {
      await tx.putRow('orders', 'c', { v: 0 });
      await tx.applyPatch!(ops);
    });
    await oneByOne.transaction(async (tx) => {
      await tx.putRow('orders', 'c', { v: 0 });
      for (const op of ops) {
        if (op.op === 'put') await tx.putRow(op.table, op.key, op.value);
        else await tx.deleteRow(op.table, op.key);
      }
    });
    for (const table of ['orders', 'wsins']) {
      const a = await read(batched, (tx) => tx.listRows(table));
      const b = await read(oneByOne, (tx) => tx.listRows(table));
      expect(a.sort((x, y) => x.key.localeCompare(y.key))).toEqual(b.sort((x, y) => x.key.localeCompare(y.key)));
    }
    expect(await read(batched, (tx) => tx.listRows('orders'))).toEqual([
      { key: 'a', value: { v: 2 } },
      { key: 'c', value: { v: 3 } },
    ]);
  });
});

describe('SyncDexie upgrade from one record per row (version 1)', () => {
  it('keeps queued commands, meta, bases and every row, now read through the buckets', async () => {
    const name = `upgrade-test-${++dbCounter}`;
    const v1 = new Dexie(name);
    v1.version(1).stores({ outbox: '&seq', meta: '&key', rejected: '&seq', rows: '[table+key], table', bases: '[table+key]' });
    const orders = Array.from({ length: 300 }, (_, i) => ({ table: 'orders', key: `o${i}`, value: { id: `o${i}`, n: i } }));
    await v1.table('rows').bulkPut([...orders, { table: 'inventory', key: 'w|c|W1', value: { quantity: 4 } }]);
    await v1.table('outbox').bulkAdd([entry(1), entry(2)]);
    await v1.table('meta').bulkPut([{ key: 'clientId', value: 'device-1' }, { key: 'seq', value: 2 }]);
    await v1.table('bases').add({ table: 'orders', key: 'o1', exists: 1, value: { id: 'o1', n: 1 } });
    v1.close();

    const db = openDexie(name);
    const store = new DexieLocalStore(db);
    expect(await read(store, (tx) => tx.listPending())).toEqual([entry(1), entry(2)]);
    expect(await read(store, (tx) => tx.getMeta('clientId'))).toBe('device-1');
    expect(await read(store, (tx) => tx.getMeta('seq'))).toBe(2);
    expect(await readTableRows(db.buckets, 'orders')).toEqual(orders.map(({ key, value }) => ({ key, value })).sort((a, b) => (a.key < b.key ? -1 : 1)));
    expect(await readRow(db.buckets, 'inventory', 'w|c|W1')).toEqual({ quantity: 4 });
    expect(await db.buckets.count()).toBeLessThanOrEqual(BUCKETS + 1);
    // The saved base still restores over the bucketed rows.
    await store.transaction(async (tx) => {
      await tx.putRow('orders', 'o1', { id: 'o1', n: 99 });
      await tx.restoreBases();
    });
    expect(await readRow(db.buckets, 'orders', 'o1')).toEqual({ id: 'o1', n: 1 });
    expect(db.tables.map((t) => t.name).sort()).toEqual(['bases', 'buckets', 'meta', 'outbox', 'rejected']);
  });

  it('gives a new device its id when the database is created', async () => {
    const db = openDexie();
    const id = await read(new DexieLocalStore(db), (tx) => tx.getMeta('clientId'));
    expect(typeof id).toBe('string');
    expect(id).not.toBe('');
  });
});
