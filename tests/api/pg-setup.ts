// Global setup of the `api-pg` project: the API suite again, on PostgreSQL.
// Each test app makes a schema of its own (tests/api/helpers.ts), named after
// this run (API_TEST_RUN); this drops the run's schemas afterwards, and before
// it those an interrupted run left more than six hours ago. Two runs on one
// database (two developers, two worktrees) never drop each other's schemas.
import crypto from 'node:crypto';
import pg from 'pg';

async function dropSchemas(url: string, keep: (name: string) => boolean) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const { rows } = await c.query<{ name: string }>("select schema_name as name from information_schema.schemata where schema_name like 't\\_api\\_%'");
    for (const { name } of rows) if (!keep(name)) await c.query(`drop schema if exists "${name}" cascade`);
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
  await dropSchemas(url, (name) => startedAt(name) > started - 6 * 3600_000);
  return () => dropSchemas(url, (name) => !name.startsWith(`t_api_${run}_`));
}
