import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type DbHandle } from '../connect';
import { migrateToLatest } from '../migrate';
import { CHUNK_BYTES, DbFileStore, DiskFileStore, putFile, type FileStore } from './store';

let dbh: DbHandle;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sd-files-'));
beforeAll(async () => {
  dbh = connect({ file: ':memory:' });
  await migrateToLatest(dbh.db);
});
afterAll(async () => {
  await dbh.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

const stores: [string, () => FileStore][] = [
  ['database', () => new DbFileStore(dbh.db)],
  ['disk', () => new DiskFileStore(dir)],
];

describe.each(stores)('file store on %s', (_, make) => {
  it('gives back every byte of a file written in uneven pieces, larger than a chunk', async () => {
    const store = make();
    const bytes = Buffer.from(Array.from({ length: CHUNK_BYTES * 2 + 12_345 }, (_, i) => (i * 7) % 251));
    const pieces = [bytes.subarray(0, 1000), bytes.subarray(1000, CHUNK_BYTES + 5), bytes.subarray(CHUNK_BYTES + 5)];
    const { size } = await putFile(store, 'exports/big.csv', Readable.from(pieces));
    expect(size).toBe(bytes.length);
    const got = await store.get('exports/big.csv');
    expect(got?.size).toBe(bytes.length);
    expect((await store.read('exports/big.csv'))!.equals(bytes)).toBe(true);
  });

  it('shows no file before it is complete, nor after an aborted write', async () => {
    const store = make();
    const w = store.writer('exports/half.csv');
    w.stream.write('a,b\n');
    expect(await store.get('exports/half.csv')).toBeNull();
    await w.abort();
    expect(await store.get('exports/half.csv')).toBeNull();
  });

  it('renames, deletes, and purges only old files of one folder', async () => {
    const store = make();
    await putFile(store, 'exports/x.part', Buffer.from('x'));
    await store.rename('exports/x.part', 'exports/x.csv');
    expect((await store.read('exports/x.csv'))?.toString()).toBe('x');
    expect(await store.get('exports/x.part')).toBeNull();
    await putFile(store, 'uploads/keep.png', Buffer.from('p'));
    expect(await store.purgeBefore('exports', Date.now() + 1000)).toBeGreaterThanOrEqual(1);
    expect(await store.get('exports/x.csv')).toBeNull();
    expect((await store.read('uploads/keep.png'))?.toString()).toBe('p');
    await store.delete('uploads/keep.png');
    expect(await store.get('uploads/keep.png')).toBeNull();
  });

  it('refuses a key that climbs out of its folder', async () => {
    await expect(make().get('uploads/../../etc/passwd')).rejects.toThrow();
  });
});
