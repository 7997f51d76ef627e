// In-memory LocalStore: the reference binding for tests. The object itself
// plays the device's disk: a new SyncEngine over the same instance is a
// reloaded page. Transactions run one at a time on a deep copy that replaces
// the committed state only when fn resolves.
import type { LocalRow, LocalStore, LocalTx, OutboxEntry, RejectedEntry } from './local-store';

interface Base {
  table: string;
  key: string;
  exists: boolean;
  value: unknown;
}

interface State {
  meta: Map<string, unknown>;
  outbox: Map<number, OutboxEntry>;
  rejected: Map<number, RejectedEntry>;
  rows: Map<string, { table: string; key: string; value: unknown }>;
  bases: Map<string, Base>;
}

const rowId = (table: string, key: string) => `${table}\u0000${key}`;

export class MemoryLocalStore implements LocalStore {
  private committed: State = { meta: new Map(), outbox: new Map(), rejected: new Map(), rows: new Map(), bases: new Map() };
  private tail: Promise<unknown> = Promise.resolve();

  transaction<T>(fn: (tx: LocalTx) => Promise<T>): Promise<T> {
    const run = this.tail.then(async () => {
      const tx = new MemoryLocalTx(structuredClone(this.committed));
      try {
        const result = await fn(tx);
        this.committed = tx.state;
        return result;
      } finally {
        tx.closed = true;
      }
    });
    this.tail = run.catch(() => undefined);
    return run;
  }
}

class MemoryLocalTx implements LocalTx {
  closed = false;
  constructor(readonly state: State) {}

  private get s(): State {
    if (this.closed) throw new Error('transaction already finished');
    return this.state;
  }

  async getMeta(key: string) {
    return structuredClone(this.s.meta.get(key));
  }
  async setMeta(key: string, value: unknown) {
    this.s.meta.set(key, structuredClone(value));
  }

  async appendOutbox(entry: OutboxEntry) {
    if (this.s.outbox.has(entry.seq)) throw new Error(`outbox already holds seq ${entry.seq}`);
    this.s.outbox.set(entry.seq, structuredClone(entry));
  }
  async listPending(afterSeq = 0, limit = Infinity) {
    return [...this.s.outbox.values()]
      .filter((e) => e.seq > afterSeq)
      .sort((a, b) => a.seq - b.seq)
      .slice(0, limit)
      .map((e) => structuredClone(e));
  }
  async countPending() {
    return this.s.outbox.size;
  }
  async dropThrough(seq: number) {
    for (const key of this.s.outbox.keys()) if (key <= seq) this.s.outbox.delete(key);
  }

  async addRejected(entries: RejectedEntry[]) {
    for (const entry of entries) if (!this.s.rejected.has(entry.seq)) this.s.rejected.set(entry.seq, structuredClone(entry));
  }
  async listRejected() {
    return [...this.s.rejected.values()].filter((r) => !r.dismissedAt).sort((a, b) => a.seq - b.seq).map((r) => structuredClone(r));
  }
  async dismissRejected(seq: number, at: string) {
    const entry = this.s.rejected.get(seq);
    if (entry) entry.dismissedAt = at;
  }

  async getRow(table: string, key: string) {
    return structuredClone(this.s.rows.get(rowId(table, key))?.value);
  }
  async listRows(table: string): Promise<LocalRow[]> {
    return [...this.s.rows.values()].filter((r) => r.table === table).map((r) => ({ key: r.key, value: structuredClone(r.value) }));
  }
  async putRow(table: string, key: string, value: unknown) {
    this.s.rows.set(rowId(table, key), { table, key, value: structuredClone(value) });
  }
  async deleteRow(table: string, key: string) {
    this.s.rows.delete(rowId(table, key));
  }
  async clearRows() {
    this.s.rows.clear();
  }
  async keepBase(table: string, key: string) {
    const id = rowId(table, key);
    if (this.s.bases.has(id)) return;
    const row = this.s.rows.get(id);
    this.s.bases.set(id, { table, key, exists: row !== undefined, value: structuredClone(row?.value) });
  }
  async restoreBases() {
    for (const [id, base] of this.s.bases) {
      if (base.exists) this.s.rows.set(id, { table: base.table, key: base.key, value: base.value });
      else this.s.rows.delete(id);
    }
    this.s.bases.clear();
  }
}
