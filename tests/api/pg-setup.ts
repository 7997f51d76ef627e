// Global setup of the `api-pg` project: the API suite again, on PostgreSQL.
// Each test app makes a schema of its own (tests/api/helpers.ts); this drops
// them all afterwards, and any left over by an interrupted run before.
import pg from 'pg';

async function dropTestSchemas(url: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const { rows } = await c.query<{ name: string }>("select schema_name as name from information_schema.schemata where schema_name like 't\\_api\\_%'");
    for (const { name } of rows) await c.query(`drop schema if exists "${name}" cascade`);
  } finally {
    await c.end();
  }
}

export default async function setup() {
  const url = process.env.DATABASE_URL_TEST;
  if (!url) throw new Error('the api-pg project needs DATABASE_URL_TEST');
  await dropTestSchemas(url);
  return () => dropTestSchemas(url);
}
