import type { Kysely } from 'kysely';

// Frozen in time: never import app code here.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('companies')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('pan', 'text', (c) => c.notNull())
    .addColumn('gst', 'text', (c) => c.notNull())
    .addColumn('website', 'text', (c) => c.notNull())
    .addColumn('poc', 'text')
    .addColumn('poc_phone', 'text')
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('warehouse_requirement', 'text')
    .addColumn('is_d2r', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('whatsapp_ndr_active', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('clickpost_active', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('approve_rts_returns', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('tracking_layout', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('warehouses')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('pan', 'text', (c) => c.notNull())
    .addColumn('gst', 'text', (c) => c.notNull())
    .addColumn('website', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('invoice_prefix', 'text')
    .addColumn('b2b_invoice_prefix', 'text')
    .addColumn('b2c_index', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('b2b_index', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('warehouse_companies')
    .addColumn('warehouse_id', 'text', (c) => c.notNull().references('warehouses.id').onDelete('cascade'))
    .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('warehouse_companies_pk', ['warehouse_id', 'company_id'])
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('company_id', 'text', (c) => c.references('companies.id'))
    .addColumn('warehouse_id', 'text', (c) => c.references('warehouses.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('xsrf_token', 'text', (c) => c.notNull())
    .addColumn('selected_company_ids', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('auth_codes')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('xsrf_token', 'text', (c) => c.notNull())
    .addColumn('state', 'text')
    .addColumn('redirect_url', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('login_attempts')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('window_start', 'text', (c) => c.notNull())
    .addColumn('locked_until', 'text')
    .execute();

  await db.schema
    .createTable('delivery_partners')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('hmac_secret', 'text', (c) => c.notNull())
    .addColumn('service_levels', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('orders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id'))
    .addColumn('warehouse_id', 'text', (c) => c.references('warehouses.id'))
    .addColumn('shop_order_id', 'text', (c) => c.notNull())
    .addColumn('external_order_id', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('shop_type', 'text', (c) => c.notNull())
    .addColumn('order_type', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('payment_mode', 'text', (c) => c.notNull())
    .addColumn('total_paise', 'bigint', (c) => c.notNull())
    .addColumn('shipping_paise', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('cod_paise', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('tracking_number', 'text', (c) => c.unique())
    .addColumn('return_awb', 'text')
    .addColumn('delivery_partner_id', 'text', (c) => c.references('delivery_partners.id'))
    .addColumn('shipper', 'text')
    .addColumn('customer_name', 'text', (c) => c.notNull())
    .addColumn('customer_phone', 'text', (c) => c.notNull())
    .addColumn('customer_email', 'text')
    .addColumn('shipping_address', 'text', (c) => c.notNull())
    .addColumn('billing_address', 'text', (c) => c.notNull())
    .addColumn('shipping_state', 'text', (c) => c.notNull())
    .addColumn('shipping_city', 'text', (c) => c.notNull())
    .addColumn('shipping_pincode', 'text', (c) => c.notNull())
    .addColumn('pickup_state', 'text', (c) => c.notNull())
    .addColumn('pickup_pincode', 'text', (c) => c.notNull())
    .addColumn('weight_g', 'integer', (c) => c.notNull())
    .addColumn('length_cm', 'real', (c) => c.notNull())
    .addColumn('breadth_cm', 'real', (c) => c.notNull())
    .addColumn('height_cm', 'real', (c) => c.notNull())
    .addColumn('shipping_package_code', 'text')
    .addColumn('remittance_status', 'text')
    .addColumn('rts_verified_at', 'text')
    .addColumn('eway_bill', 'text')
    .addColumn('remarks', 'text')
    .addColumn('cancel_reason', 'text')
    .addColumn('d2r_due_date', 'text')
    .addColumn('store_address_id', 'text')
    .addColumn('salesman_id', 'text')
    .addColumn('purchase_order_number', 'text')
    .addColumn('terms_of_payment', 'text')
    .addColumn('due_date', 'text')
    .addColumn('invoice_number', 'text')
    .addColumn('inventory_blocked', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('extra', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('version', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('orders_company_id').on('orders').columns(['company_id', 'id']).execute();
  await db.schema.createIndex('orders_company_status_id').on('orders').columns(['company_id', 'status', 'id']).execute();
  await db.schema.createIndex('orders_status_id').on('orders').columns(['status', 'id']).execute();
  await db.schema.createIndex('orders_company_created').on('orders').columns(['company_id', 'created_at']).execute();
  await db.schema.createIndex('orders_version').on('orders').columns(['version']).execute();

  await db.schema
    .createTable('order_items')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('catalogue_id', 'text')
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('sku', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('final_price_paise', 'bigint', (c) => c.notNull())
    .addColumn('return_quantity', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_free', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('hsn_code', 'text')
    .addColumn('gst', 'text')
    .addColumn('wsin_mapping', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_items_order').on('order_items').column('order_id').execute();

  await db.schema
    .createTable('order_trails')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('city', 'text')
    .addColumn('is_return', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text')
    .addColumn('actor_name', 'text')
    .addColumn('event_id', 'text', (c) => c.unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_trails_order').on('order_trails').columns(['order_id', 'created_at']).execute();

  await db.schema
    .createTable('missed_orders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id'))
    .addColumn('shop_order_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('synced', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reason', 'text')
    .addColumn('payload', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('missed_orders_company').on('missed_orders').columns(['company_id', 'id']).execute();

  await db.schema
    .createTable('customer_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
    .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('customer_requests_company').on('customer_requests').columns(['company_id', 'id']).execute();

  await db.schema
    .createTable('catalogue_items')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id'))
    .addColumn('shop_type', 'text', (c) => c.notNull())
    .addColumn('product_id', 'text', (c) => c.notNull())
    .addColumn('variant_id', 'text')
    .addColumn('product_title', 'text', (c) => c.notNull())
    .addColumn('variant_title', 'text')
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('product_type', 'text')
    .addColumn('sku', 'text', (c) => c.notNull())
    .addColumn('handle', 'text')
    .addColumn('bar_code', 'text')
    .addColumn('hsn_code', 'text')
    .addColumn('price_paise', 'bigint', (c) => c.notNull())
    .addColumn('base_price_paise', 'bigint')
    .addColumn('margin', 'real')
    .addColumn('distributor_margin', 'real')
    .addColumn('weight_g', 'integer', (c) => c.notNull())
    .addColumn('length_cm', 'real', (c) => c.notNull())
    .addColumn('breadth_cm', 'real', (c) => c.notNull())
    .addColumn('height_cm', 'real', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('image_urls', 'text', (c) => c.notNull())
    .addColumn('inventory_quantity', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('d2r_category', 'text')
    .addColumn('gst', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('catalogue_company_sku', ['company_id', 'shop_type', 'sku'])
    .execute();

  await db.schema
    .createTable('wsins')
    .addColumn('wsin', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id'))
    .addColumn('product_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('catalogue_wsins')
    .addColumn('catalogue_id', 'text', (c) => c.notNull().references('catalogue_items.id').onDelete('cascade'))
    .addColumn('wsin', 'text', (c) => c.notNull().references('wsins.wsin'))
    .addColumn('multiplier', 'integer', (c) => c.notNull().defaultTo(1))
    .addPrimaryKeyConstraint('catalogue_wsins_pk', ['catalogue_id', 'wsin'])
    .execute();

  await db.schema
    .createTable('store_addresses')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id'))
    .addColumn('store_name', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('address1', 'text', (c) => c.notNull())
    .addColumn('address2', 'text', (c) => c.notNull())
    .addColumn('pincode', 'text', (c) => c.notNull())
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('gstin', 'text')
    .addColumn('is_distributor', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('mapped_to', 'text')
    .addColumn('latitude', 'real', (c) => c.notNull().defaultTo(0))
    .addColumn('longitude', 'real', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('store_addresses_company').on('store_addresses').columns(['company_id', 'id']).execute();

  await db.schema
    .createTable('inventory')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('warehouse_id', 'text', (c) => c.notNull().references('warehouses.id'))
    .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id'))
    .addColumn('wsin', 'text', (c) => c.notNull())
    .addColumn('location', 'text')
    .addColumn('quantity', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('blocked', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('scanned_quantity', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('version', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('inventory_wh_company_wsin', ['warehouse_id', 'company_id', 'wsin'])
    .execute();

  await db.schema
    .createTable('inventory_trail')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('inventory_id', 'text', (c) => c.notNull().references('inventory.id'))
    .addColumn('warehouse_id', 'text', (c) => c.notNull())
    .addColumn('company_id', 'text', (c) => c.notNull())
    .addColumn('wsin', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('delta', 'integer', (c) => c.notNull())
    .addColumn('accepted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rejected', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('quantity_after', 'integer', (c) => c.notNull())
    .addColumn('remarks', 'text')
    .addColumn('actor_id', 'text')
    .addColumn('actor_name', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('inventory_trail_inv').on('inventory_trail').columns(['inventory_id', 'created_at']).execute();

  await db.schema
    .createTable('jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('company_id', 'text')
    .addColumn('user_id', 'text')
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('result', 'text')
    .addColumn('error', 'text')
    .addColumn('locked_by', 'text')
    .addColumn('locked_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('jobs_status').on('jobs').columns(['status', 'created_at']).execute();

  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('sent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('uploads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('key', 'text', (c) => c.notNull().unique())
    .addColumn('company_id', 'text')
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('drivers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('delivery_orders')
    .addColumn('awb', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id'))
    .addColumn('order_status', 'text', (c) => c.notNull())
    .addColumn('attempt', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('otp', 'text')
    .addColumn('payment_method', 'text', (c) => c.notNull())
    .addColumn('total_paise', 'bigint', (c) => c.notNull())
    .addColumn('customer_address', 'text', (c) => c.notNull())
    .addColumn('driver_id', 'text', (c) => c.references('drivers.id'))
    .addColumn('pod_url', 'text')
    .addColumn('shipping_label_url', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('delivery_orders_status').on('delivery_orders').columns(['order_status', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'delivery_orders', 'drivers', 'uploads', 'mail_outbox', 'jobs', 'inventory_trail', 'inventory', 'store_addresses', 'catalogue_wsins', 'wsins',
    'catalogue_items', 'customer_requests', 'missed_orders', 'order_trails', 'order_items', 'orders',
    'delivery_partners', 'login_attempts', 'auth_codes', 'sessions', 'users', 'warehouse_companies', 'warehouses', 'companies',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
