// The database file store on both dialects (PostgreSQL is where it runs for real: every process of a
// scale-out reads the files any other wrote). Files span several batches of chunks both ways.
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../db/migrate';
import { CHUNK_BYTES, CHUNKS_PER_STATEMENT, DbFileStore, putFile } from '../../db/files/store';
import { dialects } from './dialects';

const targets = await dialects();
/** Bytes that differ from chunk to chunk, so a chunk out of place shows. */
const bytesOf = (length: number, seed: number) => Buffer.from(Array.from({ length }, (_, i) => (i * 31 + seed + Math.floor(i / 1000)) % 251));

describe.each(targets)('database file store on $name', ({ open }) => {
  let h: Awaited<ReturnType<typeof open>>;
  let store: DbFileStore;
  beforeAll(async () => {
    h = await open();
    await migrateToLatest(h.db);
    store = new DbFileStore(h.db);
  }, 120_000);
  afterAll(async () => h?.drop());

  it('a file of several batches of chunks, written in uneven pieces, reads back byte for byte, a chunk at a time', async () => {
    const bytes = bytesOf(CHUNK_BYTES * CHUNKS_PER_STATEMENT * 2 + 12_345, 1);
    const pieces = [bytes.subarray(0, 999), bytes.subarray(999, 3 * CHUNK_BYTES + 7), bytes.subarray(3 * CHUNK_BYTES + 7, 5 * CHUNK_BYTES), bytes.subarray(5 * CHUNK_BYTES)];
    expect((await putFile(store, 'exports/orders.csv', Readable.from(pieces))).size).toBe(bytes.length);
    const file = (await store.get('exports/orders.csv'))!;
    expect(file.size).toBe(bytes.length);
    const parts: Buffer[] = [];
    for await (const part of file.body) parts.push(part as Buffer);
    expect(Buffer.concat(parts).equals(bytes)).toBe(true);
    // Streamed: no part larger than a chunk.
    expect(Math.max(...parts.map((p) => p.length))).toBeLessThanOrEqual(CHUNK_BYTES);
    const rows = await h.db.selectFrom('stored_file_chunks').select('n').where('key', '=', 'exports/orders.csv').execute();
    expect(rows).toHaveLength(CHUNKS_PER_STATEMENT * 2 + 1);
  });

  it('a file of exactly one batch, and an empty file, read back as written', async () => {
    const bytes = bytesOf(CHUNK_BYTES * CHUNKS_PER_STATEMENT, 2);
    await putFile(store, 'uploads/exact.bin', bytes);
    expect((await store.read('uploads/exact.bin'))!.equals(bytes)).toBe(true);
    await putFile(store, 'uploads/empty.bin', Buffer.alloc(0));
    expect(await store.get('uploads/empty.bin')).toMatchObject({ size: 0 });
    expect((await store.read('uploads/empty.bin'))!.length).toBe(0);
  });

  it('a file written again under its key is the new one, with nothing left of the old', async () => {
    await putFile(store, 'exports/again.csv', bytesOf(CHUNK_BYTES * 6, 3));
    const shorter = bytesOf(CHUNK_BYTES + 10, 4);
    await putFile(store, 'exports/again.csv', shorter);
    expect((await store.read('exports/again.csv'))!.equals(shorter)).toBe(true);
    expect(await h.db.selectFrom('stored_file_chunks').select('n').where('key', '=', 'exports/again.csv').execute()).toHaveLength(2);
  });

  it('a file that lost a chunk fails to read instead of answering other bytes', async () => {
    await putFile(store, 'exports/damaged.csv', bytesOf(CHUNK_BYTES * 6, 5));
    await h.db.deleteFrom('stored_file_chunks').where('key', '=', 'exports/damaged.csv').where('n', '=', 5).execute();
    await expect(store.read('exports/damaged.csv')).rejects.toThrow('stored file exports/damaged.csv lost its chunk 5');
  });
});
