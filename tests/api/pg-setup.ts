// Global setup of the `api-pg` project: the API suite again, on PostgreSQL.
// Each test app gets a database of its own, copied from the run's template
// databases (tests/api/helpers.ts); a test may also make a schema. All are named
// after this run (API_TEST_RUN): this drops the run's databases and schemas
// afterwards, and before it those an interrupted run left more than six hours
// ago. Two runs on one server (two developers, two worktrees) never drop each
// other's.
import crypto from 'node:crypto';
import pg from 'pg';

async function dropRunLeftovers(url: string, keep: (name: string) => boolean) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const { rows } = await c.query<{ name: string }>("select schema_name as name from information_schema.schemata where schema_name like 't\\_api\\_%'");
    for (const { name } of rows) if (!keep(name)) await c.query(`drop schema if exists "${name}" cascade`);
    const dbs = await c.query<{ name: string }>("select datname as name from pg_database where datname like 't\\_api\\_%'");
    for (const { name } of dbs.rows) if (!keep(name)) await c.query(`drop database if exists "${name}" with (force)`);
  } finally {
    await c.end();
  }
}

/** The run's start time (ms) written in a schema name t_api_<run>_<startMs>_..., or NaN. */
const startedAt = (name: string) => Number(name.split('_')[3]);

export default async function setup() {
  const url = process.env.DATABASE_URL_TEST;
  if (!url) throw new Error('the api-pg project needs DATABASE_URL_TEST');
  const started = Date.now();
  const run = `${crypto.randomBytes(4).toString('hex')}_${started}`;
  process.env.API_TEST_RUN = run;
  await dropRunLeftovers(url, (name) => startedAt(name) > started - 6 * 3600_000);
  return () => dropRunLeftovers(url, (name) => !name.startsWith(`t_api_${run}_`));
}
