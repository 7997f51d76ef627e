// What the sync engine needs from the device's durable storage. Bindings:
// DexieLocalStore (browser) and MemoryLocalStore (tests, reference).
//
// The `rows` the UI reads are always "server state as of the saved cookie,
// plus the effects of the commands still in the outbox". To rebase those
// effects after a pull, the store keeps, for every row an optimistic effect
// touched, the row as it was before the first such touch (its "base"):
// restoring the bases gives back the pulled server state exactly, provided
// rows are written only by local effects (through the engine) and by pulls.

import type { PatchOp } from '../protocol';

export interface OutboxEntry {
  seq: number;
  name: string;
  args: unknown;
  createdAt: string;
}

export interface RejectedEntry {
  seq: number;
  name: string;
  reason: string;
  /** The command's args when the device still had them; shown to say what was refused. */
  args?: unknown;
  /** Set once the user has seen and dismissed it; such entries stay to block re-adding. */
  dismissedAt?: string;
}

export interface LocalRow {
  key: string;
  value: unknown;
}

export interface LocalTx {
  getMeta(key: string): Promise<unknown>;
  setMeta(key: string, value: unknown): Promise<void>;

  /** Fails if seq is already in the outbox. */
  appendOutbox(entry: OutboxEntry): Promise<void>;
  /** Outbox entries with seq > afterSeq, ascending, at most `limit`. */
  listPending(afterSeq?: number, limit?: number): Promise<OutboxEntry[]>;
  countPending(): Promise<number>;
  /** Remove outbox entries with seq <= `seq` (the server has handled them). */
  dropThrough(seq: number): Promise<void>;

  /** Add each entry whose seq is not recorded yet (dismissed ones included); keep existing ones. */
  addRejected(entries: RejectedEntry[]): Promise<void>;
  /** Rejections not dismissed, ascending seq. */
  listRejected(): Promise<RejectedEntry[]>;
  dismissRejected(seq: number, at: string): Promise<void>;

  getRow(table: string, key: string): Promise<unknown | undefined>;
  listRows(table: string): Promise<LocalRow[]>;
  putRow(table: string, key: string, value: unknown): Promise<void>;
  deleteRow(table: string, key: string): Promise<void>;
  /** Apply a pull's patch in order, as putRow/deleteRow one by one would (stores may batch it). */
  applyPatch?(ops: PatchOp[]): Promise<void>;
  clearRows(): Promise<void>;
  /** Save the row's current value (or its absence) as its base, unless a base is already saved. */
  keepBase(table: string, key: string): Promise<void>;
  /** Write every saved base back into rows, then forget all bases. */
  restoreBases(): Promise<void>;
}

export interface LocalStore {
  /**
   * Run fn in one read-write transaction over all of the above: all or
   * nothing, and transactions do not interleave. fn may await only tx calls
   * (IndexedDB commits a transaction once it waits on anything else).
   */
  transaction<T>(fn: (tx: LocalTx) => Promise<T>): Promise<T>;
  /**
   * Like transaction, for fn that only reads: it may run beside other reads
   * and commits without waiting for the disk. Optional; transaction is used where missing.
   */
  read?<T>(fn: (tx: LocalTx) => Promise<T>): Promise<T>;
}
