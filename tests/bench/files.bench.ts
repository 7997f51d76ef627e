/**
 * File store benchmark: a 5 MB file written to and read back from PostgreSQL (chunks, streamed) through
 * the product's DbFileStore, with the local disk store (DiskFileStore) doing the same work as the reference.
 * Needs PostgreSQL at DATABASE_URL_TEST (or postgres://postgres@127.0.0.1:5432/test); its own schema.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import pg from 'pg';
import { connect } from '../../db/connect';
import { DbFileStore, DiskFileStore, putFile, type FileStore } from '../../db/files/store';
import { migrateToLatest } from '../../db/migrate';

type BenchResult = { name: string; value: number; unit: string; reference?: number; ratio?: number; data: string };
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function timeStore(store: FileStore, bytes: Buffer, rounds: number) {
  const put: number[] = [];
  const get: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const key = `exports/bench-${i}.bin`;
    let t = performance.now();
    await putFile(store, key, Readable.from([bytes.subarray(0, 1 << 20), bytes.subarray(1 << 20)]));
    put.push(performance.now() - t);
    t = performance.now();
    const f = await store.get(key);
    let n = 0;
    for await (const part of f!.body) n += (part as Buffer).length;
    if (n !== bytes.length) throw new Error(`read ${n} of ${bytes.length} bytes`);
    get.push(performance.now() - t);
  }
  return { put: median(put), get: median(get) };
}

export async function benchFiles({ quick }: { quick: boolean }): Promise<BenchResult[]> {
  const url = process.env.DATABASE_URL_TEST ?? 'postgres://postgres@127.0.0.1:5432/test';
  const schema = `t_bench_files_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sd-bench-files-'));
  const dbh = connect({ url: `${url}${url.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}` });
  try {
    await migrateToLatest(dbh.db);
    const bytes = Buffer.alloc(5 * 1024 * 1024, 7);
    const rounds = quick ? 5 : 20;
    const db = await timeStore(new DbFileStore(dbh.db), bytes, rounds);
    const disk = await timeStore(new DiskFileStore(dir), bytes, rounds);
    const r = (x: number) => Math.round(x * 10) / 10;
    const data = `5 MB file, median of ${rounds}; reference: the local disk`;
    return [
      { name: 'files.put_5mb_ms', value: r(db.put), unit: 'ms', reference: r(disk.put), ratio: r(db.put / disk.put), data },
      { name: 'files.get_5mb_ms', value: r(db.get), unit: 'ms', reference: r(disk.get), ratio: r(db.get / disk.get), data },
    ];
  } finally {
    await dbh.destroy();
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.end();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
