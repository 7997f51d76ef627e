// In-memory ServerStore: the reference binding used by tests. Transactions run
// one at a time on a private copy of the state that replaces the committed
// state only when fn resolves, so a throw rolls back every write, the version
// counter included. Copying is O(state) per transaction: fine for tests only.
import type { PatchOp, RejectedCommand, SyncScope } from '../protocol';
import type { ServerStore, ServerTx } from './apply';

export interface StoredRow {
  table: string;
  key: string;
  companyId: string;
  value: unknown;
  version: number;
  deleted: boolean;
}

export interface StoredRejection extends RejectedCommand {
  clientId: string;
  version: number;
}

interface State {
  version: number;
  rows: Map<string, StoredRow>;
  lastSeqs: Map<string, number>;
  rejections: StoredRejection[];
}

/** The tx handed to handlers by MemoryServerStore: ServerTx plus a generic row table. */
export interface MemoryServerTx extends ServerTx {
  get(table: string, key: string): Promise<unknown | undefined>;
  list(table: string): Promise<Array<{ key: string; value: unknown }>>;
  /** `version` must come from this transaction's nextVersion(). */
  put(table: string, key: string, value: unknown, stamp: { companyId: string; version: number }): Promise<void>;
  /** Leaves a tombstone stamped with `version` (from this transaction's nextVersion()). */
  del(table: string, key: string, version: number): Promise<void>;
}

const rowId = (table: string, key: string) => `${table}\u0000${key}`;

export class MemoryServerStore implements ServerStore<MemoryServerTx> {
  private committed: State = { version: 0, rows: new Map(), lastSeqs: new Map(), rejections: [] };
  private tail: Promise<unknown> = Promise.resolve();

  transaction<T>(fn: (tx: MemoryServerTx) => Promise<T>): Promise<T> {
    const run = this.tail.then(async () => {
      const tx = new MemoryTx({
        version: this.committed.version,
        rows: new Map(this.committed.rows),
        lastSeqs: new Map(this.committed.lastSeqs),
        rejections: [...this.committed.rejections],
      });
      try {
        const result = await fn(tx);
        this.committed = tx.state;
        return result;
      } finally {
        tx.close();
      }
    });
    this.tail = run.catch(() => undefined);
    return run;
  }

  /** Committed state, for assertions. */
  inspect(): { version: number; rows: StoredRow[]; lastSeqs: Map<string, number>; rejections: StoredRejection[] } {
    const { version, rows, lastSeqs, rejections } = this.committed;
    return { version, rows: [...rows.values()].map((row) => structuredClone(row)), lastSeqs: new Map(lastSeqs), rejections: [...rejections] };
  }
}

class MemoryTx implements MemoryServerTx {
  private closed = false;
  private readonly issued = new Set<number>();

  constructor(readonly state: State) {}

  close() {
    this.closed = true;
  }

  private open(): State {
    if (this.closed) throw new Error('transaction already finished');
    return this.state;
  }

  private stamp(version: number) {
    if (!this.issued.has(version)) throw new Error(`version ${version} was not issued by this transaction's nextVersion()`);
  }

  async lastSeq(clientId: string) {
    return this.open().lastSeqs.get(clientId) ?? 0;
  }

  async setLastSeq(clientId: string, seq: number) {
    const state = this.open();
    const last = state.lastSeqs.get(clientId) ?? 0;
    if (seq !== last + 1) throw new Error(`lastSeq of ${clientId} may only move from ${last} to ${last + 1}, not ${seq}`);
    state.lastSeqs.set(clientId, seq);
  }

  async nextVersion() {
    const version = ++this.open().version;
    this.issued.add(version);
    return version;
  }

  async currentVersion() {
    return this.open().version;
  }

  async recordRejection(clientId: string, rejected: RejectedCommand, version: number) {
    this.stamp(version);
    this.open().rejections.push({ ...rejected, clientId, version });
  }

  async changesSince(cookie: number | null, scope: SyncScope): Promise<PatchOp[]> {
    const companies = new Set(scope.companyIds);
    return [...this.open().rows.values()]
      .filter((row) => companies.has(row.companyId) && (cookie === null ? !row.deleted : row.version > cookie))
      .sort((a, b) => a.version - b.version)
      .map((row): PatchOp =>
        row.deleted
          ? { op: 'del', table: row.table, key: row.key }
          : { op: 'put', table: row.table, key: row.key, value: structuredClone(row.value) },
      );
  }

  async rejectionsSince(clientId: string, cookie: number | null): Promise<RejectedCommand[]> {
    return this.open()
      .rejections.filter((r) => r.clientId === clientId && (cookie === null || r.version > cookie))
      .sort((a, b) => a.seq - b.seq)
      .map(({ seq, name, reason }) => ({ seq, name, reason }));
  }

  async get(table: string, key: string) {
    const row = this.open().rows.get(rowId(table, key));
    return row && !row.deleted ? structuredClone(row.value) : undefined;
  }

  async list(table: string) {
    return [...this.open().rows.values()]
      .filter((row) => row.table === table && !row.deleted)
      .map((row) => ({ key: row.key, value: structuredClone(row.value) }));
  }

  async put(table: string, key: string, value: unknown, { companyId, version }: { companyId: string; version: number }) {
    this.stamp(version);
    this.open().rows.set(rowId(table, key), { table, key, companyId, value: structuredClone(value), version, deleted: false });
  }

  async del(table: string, key: string, version: number) {
    this.stamp(version);
    const state = this.open();
    const row = state.rows.get(rowId(table, key));
    if (row && !row.deleted) state.rows.set(rowId(table, key), { ...row, value: null, version, deleted: true });
  }
}
