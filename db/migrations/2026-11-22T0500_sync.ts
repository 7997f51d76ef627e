import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen in time: never import app code here.
//
// Offline sync bookkeeping (clients, refusals, one version counter, tombstones)
// and the floor's own tables (packing progress, approved return lines).
//
// Every synced row carries `sync_version`, taken from the single counter row
// in the transaction that writes it. Triggers stamp it on any insert or update
// of orders, inventory and catalogue items that does not set it itself, so
// writes made by other areas (a cancel, a carrier update, a bulk stock upload)
// reach offline devices too. The triggers are the one place where the two
// dialects differ, hence the raw SQL below.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sync_counter')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'bigint', (c) => c.notNull())
    .execute();
  await db.insertInto('sync_counter').values({ id: 1, version: 0 }).execute();

  await db.schema
    .createTable('sync_clients')
    .addColumn('client_id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text')
    .addColumn('last_seq', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sync_rejections')
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('version', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('sync_rejections_pk', ['client_id', 'seq'])
    .execute();
  await db.schema.createIndex('sync_rejections_client_version').on('sync_rejections').columns(['client_id', 'version']).execute();

  await db.schema
    .createTable('sync_tombstones')
    .addColumn('tbl', 'text', (c) => c.notNull())
    .addColumn('row_key', 'text', (c) => c.notNull())
    .addColumn('company_id', 'text', (c) => c.notNull())
    .addColumn('version', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('sync_tombstones_pk', ['tbl', 'row_key'])
    .execute();
  await db.schema.createIndex('sync_tombstones_version').on('sync_tombstones').columns(['version']).execute();

  // Packing state per order (one row once anyone scans it), and each device's own scans.
  await db.schema
    .createTable('packing_metadata')
    .addColumn('order_id', 'text', (c) => c.primaryKey().references('orders.id'))
    .addColumn('company_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull()) // PACKED | NOT_PACKED
    .addColumn('scanned', 'text', (c) => c.notNull()) // JSON {wsin: units} once packed
    .addColumn('packed_by', 'text')
    .addColumn('packed_by_name', 'text')
    .addColumn('packed_client_id', 'text')
    .addColumn('packed_at', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('packing_scans')
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('scanned', 'text', (c) => c.notNull()) // JSON {wsin: units}
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('packing_scans_pk', ['order_id', 'client_id'])
    .execute();

  // Approved return lines (what /return-info answers for processed orders).
  await db.schema
    .createTable('return_items')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
    .addColumn('company_id', 'text', (c) => c.notNull())
    .addColumn('return_type', 'text', (c) => c.notNull())
    .addColumn('wsin', 'text', (c) => c.notNull())
    .addColumn('sku', 'text', (c) => c.notNull())
    .addColumn('product_title', 'text', (c) => c.notNull())
    .addColumn('expected_quantity', 'integer', (c) => c.notNull())
    .addColumn('missing_quantity', 'integer', (c) => c.notNull())
    .addColumn('damage_quantity', 'integer', (c) => c.notNull())
    .addColumn('image_key', 'text')
    .addColumn('actor_id', 'text')
    .addColumn('actor_name', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('return_items_order').on('return_items').column('order_id').execute();

  for (const table of ['orders', 'inventory', 'catalogue_items']) {
    await db.schema.alterTable(table).addColumn('sync_version', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
    await db.schema.createIndex(`${table}_sync_version`).on(table).column('sync_version').execute();
  }
  await db.schema.createIndex('inventory_trail_wsin').on('inventory_trail').columns(['warehouse_id', 'company_id', 'wsin', 'created_at']).execute();

  if (isPostgres(db)) await postgresTriggers(db);
  else await sqliteTriggers(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    for (const t of ['orders', 'inventory', 'catalogue_items']) {
      await sql.raw(`DROP TRIGGER IF EXISTS sync_${t}_stamp ON ${t}`).execute(db);
      await sql.raw(`DROP TRIGGER IF EXISTS sync_${t}_tombstone ON ${t}`).execute(db);
    }
    await sql.raw('DROP TRIGGER IF EXISTS sync_catalogue_wsins_touch ON catalogue_wsins').execute(db);
    for (const f of ['sync_stamp_row', 'sync_tombstone', 'sync_touch_catalogue', 'sync_take_version']) await sql.raw(`DROP FUNCTION IF EXISTS ${f}()`).execute(db);
  } else {
    for (const t of ['orders', 'inventory', 'catalogue_items']) {
      for (const op of ['ins', 'upd', 'del']) await sql.raw(`DROP TRIGGER IF EXISTS sync_${t}_${op}`).execute(db);
    }
    for (const op of ['ins', 'upd', 'del']) await sql.raw(`DROP TRIGGER IF EXISTS sync_catalogue_wsins_${op}`).execute(db);
  }
  await db.schema.dropIndex('inventory_trail_wsin').ifExists().execute();
  for (const table of ['orders', 'inventory', 'catalogue_items']) {
    await db.schema.dropIndex(`${table}_sync_version`).ifExists().execute();
    await db.schema.alterTable(table).dropColumn('sync_version').execute();
  }
  for (const t of ['return_items', 'packing_scans', 'packing_metadata', 'sync_tombstones', 'sync_rejections', 'sync_clients', 'sync_counter']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** Key of a deleted row as the sync patch names it (inventory rows are keyed by warehouse, company and WSIN). */
const TOMBSTONE_KEYS: Record<string, { tbl: string; key: (row: string) => string }> = {
  orders: { tbl: 'orders', key: (r) => `${r}.id` },
  inventory: { tbl: 'inventory', key: (r) => `${r}.warehouse_id || '|' || ${r}.company_id || '|' || ${r}.wsin` },
  catalogue_items: { tbl: 'catalogue', key: (r) => `${r}.id` },
};

async function sqliteTriggers(db: Kysely<any>): Promise<void> {
  const bump = 'UPDATE sync_counter SET version = version + 1 WHERE id = 1;';
  const current = '(SELECT version FROM sync_counter WHERE id = 1)';
  for (const [table, { tbl, key }] of Object.entries(TOMBSTONE_KEYS)) {
    await sql.raw(`CREATE TRIGGER sync_${table}_ins AFTER INSERT ON ${table} WHEN NEW.sync_version = 0 BEGIN
      ${bump} UPDATE ${table} SET sync_version = ${current} WHERE id = NEW.id; END`).execute(db);
    await sql.raw(`CREATE TRIGGER sync_${table}_upd AFTER UPDATE ON ${table} WHEN NEW.sync_version = OLD.sync_version BEGIN
      ${bump} UPDATE ${table} SET sync_version = ${current} WHERE id = NEW.id; END`).execute(db);
    await sql.raw(`CREATE TRIGGER sync_${table}_del AFTER DELETE ON ${table} BEGIN
      ${bump} INSERT OR REPLACE INTO sync_tombstones (tbl, row_key, company_id, version) VALUES ('${tbl}', ${key('OLD')}, OLD.company_id, ${current}); END`).execute(db);
  }
  // A changed WSIN mapping changes the catalogue row devices hold.
  for (const [op, row] of [['ins', 'NEW'], ['upd', 'NEW'], ['del', 'OLD']] as const) {
    const event = { ins: 'INSERT', upd: 'UPDATE', del: 'DELETE' }[op];
    await sql.raw(`CREATE TRIGGER sync_catalogue_wsins_${op} AFTER ${event} ON catalogue_wsins BEGIN
      ${bump} UPDATE catalogue_items SET sync_version = ${current} WHERE id = ${row}.catalogue_id; END`).execute(db);
  }
}

async function postgresTriggers(db: Kysely<any>): Promise<void> {
  // One version per transaction for trigger-stamped rows: the first stamp
  // takes (and locks) the counter row, later ones reuse it, so a bulk insert
  // does not update the counter row once per row.
  await sql.raw(`CREATE OR REPLACE FUNCTION sync_take_version() RETURNS bigint AS $$
    DECLARE v bigint; cached text;
    BEGIN
      cached := current_setting('shipdesk.sync_version', true);
      IF cached IS NOT NULL AND cached <> '' THEN RETURN cached::bigint; END IF;
      UPDATE sync_counter SET version = version + 1 WHERE id = 1 RETURNING version INTO v;
      PERFORM set_config('shipdesk.sync_version', v::text, true);
      RETURN v;
    END $$ LANGUAGE plpgsql`).execute(db);
  await sql.raw(`CREATE OR REPLACE FUNCTION sync_stamp_row() RETURNS trigger AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        IF NEW.sync_version IS NULL OR NEW.sync_version = 0 THEN NEW.sync_version := sync_take_version(); END IF;
      ELSIF NEW.sync_version IS NOT DISTINCT FROM OLD.sync_version THEN
        NEW.sync_version := sync_take_version();
      END IF;
      RETURN NEW;
    END $$ LANGUAGE plpgsql`).execute(db);
  const branches = Object.entries(TOMBSTONE_KEYS)
    .map(([table, { tbl, key }], i) => `${i === 0 ? 'IF' : 'ELSIF'} TG_TABLE_NAME = '${table}' THEN t := '${tbl}'; k := ${key('OLD')};`)
    .join('\n      ');
  await sql.raw(`CREATE OR REPLACE FUNCTION sync_tombstone() RETURNS trigger AS $$
    DECLARE t text; k text;
    BEGIN
      ${branches}
      ELSE RETURN OLD; END IF;
      INSERT INTO sync_tombstones (tbl, row_key, company_id, version) VALUES (t, k, OLD.company_id, sync_take_version())
        ON CONFLICT (tbl, row_key) DO UPDATE SET company_id = EXCLUDED.company_id, version = EXCLUDED.version;
      RETURN OLD;
    END $$ LANGUAGE plpgsql`).execute(db);
  await sql.raw(`CREATE OR REPLACE FUNCTION sync_touch_catalogue() RETURNS trigger AS $$
    BEGIN
      IF TG_OP = 'DELETE' THEN
        UPDATE catalogue_items SET sync_version = sync_take_version() WHERE id = OLD.catalogue_id;
      ELSE
        UPDATE catalogue_items SET sync_version = sync_take_version() WHERE id = NEW.catalogue_id;
      END IF;
      RETURN NULL;
    END $$ LANGUAGE plpgsql`).execute(db);
  for (const table of Object.keys(TOMBSTONE_KEYS)) {
    await sql.raw(`CREATE TRIGGER sync_${table}_stamp BEFORE INSERT OR UPDATE ON ${table} FOR EACH ROW EXECUTE FUNCTION sync_stamp_row()`).execute(db);
    await sql.raw(`CREATE TRIGGER sync_${table}_tombstone AFTER DELETE ON ${table} FOR EACH ROW EXECUTE FUNCTION sync_tombstone()`).execute(db);
  }
  await sql.raw(`CREATE TRIGGER sync_catalogue_wsins_touch AFTER INSERT OR UPDATE OR DELETE ON catalogue_wsins FOR EACH ROW EXECUTE FUNCTION sync_touch_catalogue()`).execute(db);
}
