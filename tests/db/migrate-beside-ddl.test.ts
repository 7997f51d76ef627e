// Migrations run to the end while another session changes tables elsewhere in the database. On
// PostgreSQL several processes share one database (one maintenance drops an expired history partition
// while another process starts and migrates), and test runs and benches keep schemas side by side.
// Kysely's introspection, which its Migrator asks whether the migration tables exist, read every table
// of every schema and resolved each by name again: a table dropped meanwhile failed the migration
// ("column "c" of relation "t15" does not exist"). db/migrate.ts looks only in the connection's schema.
// SQLite has one database per file and nothing beside it to change: there the migrations just run.
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../db/migrate';
import { dialects, PG_URL } from './dialects';

const targets = await dialects();

/** Until stopped: schemas of forty tables each made and dropped in turn, as fast as PostgreSQL goes. */
function churnOtherSchemas() {
  const prefix = `t_churn_${process.pid}_${Date.now()}`;
  let stopped = false;
  let made = 0;
  const client = new pg.Client({ connectionString: PG_URL });
  const done = (async () => {
    await client.connect();
    try {
      while (!stopped) {
        const schema = `${prefix}_${made++}`;
        const tables = Array.from({ length: 40 }, (_, k) => `CREATE TABLE ${schema}.t${k} (id serial PRIMARY KEY, a int, b int, c int, d text);`).join(' ');
        await client.query(`CREATE SCHEMA ${schema}; ${tables}`);
        if (made > 2) await client.query(`DROP SCHEMA ${prefix}_${made - 3} CASCADE`);
      }
    } finally {
      for (let i = Math.max(0, made - 3); i < made; i++) await client.query(`DROP SCHEMA IF EXISTS ${prefix}_${i} CASCADE`);
      await client.end();
    }
  })();
  return { stop: async () => ((stopped = true), await done, made) };
}

describe.each(targets)('migrations beside other sessions\' DDL on $name', ({ name, open }) => {
  const opened: Awaited<ReturnType<typeof open>>[] = [];
  afterAll(async () => {
    for (const h of opened) await h.drop();
  });

  it('every migration of six fresh databases runs to the end while other schemas are made and dropped', async () => {
    const churn = name === 'postgres' ? churnOtherSchemas() : null;
    const failures: string[] = [];
    try {
      for (let i = 0; i < 6; i++) {
        const h = await open();
        opened.push(h);
        await migrateToLatest(h.db).catch((e: Error) => failures.push(e.message));
      }
    } finally {
      const made = await churn?.stop();
      // The race needs tables dropped while the migrations ran.
      if (churn) expect(made).toBeGreaterThan(6);
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
