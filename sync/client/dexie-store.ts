// LocalStore on IndexedDB through Dexie 4. The UI reads the pulled rows
// through readTableRows/readRow below (e.g. liveQuery(() => readTableRows(db,
// 'orders'))); the UI must not write them, the engine does.
//
// Rows are kept in buckets: one IndexedDB record per (table, bucketOf(key)),
// holding up to a few hundred rows in a Map. Chromium pays ~40-60 µs per
// record written or read, whatever its size (a request to the browser process
// each), so a first pull of 5,000 rows as 5,000 records costs ~300-500 ms,
// as BUCKETS records ~20-50 ms. Within a transaction the buckets it touched
// are kept in memory and written once, when the transaction's function
// returns (so an effect re-applied for every pending command does not rewrite
// a bucket each time).
import Dexie, { type DexieOptions, type Table, type Transaction } from 'dexie';
import type { PatchOp } from '../protocol';
import { SYNC_META } from './engine';
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
/** Up to a few hundred rows of one table: those whose key falls in `bucket`. */
export interface BucketRecord {
  table: string;
  bucket: number;
  rows: Map<string, unknown>;
}

/**
 * Buckets per table. Frozen: it decides where rows already on devices are;
 * changing it needs a Dexie version whose upgrade moves every row.
 */
export const BUCKETS = 64;

/** FNV-1a of the key, modulo BUCKETS. Frozen, like BUCKETS. */
export function bucketOf(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) % BUCKETS;
}

/** Rows into their buckets (a later row of the same key wins). */
export function toBuckets(rows: Iterable<RowRecord>): BucketRecord[] {
  const out = new Map<string, BucketRecord>();
  for (const { table, key, value } of rows) {
    const bucket = bucketOf(key);
    const id = `${table}\u0000${bucket}`;
    let rec = out.get(id);
    if (!rec) out.set(id, (rec = { table, bucket, rows: new Map() }));
    rec.rows.set(key, value);
  }
  return [...out.values()];
}

const byKey = (a: LocalRow, b: LocalRow) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

function flatten(buckets: readonly BucketRecord[]): LocalRow[] {
  const out: LocalRow[] = [];
  for (const b of buckets) for (const [key, value] of b.rows) out.push({ key, value });
  return out.sort(byKey);
}

/**
 * Every row of `table`, ascending key (for the UI: pass `db.buckets`, inside liveQuery if it should
 * follow changes). Inside liveQuery the values are shared with Dexie's query cache: read them, never change them.
 */
export async function readTableRows(buckets: Table<BucketRecord, [string, number]>, table: string): Promise<LocalRow[]> {
  return flatten(await buckets.where('[table+bucket]').between([table, Dexie.minKey], [table, Dexie.maxKey]).toArray());
}

/** One row's value, or undefined. */
export async function readRow(buckets: Table<BucketRecord, [string, number]>, table: string, key: string): Promise<unknown> {
  return (await buckets.get([table, bucketOf(key)]))?.rows.get(key);
}

export class SyncDexie extends Dexie {
  outbox!: Table<OutboxEntry, number>;
  meta!: Table<MetaRecord, string>;
  rejected!: Table<RejectedEntry, number>;
  buckets!: Table<BucketRecord, [string, number]>;
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
    // Rows move from one record each into buckets; the outbox, meta, rejections and bases stay as they are.
    this.version(2)
      .stores({ buckets: '[table+bucket]' })
      .upgrade(async (trans) => {
        const rows = (await trans.table('rows').toArray()) as RowRecord[];
        await trans.table('buckets').bulkPut(toBuckets(rows));
      });
    this.version(3).stores({ rows: null });
    // The device's sync id is made with its database (in the creating transaction), so the
    // first sync only reads before going to the network. The engine makes one where missing.
    this.on('populate', (trans) => {
      void trans.table('meta').add({ key: SYNC_META.clientId, value: crypto.randomUUID() });
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
    return db.transaction('rw', [db.outbox, db.meta, db.rejected, db.buckets, db.bases], async (trans) => {
      const tx = new DexieLocalTx(trans);
      const result = await fn(tx);
      await tx.flush();
      return result;
    });
  }

  read<T>(fn: (tx: LocalTx) => Promise<T>): Promise<T> {
    const { db } = this;
    return db.transaction('r', [db.outbox, db.meta, db.rejected, db.buckets, db.bases], (trans) => fn(new DexieLocalTx(trans)));
  }
}

interface LoadedBucket {
  rec: BucketRecord;
  dirty: boolean;
}

/**
 * Tables are taken from the transaction object rather than from Dexie's
 * ambient zone: the zone only survives a few native `await`s, and an effect
 * nested in async helpers would otherwise write outside the transaction.
 */
class DexieLocalTx implements LocalTx {
  private readonly db: Pick<SyncDexie, 'outbox' | 'meta' | 'rejected' | 'buckets' | 'bases'>;
  /** Buckets read or written in this transaction, by table and bucket. */
  private readonly loaded = new Map<string, LoadedBucket>();

  constructor(trans: Transaction) {
    this.db = {
      outbox: trans.table('outbox'),
      meta: trans.table('meta'),
      rejected: trans.table('rejected'),
      buckets: trans.table('buckets'),
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

  private async bucket(table: string, key: string): Promise<LoadedBucket> {
    const bucket = bucketOf(key);
    const id = `${table}\u0000${bucket}`;
    let b = this.loaded.get(id);
    if (!b) {
      const rec = (await this.db.buckets.get([table, bucket])) ?? { table, bucket, rows: new Map<string, unknown>() };
      // Another call may have loaded it while this one waited.
      b = this.loaded.get(id) ?? { rec, dirty: false };
      this.loaded.set(id, b);
    }
    return b;
  }

  async getRow(table: string, key: string) {
    const value = (await this.bucket(table, key)).rec.rows.get(key);
    // A copy, as a read from IndexedDB would give: the caller may change it.
    return value === undefined ? undefined : structuredClone(value);
  }
  async listRows(table: string): Promise<LocalRow[]> {
    const stored = await this.db.buckets.where('[table+bucket]').between([table, Dexie.minKey], [table, Dexie.maxKey]).toArray();
    const mine = stored.map((rec) => this.loaded.get(`${table}\u0000${rec.bucket}`)?.rec ?? rec);
    for (const b of this.loaded.values()) if (b.rec.table === table && !stored.some((s) => s.bucket === b.rec.bucket)) mine.push(b.rec);
    const copy = new Set([...this.loaded.values()].map((b) => b.rec));
    const out: LocalRow[] = [];
    // Values of buckets this transaction holds are copied, as a read from IndexedDB would give.
    for (const rec of mine) for (const [key, value] of rec.rows) out.push({ key, value: copy.has(rec) ? structuredClone(value) : value });
    return out.sort(byKey);
  }
  async putRow(table: string, key: string, value: unknown) {
    const b = await this.bucket(table, key);
    b.rec.rows.set(key, structuredClone(value));
    b.dirty = true;
  }
  async deleteRow(table: string, key: string) {
    const b = await this.bucket(table, key);
    if (b.rec.rows.delete(key)) b.dirty = true;
  }
  /** The ops' values are stored as they are (not copied): the caller hands them over. */
  async applyPatch(ops: PatchOp[]) {
    // Load every bucket the patch touches in one request, then apply in order.
    const ids = new Map<string, [string, number]>();
    for (const op of ops) {
      const bucket = bucketOf(op.key);
      const id = `${op.table}\u0000${bucket}`;
      if (!this.loaded.has(id)) ids.set(id, [op.table, bucket]);
    }
    if (ids.size > 0) {
      const keys = [...ids.values()];
      const found = await this.db.buckets.bulkGet(keys);
      keys.forEach(([table, bucket], i) => {
        const id = `${table}\u0000${bucket}`;
        if (!this.loaded.has(id)) this.loaded.set(id, { rec: found[i] ?? { table, bucket, rows: new Map() }, dirty: false });
      });
    }
    for (const op of ops) {
      const b = this.loaded.get(`${op.table}\u0000${bucketOf(op.key)}`)!;
      if (op.op === 'put') b.rec.rows.set(op.key, op.value);
      else b.rec.rows.delete(op.key);
      b.dirty = true;
    }
  }
  async clearRows() {
    await this.db.buckets.clear();
    // Every bucket is now empty; those already loaded start empty too (and are rewritten only if written again).
    for (const b of this.loaded.values()) {
      b.rec = { table: b.rec.table, bucket: b.rec.bucket, rows: new Map() };
      b.dirty = false;
    }
  }
  async keepBase(table: string, key: string) {
    if ((await this.db.bases.get([table, key])) !== undefined) return;
    const value = (await this.bucket(table, key)).rec.rows.get(key);
    await this.db.bases.add({ table, key, exists: value === undefined ? 0 : 1, value: value ?? null });
  }
  async restoreBases() {
    const bases = await this.db.bases.toArray();
    for (const base of bases) {
      if (base.exists) await this.putRow(base.table, base.key, base.value);
      else await this.deleteRow(base.table, base.key);
    }
    await this.db.bases.clear();
  }

  /** Writes the buckets changed in this transaction (an emptied one is deleted). */
  async flush() {
    const changed = [...this.loaded.values()].filter((b) => b.dirty);
    if (changed.length === 0) return;
    const keep = changed.filter((b) => b.rec.rows.size > 0).map((b) => b.rec);
    const drop = changed.filter((b) => b.rec.rows.size === 0).map((b): [string, number] => [b.rec.table, b.rec.bucket]);
    if (keep.length) await this.db.buckets.bulkPut(keep);
    if (drop.length) await this.db.buckets.bulkDelete(drop);
    for (const b of changed) b.dirty = false;
  }
}
