/**
 * Where uploads and generated files live: one interface, two backends.
 * - `DiskFileStore`: files under a folder (the default with SQLite: one machine).
 * - `DbFileStore`: files in the database in chunks of 256 KB (the default on PostgreSQL, so that every
 *   API process, on any machine, reads what any other wrote). Both directions stream: a writer sends
 *   chunks as they fill, four to a statement, a reader fetches four chunks at a time, so a file is never
 *   whole in memory (at most 1 MB of it per reader or writer).
 * Keys are `<folder>/<name>` (`uploads/…`, `exports/…`), letters, digits, `._-` only.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PassThrough, Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PostgresAdapter, sql } from 'kysely';
import type { Db } from '../connect';
import '../tables/files';

export type StoredFile = { size: number; body: Readable };

/** A file being written: write to `stream`, then `done()` stores it under its key (or `abort()` leaves nothing). */
export type FileWriter = { stream: Writable; done: () => Promise<{ size: number }>; abort: () => Promise<void> };

export interface FileStore {
  readonly kind: 'disk' | 'database';
  /** Opens a writer; the file appears under `key` only once `done()` resolves (a reader never sees half a file). */
  writer(key: string): FileWriter;
  /** Streams a stored file, or null when there is none. */
  get(key: string): Promise<StoredFile | null>;
  /** A small stored file (an image in a document) read whole; null when there is none. */
  read(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
  /** Gives a stored file another key (a file whose name is known once written). */
  rename(from: string, to: string): Promise<void>;
  /** Removes the files under `folder/` stored before `before` (ms since epoch); returns how many. */
  purgeBefore(folder: string, before: number): Promise<number>;
}

const KEY = /^[a-z]+\/[A-Za-z0-9_.-]{1,200}$/;
function checkKey(key: string) {
  if (!KEY.test(key) || key.includes('..')) throw new Error(`bad file key: ${key}`);
  return key;
}

/** Writes a whole buffer or stream through a store's writer. */
export async function putFile(store: FileStore, key: string, body: Buffer | Readable): Promise<{ size: number }> {
  const w = store.writer(key);
  try {
    await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, w.stream);
  } catch (err) {
    await w.abort();
    throw err;
  }
  return w.done();
}

async function collect(file: StoredFile | null): Promise<Buffer | null> {
  if (!file) return null;
  const parts: Buffer[] = [];
  for await (const part of file.body) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

export class DiskFileStore implements FileStore {
  readonly kind = 'disk' as const;
  constructor(readonly root: string) {}

  private file(key: string) {
    return path.join(path.resolve(this.root), checkKey(key));
  }

  writer(key: string): FileWriter {
    const final = this.file(key);
    fs.mkdirSync(path.dirname(final), { recursive: true });
    const partial = `${final}.${process.pid}.${Math.random().toString(36).slice(2)}.part`;
    const stream = fs.createWriteStream(partial);
    const closed = new Promise<void>((resolve, reject) => (stream.on('close', resolve), stream.on('error', reject)));
    return {
      stream,
      done: async () => {
        if (!stream.writableEnded) stream.end();
        await closed;
        fs.renameSync(partial, final);
        return { size: fs.statSync(final).size };
      },
      abort: async () => {
        stream.destroy();
        await closed.catch(() => undefined);
        fs.rmSync(partial, { force: true });
      },
    };
  }

  async get(key: string): Promise<StoredFile | null> {
    const file = this.file(key);
    try {
      const { size } = await fs.promises.stat(file);
      return { size, body: fs.createReadStream(file) };
    } catch {
      return null;
    }
  }

  async read(key: string) {
    return collect(await this.get(key));
  }

  async delete(key: string) {
    fs.rmSync(this.file(key), { force: true });
  }

  async rename(from: string, to: string) {
    fs.renameSync(this.file(from), this.file(to));
  }

  /** The complete files of `folder/` (partial writes left out) with their times. */
  list(folder: string): { key: string; mtimeMs: number }[] {
    const dir = path.join(path.resolve(this.root), folder);
    const files: { key: string; mtimeMs: number }[] = [];
    for (const f of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
      const key = `${folder}/${f}`;
      if (f.endsWith('.part') || !KEY.test(key)) continue;
      try {
        const st = fs.statSync(path.join(dir, f));
        if (st.isFile()) files.push({ key, mtimeMs: st.mtimeMs });
      } catch {
        /* removed meanwhile */
      }
    }
    return files;
  }

  async purgeBefore(folder: string, before: number) {
    const dir = path.join(path.resolve(this.root), folder);
    let n = 0;
    for (const f of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
      const file = path.join(dir, f);
      try {
        if (fs.statSync(file).mtimeMs < before) {
          fs.rmSync(file, { force: true });
          n++;
        }
      } catch {
        /* removed by another process */
      }
    }
    return n;
  }
}

/** Chunk size: small enough for any pooler and any `bytea` parameter, big enough that a 5 MB file is 20 rows. */
export const CHUNK_BYTES = 256 * 1024;
/**
 * Chunks written by one INSERT and read by one SELECT (1 MB): each statement on its own is a round trip
 * and, when writing, a commit (a WAL flush), which cost more than the bytes themselves; a batch keeps at
 * most this many chunks in memory per file being written or read.
 */
export const CHUNKS_PER_STATEMENT = 4;

/**
 * Files in the database. A file's row is written first as pending (`chunks` = -1) with its time, then its
 * chunks, several per statement, then the row is marked complete: readers only see complete files, and a
 * writer that died leaves a pending row the retention purge removes like any old file.
 * On PostgreSQL the pending row and the chunks are committed without waiting for the disk
 * (`synchronous_commit = off`, a flush costs more than a megabyte's transfer here); the mark that
 * completes the file waits as usual, and since PostgreSQL flushes its log in order, a file marked
 * complete has all its chunks on disk. A crash before the mark loses at most a file nobody could read yet.
 */
export class DbFileStore implements FileStore {
  readonly kind = 'database' as const;
  private readonly postgres: boolean;
  constructor(readonly db: Db) {
    this.postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  }

  /** A transaction that need not wait for the disk (see above): only for writes a later, waited-for commit vouches for. */
  private unflushed(work: (tx: Db) => Promise<void>) {
    return this.db.transaction().execute(async (tx) => {
      if (this.postgres) await sql`SET LOCAL synchronous_commit = off`.execute(tx);
      await work(tx);
    });
  }

  writer(key: string): FileWriter {
    checkKey(key);
    const db = this.db;
    const stream = new PassThrough({ highWaterMark: CHUNK_BYTES });
    let size = 0;
    const stored = (async () => {
      await this.unflushed(async (tx) => {
        await tx.deleteFrom('stored_file_chunks').where('key', '=', key).execute();
        await tx
          .insertInto('stored_files')
          .values({ key, size: 0, chunks: -1, created_at: new Date().toISOString() })
          .onConflict((oc) => oc.column('key').doUpdateSet({ size: 0, chunks: -1, created_at: new Date().toISOString() }))
          .execute();
      });
      let n = 0;
      let full: Buffer[] = [];
      let pending: Buffer[] = [];
      let pendingBytes = 0;
      const insert = async () => {
        const rows = full.map((data) => ({ key, n: n++, data }));
        full = [];
        if (rows.length) await this.unflushed(async (tx) => void (await tx.insertInto('stored_file_chunks').values(rows).execute()));
      };
      const cut = async () => {
        full.push(Buffer.concat(pending, pendingBytes));
        pending = [];
        pendingBytes = 0;
        if (full.length === CHUNKS_PER_STATEMENT) await insert();
      };
      for await (const part of stream) {
        let buf = part as Buffer;
        size += buf.length;
        while (pendingBytes + buf.length >= CHUNK_BYTES) {
          const take = CHUNK_BYTES - pendingBytes;
          pending.push(buf.subarray(0, take));
          pendingBytes += take;
          buf = buf.subarray(take);
          await cut();
        }
        if (buf.length) {
          pending.push(buf);
          pendingBytes += buf.length;
        }
      }
      if (pendingBytes) full.push(Buffer.concat(pending, pendingBytes));
      await insert();
      return n;
    })();
    stored.catch(() => undefined);
    return {
      stream,
      done: async () => {
        if (!stream.writableEnded) stream.end();
        const chunks = await stored;
        await db.updateTable('stored_files').set({ size, chunks }).where('key', '=', key).execute();
        return { size };
      },
      abort: async () => {
        stream.destroy();
        await stored.catch(() => undefined);
        await this.delete(key);
      },
    };
  }

  async get(key: string): Promise<StoredFile | null> {
    checkKey(key);
    const row = await this.db.selectFrom('stored_files').select(['size', 'chunks']).where('key', '=', key).executeTakeFirst();
    if (!row || row.chunks < 0) return null;
    const db = this.db;
    const chunks = row.chunks;
    async function* body() {
      for (let first = 0; first < chunks; first += CHUNKS_PER_STATEMENT) {
        const last = Math.min(first + CHUNKS_PER_STATEMENT, chunks);
        const batch = await db.selectFrom('stored_file_chunks').select(['n', 'data']).where('key', '=', key)
          .where('n', '>=', first).where('n', '<', last).orderBy('n').execute();
        for (let n = first; n < last; n++) {
          const c = batch[n - first];
          if (!c || c.n !== n) throw new Error(`stored file ${key} lost its chunk ${n}`);
          yield Buffer.from(c.data);
        }
      }
    }
    return { size: Number(row.size), body: Readable.from(body(), { objectMode: false }) };
  }

  async read(key: string) {
    return collect(await this.get(key));
  }

  async delete(key: string) {
    await this.db.deleteFrom('stored_file_chunks').where('key', '=', key).execute();
    await this.db.deleteFrom('stored_files').where('key', '=', key).execute();
  }

  async rename(from: string, to: string) {
    checkKey(to);
    await this.db.transaction().execute(async (tx) => {
      await tx.updateTable('stored_files').set({ key: to }).where('key', '=', checkKey(from)).execute();
      await tx.updateTable('stored_file_chunks').set({ key: to }).where('key', '=', from).execute();
    });
  }

  async purgeBefore(folder: string, before: number) {
    const old = await this.db
      .selectFrom('stored_files')
      .select('key')
      .where('key', 'like', `${folder}/%`)
      .where('created_at', '<', new Date(before).toISOString())
      .execute();
    for (const { key } of old) await this.delete(key);
    return old.length;
  }
}

/**
 * Copies into the database the files of `folders` kept on `disk` that it lacks: on upgrade, the uploads and export
 * files written under DATA_DIR before files moved to the database stay readable, through every process. Each file
 * is streamed under a key of this copy's own, then renamed to its key unless another process starting at the same
 * time got there first; it keeps its time, so old export files are purged as before. Answers how many were copied.
 */
export async function copyMissingFiles(disk: DiskFileStore, db: DbFileStore, folders: string[]): Promise<number> {
  let copied = 0;
  for (const folder of folders) {
    const files = disk.list(folder);
    for (let i = 0; i < files.length; i += 500) {
      const batch = files.slice(i, i + 500);
      const present = new Set((await db.db.selectFrom('stored_files').select('key').where('key', 'in', batch.map((f) => f.key)).where('chunks', '>=', 0).execute()).map((r) => r.key));
      for (const { key, mtimeMs } of batch) {
        if (present.has(key)) continue;
        const file = await disk.get(key);
        if (!file) continue;
        const copy = `${folder}/copy-${process.pid}-${Math.random().toString(36).slice(2, 10)}.part`;
        await putFile(db, copy, file.body);
        try {
          await db.rename(copy, key);
        } catch {
          await db.delete(copy); // another process copied it meanwhile
          continue;
        }
        await db.db.updateTable('stored_files').set({ created_at: new Date(mtimeMs).toISOString() }).where('key', '=', key).execute();
        copied++;
      }
    }
  }
  return copied;
}
