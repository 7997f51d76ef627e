import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type DbHandle } from '../connect';
import { migrateToLatest } from '../migrate';
import { CHUNK_BYTES, copyMissingFiles, DbFileStore, DiskFileStore, putFile, type FileStore } from './store';

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

describe('files kept on disk before the database store', () => {
  it('are copied into the database once, with their times, leaving partial files and files it has', async () => {
    const old = fs.mkdtempSync(path.join(os.tmpdir(), 'sd-files-old-'));
    fs.mkdirSync(path.join(old, 'uploads'));
    fs.mkdirSync(path.join(old, 'exports'));
    const logo = Buffer.from(Array.from({ length: CHUNK_BYTES + 99 }, (_, i) => i % 253));
    fs.writeFileSync(path.join(old, 'uploads', 'logo-1.png'), logo);
    fs.writeFileSync(path.join(old, 'exports', 'orders-old.csv'), 'a,b\n1,2\n');
    const twoDaysAgo = Date.now() - 2 * 86_400_000;
    fs.utimesSync(path.join(old, 'exports', 'orders-old.csv'), twoDaysAgo / 1000, twoDaysAgo / 1000);
    fs.writeFileSync(path.join(old, 'exports', 'orders-new.csv.123.abc.part'), 'half');
    fs.writeFileSync(path.join(old, 'uploads', 'sign-1.png'), 'on disk');
    const db = new DbFileStore(dbh.db);
    await putFile(db, 'uploads/sign-1.png', Buffer.from('in the database'));
    try {
      expect(await copyMissingFiles(new DiskFileStore(old), db, ['uploads', 'exports'])).toBe(2);
      expect((await db.read('uploads/logo-1.png'))!.equals(logo)).toBe(true);
      expect((await db.read('exports/orders-old.csv'))!.toString()).toBe('a,b\n1,2\n');
      expect((await db.read('uploads/sign-1.png'))!.toString()).toBe('in the database');
      expect(await db.get('exports/orders-new.csv.123.abc.part')).toBeNull();
      // Once is enough: a second start copies nothing.
      expect(await copyMissingFiles(new DiskFileStore(old), db, ['uploads', 'exports'])).toBe(0);
      // The copy kept the file's time: the export two days old is purged as the retention would.
      expect(await db.purgeBefore('exports', Date.now() - 86_400_000)).toBe(1);
      expect(await db.get('exports/orders-old.csv')).toBeNull();
      expect(await db.get('uploads/logo-1.png')).not.toBeNull();
      const left = await dbh.db.selectFrom('stored_files').select('key').where('key', 'like', '%copy-%').execute();
      expect(left).toEqual([]);
    } finally {
      fs.rmSync(old, { recursive: true, force: true });
    }
  });
});
