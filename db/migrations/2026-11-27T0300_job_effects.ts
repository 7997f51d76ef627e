import type { Kysely } from 'kysely';

// Frozen in time: never import app code here.
//
// The side effects of a background job (a mail sent, a file written), one row
// per (job, key), recorded by the worker that holds the job before it acts: a
// worker that takes the job over after a stall finds the row and does not act
// again, so a mail goes out once.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('job_effects')
    .addColumn('job_id', 'text', (c) => c.notNull())
    .addColumn('effect_key', 'text', (c) => c.notNull())
    .addColumn('worker', 'text', (c) => c.notNull())
    .addColumn('result', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('job_effects_pk', ['job_id', 'effect_key'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('job_effects').execute();
}
