import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen in time: never import app code here.
// orders.items_summary: the order's items as 'SKU x qty; SKU x qty' (in item
// id order), the Items column of the orders CSV. Reading it from the order row
// instead of aggregating order_items per row roughly halves the cost of a big
// export. Kept by triggers on order_items inside the writing transaction, so
// every writer (a manual order, an edit, a clone, the floor seeder) keeps it
// exact without having to remember to; the seeder's bulk load, which drops
// these triggers, writes the column itself. A change of items also moves the
// order's sync version (the orders' own sync trigger sees the update), so
// devices pull the order again, as they should.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('items_summary', 'text').execute();
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  // The backfill is not a change devices need to pull again: the orders' sync
  // triggers (migration 0500) stand aside while it runs, so no sync version moves.
  if (pg) {
    await sql.raw('ALTER TABLE orders DISABLE TRIGGER sync_orders_stamp').execute(db);
    await sql.raw(`UPDATE orders SET items_summary = ${summaryOf('orders.id', true)}`).execute(db);
    await sql.raw('ALTER TABLE orders ENABLE TRIGGER sync_orders_stamp').execute(db);
  } else {
    const { rows } = await sql<{ name: string; sql: string }>`SELECT name, sql FROM sqlite_master
      WHERE type = 'trigger' AND tbl_name = 'orders' AND name = 'sync_orders_upd'`.execute(db);
    for (const t of rows) await sql.raw(`DROP TRIGGER "${t.name}"`).execute(db);
    await sql.raw(`UPDATE orders SET items_summary = ${summaryOf('orders.id', false)}`).execute(db);
    for (const t of rows) await sql.raw(t.sql).execute(db);
  }
  if (pg) {
    await sql.raw(`CREATE OR REPLACE FUNCTION order_items_summary_apply() RETURNS trigger AS $$
      BEGIN
        IF TG_OP = 'UPDATE' OR TG_OP = 'DELETE' THEN UPDATE orders SET items_summary = ${summaryOf('OLD.order_id', true)} WHERE id = OLD.order_id; END IF;
        IF TG_OP = 'UPDATE' OR TG_OP = 'INSERT' THEN UPDATE orders SET items_summary = ${summaryOf('NEW.order_id', true)} WHERE id = NEW.order_id; END IF;
        RETURN NULL;
      END $$ LANGUAGE plpgsql`).execute(db);
    await sql.raw(`CREATE TRIGGER order_items_summary_insdel AFTER INSERT OR DELETE ON order_items FOR EACH ROW EXECUTE FUNCTION order_items_summary_apply()`).execute(db);
    await sql.raw(`CREATE TRIGGER order_items_summary_upd AFTER UPDATE OF sku, quantity, order_id ON order_items FOR EACH ROW
      EXECUTE FUNCTION order_items_summary_apply()`).execute(db);
  } else {
    const set = (ref: string) => `UPDATE orders SET items_summary = ${summaryOf(ref, false)} WHERE id = ${ref}`;
    await sql.raw(`CREATE TRIGGER order_items_summary_ins AFTER INSERT ON order_items BEGIN ${set('NEW.order_id')}; END`).execute(db);
    await sql.raw(`CREATE TRIGGER order_items_summary_upd AFTER UPDATE OF sku, quantity, order_id ON order_items
      BEGIN ${set('OLD.order_id')}; ${set('NEW.order_id')}; END`).execute(db);
    await sql.raw(`CREATE TRIGGER order_items_summary_del AFTER DELETE ON order_items BEGIN ${set('OLD.order_id')}; END`).execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql.raw('DROP TRIGGER IF EXISTS order_items_summary_insdel ON order_items').execute(db);
    await sql.raw('DROP TRIGGER IF EXISTS order_items_summary_upd ON order_items').execute(db);
    await sql.raw('DROP FUNCTION IF EXISTS order_items_summary_apply()').execute(db);
  } else {
    for (const op of ['ins', 'upd', 'del']) await sql.raw(`DROP TRIGGER IF EXISTS order_items_summary_${op}`).execute(db);
  }
  await db.schema.alterTable('orders').dropColumn('items_summary').execute();
}

/** The summary of one order's items, as an SQL expression over `orderId`. */
function summaryOf(orderId: string, pg: boolean): string {
  return pg
    ? `(SELECT string_agg(i.sku || ' x ' || i.quantity, '; ' ORDER BY i.id) FROM order_items i WHERE i.order_id = ${orderId})`
    : `(SELECT group_concat(i.sku || ' x ' || i.quantity, '; ' ORDER BY i.id) FROM order_items i WHERE i.order_id = ${orderId})`;
}
