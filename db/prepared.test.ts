import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connect, type DbHandle } from './connect';
import type { Kysely } from 'kysely';
import { compiledOnce, compiledShape, readRows, readSql } from './prepared';

let h: DbHandle;
beforeEach(async () => {
  h = connect({ file: ':memory:' });
  await sql`CREATE TABLE t (id integer PRIMARY KEY, name text NOT NULL)`.execute(h.db);
  await sql`INSERT INTO t (id, name) VALUES (1, 'a'), (2, 'b')`.execute(h.db);
});
afterEach(() => h.destroy());

const names = (db = h.db) => sql<{ id: number; name: string }>`SELECT id, name FROM t ORDER BY id`.compile(db);

describe('reads through cached prepared statements', () => {
  it('give the rows Kysely gives, and later writes on the next read', async () => {
    const r = { db: h.db, sqlite: h.sqlite };
    expect(await readRows(r, names())).toEqual((await h.db.executeQuery(names())).rows);
    await sql`INSERT INTO t (id, name) VALUES (3, 'c')`.execute(h.db);
    expect((await readRows(r, names())).map((x) => x.name)).toEqual(['a', 'b', 'c']);
    const text = compiledOnce(h.db, 'by-id', () => sql`SELECT name FROM t WHERE id = ${0}`.compile(h.db));
    expect(await readSql(r, text, [2])).toEqual([{ name: 'b' }]);
    expect(await readSql(r, text, [3])).toEqual([{ name: 'c' }]);
  });

  it('never see another caller\'s uncommitted writes: inside its transaction they wait their turn', async () => {
    let release!: () => void;
    const held = new Promise<void>((res) => (release = res));
    let inserted!: () => void;
    const didInsert = new Promise<void>((res) => (inserted = res));
    const tx = h.db
      .transaction()
      .execute(async (trx) => {
        await sql`INSERT INTO t (id, name) VALUES (9, 'uncommitted')`.execute(trx);
        inserted();
        await held;
        throw new Error('roll back');
      })
      .catch(() => 'rolled back');
    await didInsert;
    let done = false;
    const read = readRows({ db: h.db, sqlite: h.sqlite }, names()).then((rows) => ((done = true), rows));
    await new Promise((res) => setTimeout(res, 20));
    expect(done).toBe(false);
    release();
    expect(await tx).toBe('rolled back');
    expect((await read).map((x) => x.name)).toEqual(['a', 'b']);
  });

  it('bind each call\'s values where a query compiled once for its shape had them, constants kept', async () => {
    const db = h.db as unknown as Kysely<any>;
    const q = (ids: readonly (number | string)[]) => db.selectFrom('t').select('name').where('name', '!=', 'b').where('id', 'in', [...ids]).orderBy('id');
    for (const ids of [[1, 2, 3], [3, 1, 2], [2, 9, 1]]) {
      const shape = compiledShape(db, `t:${ids.length}`, (arg) => q(ids.map((_, i) => arg(i))));
      expect(shape.sql).toBe(q(ids).compile().sql);
      expect(shape.bind(ids)).toEqual(q(ids).compile().parameters);
      expect(await readSql({ db, sqlite: h.sqlite }, shape.sql, shape.bind(ids))).toEqual(await q(ids).execute());
    }
  });

  it('go through Kysely without a SQLite connection (PostgreSQL)', async () => {
    expect((await readRows({ db: h.db }, names())).map((x) => x.name)).toEqual(['a', 'b']);
  });

  it('serve Kysely\'s own queries too, and a statement busy in a stream is not shared', async () => {
    const q = () => h.db.selectFrom('t' as never).select(['id' as never, 'name' as never]).orderBy('id' as never);
    expect((await q().execute()).length).toBe(2); // prepared and cached
    expect((await q().execute()).length).toBe(2); // the cached statement, run again
    const seen: unknown[] = [];
    for await (const row of q().stream()) {
      seen.push(row);
      // The same SQL while the stream iterates its statement: read on another one.
      expect((await readRows({ db: h.db, sqlite: h.sqlite }, q())).length).toBe(2);
    }
    expect(seen).toEqual([{ id: 1, name: 'a' }, { id: 2, name: 'b' }]);
    await sql`INSERT INTO t (id, name) VALUES (3, 'c')`.execute(h.db);
    expect((await q().execute()).length).toBe(3);
  });
});
