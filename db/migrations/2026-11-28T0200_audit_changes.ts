// The audit log's readable side: what kind of record an entry touched, the name a person knows it by
// (an order's id in its shop, a company's name) and each changed field before and after (JSON).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('audit_log').addColumn('entity_kind', 'text').execute();
  await db.schema.alterTable('audit_log').addColumn('entity_label', 'text').execute();
  await db.schema.alterTable('audit_log').addColumn('changes', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('audit_log').dropColumn('changes').execute();
  await db.schema.alterTable('audit_log').dropColumn('entity_label').execute();
  await db.schema.alterTable('audit_log').dropColumn('entity_kind').execute();
}
