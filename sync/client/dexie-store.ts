// LocalStore on IndexedDB through Dexie 4. `rows` is the generic table of
// pulled data the UI reads (e.g. liveQuery(() => db.rows.where('table')
// .equals('orders').toArray())); the UI must not write it, the engine does.
import Dexie, { type DexieOptions, type Table, type Transaction } from 'dexie';
import type { PatchOp } from '../protocol';
import type { LocalRow, LocalStore, LocalTx, OutboxEntry, RejectedEntry } from './local-store';

export interface MetaRecord {
  key: string;
  value: unknown;
}
export interface RowRecord {
  table: string;
  key: string;
  value: unknown;
}
export interface BaseRecord extends RowRecord {
  exists: 0 | 1;
}

export class SyncDexie extends Dexie {
  outbox!: Table<OutboxEntry, number>;
  meta!: Table<MetaRecord, string>;
  rejected!: Table<RejectedEntry, number>;
  rows!: Table<RowRecord, [string, string]>;
  bases!: Table<BaseRecord, [string, string]>;

  /** options may carry `indexedDB`/`IDBKeyRange` (tests); durability is always strict. */
  constructor(name: string, options: DexieOptions = {}) {
    // 'strict' waits for the write to reach the disk before a transaction
    // completes, so a command the user saw accepted survives a power cut.
    super(name, { ...options, chromeTransactionDurability: 'strict' });
    this.version(1).stores({
      outbox: '&seq',
      meta: '&key',
      rejected: '&seq',
      rows: '[table+key], table',
      bases: '[table+key]',
    });
  }
}

export class DexieLocalStore implements LocalStore {
  constructor(readonly db: SyncDexie) {
    // Open (and on a new device create) the database now, while the page is
    // still rendering, rather than when the first sync's transaction asks for it.
    // A failure to open surfaces again in that transaction.
    if (!db.isOpen()) db.open().catch(() => undefined);
  }

  transaction<T>(fn: (tx: LocalTx) => Promise<T>): Promise<T> {
    const { db } = this;
    return db.transaction('rw', [db.outbox, db.meta, db.rejected, db.rows, db.bases], (trans) => fn(new DexieLocalTx(trans)));
  }
}

/**
 * Tables are taken from the transaction object rather than from Dexie's
 * ambient zone: the zone only survives a few native `await`s, and an effect
 * nested in async helpers would otherwise write outside the transaction.
 */
class DexieLocalTx implements LocalTx {
  private readonly db: Pick<SyncDexie, 'outbox' | 'meta' | 'rejected' | 'rows' | 'bases'>;

  constructor(trans: Transaction) {
    this.db = {
      outbox: trans.table('outbox'),
      meta: trans.table('meta'),
      rejected: trans.table('rejected'),
      rows: trans.table('rows'),
      bases: trans.table('bases'),
    };
  }

  async getMeta(key: string) {
    return (await this.db.meta.get(key))?.value;
  }
  async setMeta(key: string, value: unknown) {
    await this.db.meta.put({ key, value });
  }

  async appendOutbox(entry: OutboxEntry) {
    await this.db.outbox.add(entry);
  }
  async listPending(afterSeq = 0, limit?: number) {
    const after = this.db.outbox.where('seq').above(afterSeq);
    return limit === undefined ? after.toArray() : after.limit(limit).toArray();
  }
  async countPending() {
    return this.db.outbox.count();
  }
  async dropThrough(seq: number) {
    await this.db.outbox.where('seq').belowOrEqual(seq).delete();
  }

  async addRejected(entries: RejectedEntry[]) {
    for (const entry of entries) {
      if ((await this.db.rejected.get(entry.seq)) === undefined) await this.db.rejected.add(entry);
    }
  }
  async listRejected() {
    return (await this.db.rejected.orderBy('seq').toArray()).filter((r) => !r.dismissedAt);
  }
  async dismissRejected(seq: number, at: string) {
    await this.db.rejected.update(seq, { dismissedAt: at });
  }

  async getRow(table: string, key: string) {
    return (await this.db.rows.get([table, key]))?.value;
  }
  async listRows(table: string): Promise<LocalRow[]> {
    return (await this.db.rows.where('table').equals(table).toArray()).map(({ key, value }) => ({ key, value }));
  }
  async putRow(table: string, key: string, value: unknown) {
    await this.db.rows.put({ table, key, value });
  }
  async deleteRow(table: string, key: string) {
    await this.db.rows.delete([table, key]);
  }
  /** Consecutive puts go in one bulkPut, consecutive deletes in one bulkDelete: same result, far fewer requests. */
  async applyPatch(ops: PatchOp[]) {
    let i = 0;
    while (i < ops.length) {
      const kind = ops[i].op;
      let j = i;
      while (j < ops.length && ops[j].op === kind) j++;
      const run = ops.slice(i, j);
      if (kind === 'put') await this.db.rows.bulkPut(run.map((op) => ({ table: op.table, key: op.key, value: op.op === 'put' ? op.value : undefined })));
      else await this.db.rows.bulkDelete(run.map((op): [string, string] => [op.table, op.key]));
      i = j;
    }
  }
  async clearRows() {
    await this.db.rows.clear();
  }
  async keepBase(table: string, key: string) {
    if ((await this.db.bases.get([table, key])) !== undefined) return;
    const row = await this.db.rows.get([table, key]);
    await this.db.bases.add({ table, key, exists: row ? 1 : 0, value: row?.value ?? null });
  }
  async restoreBases() {
    const bases = await this.db.bases.toArray();
    await this.db.rows.bulkPut(bases.filter((b) => b.exists).map(({ table, key, value }) => ({ table, key, value })));
    await this.db.rows.bulkDelete(bases.filter((b) => !b.exists).map((b): [string, string] => [b.table, b.key]));
    await this.db.bases.clear();
  }
}
