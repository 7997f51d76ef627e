import { PostgresAdapter, sql, type Kysely } from 'kysely';

// History by month (db/history/partitions.ts keeps it afterwards).
//
// Both dialects: a task's key gets a table of its own, `integration_task_keys`, filled from
// the tasks there are, since on PostgreSQL the tasks' table can no longer hold a key unique
// across months; `job_effects` gets an index on its time, for the retention's delete.
//
// PostgreSQL: `order_trails`, `integration_tasks` and `jobs` become tables partitioned by
// range of `created_at`, with a DEFAULT partition, and every existing row moves over. A
// partitioned table's unique keys must hold its partition key, so the primary keys become
// (id, created_at); a courier event's id stays unique with its time (`order_trails_event`),
// and the order's row lock keeps one event from being recorded twice (edge-api/services/
// tracking/carrier-events.ts). The first maintenance run gives each month its own partition.
// SQLite keeps one table each.

type Spec = { table: string; indexes: [name: string, columns: string][]; extra: string[] };

const PARTITIONED: Spec[] = [
  {
    table: 'order_trails',
    indexes: [['order_trails_order', 'order_id, created_at']],
    extra: [
      'ADD CONSTRAINT order_trails_event UNIQUE (event_id, created_at)',
      'ADD CONSTRAINT order_trails_order_id_fkey FOREIGN KEY (order_id) REFERENCES orders (id) ON DELETE CASCADE',
    ],
  },
  {
    table: 'integration_tasks',
    indexes: [['integration_tasks_due', 'status, next_attempt_at'], ['integration_tasks_subject', 'subject_type, subject_id'], ['integration_tasks_key', 'key']],
    extra: [],
  },
  { table: 'jobs', indexes: [['jobs_status', 'status, created_at']], extra: [] },
];

const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('integration_task_keys')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await sql`INSERT INTO integration_task_keys (key, created_at) SELECT key, created_at FROM integration_tasks`.execute(db);
  await db.schema.createIndex('integration_task_keys_created').on('integration_task_keys').column('created_at').execute();
  await db.schema.createIndex('job_effects_created').on('job_effects').column('created_at').execute();
  if (!isPostgres(db)) return;

  for (const { table, indexes, extra } of PARTITIONED) {
    const old = `${table}_unpartitioned`;
    await sql`ALTER TABLE ${sql.id(table)} RENAME TO ${sql.id(old)}`.execute(db);
    await sql`CREATE TABLE ${sql.id(table)} (LIKE ${sql.id(old)} INCLUDING DEFAULTS INCLUDING CONSTRAINTS) PARTITION BY RANGE (created_at)`.execute(db);
    await sql`CREATE TABLE ${sql.id(`${table}_default`)} PARTITION OF ${sql.id(table)} DEFAULT`.execute(db);
    await sql`INSERT INTO ${sql.id(table)} SELECT * FROM ${sql.id(old)}`.execute(db);
    // The old table's indexes and constraints go with it, freeing their names.
    await sql`DROP TABLE ${sql.id(old)}`.execute(db);
    await sql`ALTER TABLE ${sql.id(table)} ADD CONSTRAINT ${sql.id(`${table}_pkey`)} PRIMARY KEY (id, created_at)`.execute(db);
    for (const clause of extra) await sql`ALTER TABLE ${sql.id(table)} ${sql.raw(clause)}`.execute(db);
    for (const [name, columns] of indexes) await sql`CREATE INDEX ${sql.id(name)} ON ${sql.id(table)} (${sql.raw(columns)})`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    for (const { table, indexes, extra } of PARTITIONED) {
      const parted = `${table}_partitioned`;
      await sql`ALTER TABLE ${sql.id(table)} RENAME TO ${sql.id(parted)}`.execute(db);
      await sql`CREATE TABLE ${sql.id(table)} (LIKE ${sql.id(parted)} INCLUDING DEFAULTS INCLUDING CONSTRAINTS)`.execute(db);
      await sql`INSERT INTO ${sql.id(table)} SELECT * FROM ${sql.id(parted)}`.execute(db);
      await sql`DROP TABLE ${sql.id(parted)} CASCADE`.execute(db);
      await sql`ALTER TABLE ${sql.id(table)} ADD CONSTRAINT ${sql.id(`${table}_pkey`)} PRIMARY KEY (id)`.execute(db);
      if (table === 'order_trails') {
        await sql`ALTER TABLE order_trails ADD CONSTRAINT order_trails_event_id_key UNIQUE (event_id)`.execute(db);
        await sql`ALTER TABLE order_trails ${sql.raw(extra[1])}`.execute(db);
      }
      if (table === 'integration_tasks') await sql`ALTER TABLE integration_tasks ADD CONSTRAINT integration_tasks_key_key UNIQUE (key)`.execute(db);
      for (const [name, columns] of indexes) if (name !== 'integration_tasks_key') await sql`CREATE INDEX ${sql.id(name)} ON ${sql.id(table)} (${sql.raw(columns)})`.execute(db);
    }
  }
  await db.schema.dropIndex('job_effects_created').execute();
  await db.schema.dropTable('integration_task_keys').execute();
}
