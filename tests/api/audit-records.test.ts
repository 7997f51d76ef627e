// The audit log names every kind of record an admin write touches, in words, with each changed
// field before → after; created records show their fields from empty, removed ones to empty;
// credentials and passwords never reach it.
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_WAREHOUSES } from '../../db/seed';
import { makeGstin } from '../../domain/gstin';
import { auditTarget, recordAdminWrite } from '../../edge-api/services/audit';
import { company } from './orders-fixtures';
import { makeTestApp, signInDemo, type Agent, type TestApp } from './helpers';

let app: TestApp;
let db: Awaited<ReturnType<typeof makeTestApp>>['db'];
let admin: Agent;

type Change = { field: string; before: string | null; after: string | null };
type Entry = { action: string; actionText: string; entityKind: string | null; entityId: string | null; entityLabel: string | null; companyId: string | null; changes: Change[] };

beforeAll(async () => {
  ({ app, db } = await makeTestApp({ orders: 0 }));
  admin = await signInDemo(app, 'admin');
}, 60_000);

/** The newest entry of the audit log (as the admin's audit page reads it). */
async function lastEntry(): Promise<Entry> {
  const r = await admin.json('/api/admin/audit-log?pageSize=1');
  expect(r.status).toBe(200);
  return r.body.data[0];
}
const field = (e: Entry, name: string) => e.changes.find((c) => c.field === name);

describe('audit log: each kind of record an admin changes', () => {
  it("a company's GSTIN of one state: recorded from empty, changed, then removed, with its registered address", async () => {
    const first = makeGstin('32', 'AAPFU0939F');
    const put = await admin.json('/api/ums/invoices/gstins', {
      method: 'PUT', body: { companyId: company(1), state: 'Kerala', gstin: first, address: { line1: '12 MG Road', city: 'Kochi', pincode: '682016' } },
    });
    expect(put.status).toBe(200);
    const made = await lastEntry();
    expect(made).toMatchObject({ actionText: 'Changed a state GSTIN', entityKind: 'company_gstin', entityLabel: 'Kerala (32)', companyId: company(1) });
    expect(made.changes).toEqual(expect.arrayContaining([
      { field: 'State', before: null, after: 'Kerala' },
      { field: 'GSTIN', before: null, after: first },
      { field: 'Registered address: line 1', before: null, after: '12 MG Road' },
      { field: 'Registered address: city', before: null, after: 'Kochi' },
    ]));

    const second = makeGstin('32', 'AAPFU0940G');
    await admin.json('/api/ums/invoices/gstins', {
      method: 'PUT', body: { companyId: company(1), state: 'Kerala', gstin: second, address: { line1: '12 MG Road', city: 'Ernakulam', pincode: '682016' } },
    });
    const changed = await lastEntry();
    expect(changed.changes).toEqual([
      { field: 'GSTIN', before: first, after: second },
      { field: 'Registered address: city', before: 'Kochi', after: 'Ernakulam' },
    ]);

    expect((await admin.json(`/api/ums/invoices/gstins/32?companyId=${company(1)}`, { method: 'DELETE' })).status).toBe(200);
    const removed = await lastEntry();
    expect(removed).toMatchObject({ actionText: 'Removed a state GSTIN', entityKind: 'company_gstin', entityLabel: 'Kerala (32)' });
    expect(field(removed, 'GSTIN')).toEqual({ field: 'GSTIN', before: second, after: null });
  });

  it('a warehouse the admin creates: its fields from empty', async () => {
    const r = await admin.json('/api/admin/create-warehouse', {
      method: 'POST',
      body: { name: 'Sanand Hub', code: 'AMD1', email: 'amd1@example.com', phone: '9876543210', address: { line1: 'Plot 4', city: 'Sanand', state: 'Gujarat', pincode: '382110' } },
    });
    expect(r.status).toBe(201);
    const e = await lastEntry();
    expect(e).toMatchObject({ actionText: 'Created a warehouse', entityKind: 'warehouse', entityId: r.body.warehouse.id, entityLabel: 'Sanand Hub (AMD1)' });
    expect(e.changes).toEqual(expect.arrayContaining([
      { field: 'Name', before: null, after: 'Sanand Hub' },
      { field: 'Code', before: null, after: 'AMD1' },
      { field: 'E-mail', before: null, after: 'amd1@example.com' },
      { field: 'Address: city', before: null, after: 'Sanand' },
      { field: 'Address: pincode', before: null, after: '382110' },
    ]));
  });

  it('a user the admin creates: name, e-mail, role and warehouse, never the password', async () => {
    const password = 'Farah@Secret-771';
    const r = await admin.json('/api/admin/create-warehouse-owner', {
      method: 'POST', body: { name: 'Farah Khan', email: 'farah.audit@example.com', password, warehouseId: DEMO_WAREHOUSES[0].id },
    });
    expect(r.status).toBe(201);
    const e = await lastEntry();
    expect(e).toMatchObject({ actionText: 'Created a warehouse user', entityKind: 'user', entityId: r.body.warehouseUser.id, entityLabel: 'Farah Khan (farah.audit@example.com)' });
    expect(e.changes).toEqual(expect.arrayContaining([
      { field: 'Name', before: null, after: 'Farah Khan' },
      { field: 'E-mail', before: null, after: 'farah.audit@example.com' },
      { field: 'Role', before: null, after: 'warehouse' },
      { field: 'Warehouse', before: null, after: DEMO_WAREHOUSES[0].name },
    ]));
    expect(JSON.stringify(e)).not.toContain(password);
    expect(JSON.stringify(e)).not.toMatch(/scrypt|password/i);
  });

  it('a promoter the admin adds, with its retailers', async () => {
    const r = await admin.json('/api/admin/promoter', {
      method: 'POST',
      body: { name: 'Ravi Kulkarni', phone: '9876500411', retailers: [{ firstName: 'Sunil', lastName: 'Traders', phone: '9876500412', GSTIN: '' }] },
    });
    expect(r.status).toBe(201);
    const e = await lastEntry();
    expect(e).toMatchObject({ actionText: 'Added a promoter', entityKind: 'promoter', entityId: r.body.data.id, entityLabel: 'Ravi Kulkarni (9876500411)' });
    expect(e.changes).toEqual(expect.arrayContaining([
      { field: 'Name', before: null, after: 'Ravi Kulkarni' },
      { field: 'Phone', before: null, after: '9876500411' },
      { field: 'Retailers', before: null, after: 'Sunil Traders (9876500412)' },
    ]));
  });

  it("a company's GST e-invoicing settings, as a change of the company", async () => {
    const r = await admin.json(`/api/gst/settings?companyId=${company(2)}`, { method: 'PUT', body: { einvoicing: true, turnoverBand: '5cr_to_10cr' } });
    expect(r.status).toBe(200);
    await admin.json(`/api/gst/settings?companyId=${company(2)}`, { method: 'PUT', body: { einvoicing: false, turnoverBand: '5cr_to_10cr' } });
    const e = await lastEntry();
    expect(e).toMatchObject({ actionText: 'Changed the GST e-invoicing settings', entityKind: 'company', entityId: company(2), entityLabel: 'Desi Naturals Distributors' });
    expect(e.changes).toEqual([{ field: 'E-invoicing', before: 'Yes', after: 'No' }]);
  });

  it('a courier connection: created, renamed with new credentials, removed; its credentials never in the log', async () => {
    const token = 'dl-live-token-5f0c2a';
    const hookToken = 'dl-webhook-token-93be71';
    const created = await admin.json('/api/integrations/connections', {
      method: 'POST',
      body: {
        kind: 'delhivery', label: 'Delhivery Okhla', companyId: company(0), baseUrl: 'http://127.0.0.1:9', settings: { defaultPickupLocation: 'OKHLA SURFACE' },
        secrets: { token, webhookToken: hookToken },
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.connection.id as string;
    const made = await lastEntry();
    expect(made).toMatchObject({ actionText: 'Connected a store or courier', entityKind: 'courier_connection', entityId: id, entityLabel: 'Delhivery Okhla', companyId: company(0) });
    expect(made.changes).toEqual(expect.arrayContaining([
      { field: 'Name', before: null, after: 'Delhivery Okhla' },
      { field: 'Partner', before: null, after: 'delhivery' },
      { field: 'Status', before: null, after: 'active' },
      { field: 'Settings: default pickup location', before: null, after: 'OKHLA SURFACE' },
    ]));
    // The pickup locations setting defaults to an empty map: nothing to read, so no line.
    expect(made.changes.map((c: { field: string }) => c.field)).not.toContain('Settings: pickup locations');

    const newToken = 'dl-rotated-token-c81d44';
    const patched = await admin.json(`/api/integrations/connections/${id}`, { method: 'PATCH', body: { label: 'Delhivery Okhla 2', secrets: { token: newToken } } });
    expect(patched.status).toBe(200);
    const renamed = await lastEntry();
    expect(renamed).toMatchObject({ actionText: 'Changed a connection', entityKind: 'courier_connection', entityId: id, entityLabel: 'Delhivery Okhla 2' });
    // The replaced token is a line of its own that says so, without its value, before or after.
    expect(renamed.changes).toEqual([
      { field: 'Name', before: 'Delhivery Okhla', after: 'Delhivery Okhla 2' },
      { field: 'Credentials: token', before: null, after: 'changed', secret: true },
    ]);

    expect((await admin.json(`/api/integrations/connections/${id}`, { method: 'DELETE' })).status).toBe(200);
    const removed = await lastEntry();
    expect(removed).toMatchObject({ actionText: 'Removed a connection', entityKind: 'courier_connection', entityId: id, entityLabel: 'Delhivery Okhla 2' });
    expect(field(removed, 'Name')).toEqual({ field: 'Name', before: 'Delhivery Okhla 2', after: null });

    // Neither the log as the page reads it nor its stored rows hold a credential.
    const page = JSON.stringify((await admin.json('/api/admin/audit-log?pageSize=200')).body);
    const rows = JSON.stringify(await db.selectFrom('audit_log').selectAll().execute());
    for (const secret of [token, hookToken, newToken]) {
      expect(page).not.toContain(secret);
      expect(rows).not.toContain(secret);
    }
  });

  it("the admin's last-mile records: a cluster owner, a cluster with its pincodes and owner, a warehouse assigned to it, a driver in it", async () => {
    const owner = await admin.json('/api/admin/create-cluster-owner', { method: 'POST', body: { name: 'Meera Iyer', phone: '9876500521', email: 'meera.clusters@example.com' } });
    expect(owner.status, JSON.stringify(owner.body)).toBe(201);
    const ownerEntry = await lastEntry();
    expect(ownerEntry).toMatchObject({
      actionText: 'Created a cluster owner', entityKind: 'cluster_owner', entityId: owner.body.clusterOwner.id, entityLabel: 'Meera Iyer (meera.clusters@example.com)',
    });
    expect(ownerEntry.changes).toEqual(expect.arrayContaining([
      { field: 'Name', before: null, after: 'Meera Iyer' },
      { field: 'Phone', before: null, after: '9876500521' },
      { field: 'E-mail', before: null, after: 'meera.clusters@example.com' },
    ]));

    const cluster = await admin.json('/api/admin/create-cluster', {
      method: 'POST', body: { name: 'Kalaburagi', city: 'Kalaburagi', pincodes: ['585102', '585101'], ownerId: owner.body.clusterOwner.id },
    });
    expect(cluster.status, JSON.stringify(cluster.body)).toBe(201);
    const clusterId = cluster.body.cluster.clusterId as string;
    const made = await lastEntry();
    expect(made).toMatchObject({ actionText: 'Created a cluster', entityKind: 'cluster', entityId: clusterId, entityLabel: 'Kalaburagi (Kalaburagi)' });
    expect(made.changes).toEqual([
      { field: 'Name', before: null, after: 'Kalaburagi' },
      { field: 'City', before: null, after: 'Kalaburagi' },
      { field: 'Owner', before: null, after: 'Meera Iyer (9876500521)' },
      { field: 'Pincodes', before: null, after: '585101, 585102' },
    ]);

    const warehouse = DEMO_WAREHOUSES[1];
    const assigned = await admin.json('/api/admin/assign-cluster', { method: 'POST', body: { clusterId, warehouseId: warehouse.id } });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    const moved = await lastEntry();
    expect(moved).toMatchObject({ actionText: 'Assigned a warehouse to a cluster', entityKind: 'cluster', entityId: clusterId, entityLabel: 'Kalaburagi (Kalaburagi)' });
    expect(moved.changes).toEqual([{ field: 'Warehouses', before: null, after: warehouse.name }]);

    const driver = await admin.json('/api/admin/create-driver', { method: 'POST', body: { name: 'Imran Sheikh', phone: '9876500522', vehicle: 'Scooter', clusterId } });
    expect(driver.status, JSON.stringify(driver.body)).toBe(201);
    const hired = await lastEntry();
    expect(hired).toMatchObject({ actionText: 'Created a driver', entityKind: 'driver', entityId: driver.body.driver.id, entityLabel: 'Imran Sheikh (9876500522)' });
    expect(hired.changes).toEqual([
      { field: 'Name', before: null, after: 'Imran Sheikh' },
      { field: 'Phone', before: null, after: '9876500522' },
      { field: 'Vehicle', before: null, after: 'Scooter' },
      { field: 'Active', before: null, after: 'Yes' },
      { field: 'Cluster', before: null, after: 'Kalaburagi' },
    ]);
  });

  it('a store connection is logged as one, without its access token or webhook secret', async () => {
    const secrets = { accessToken: 'shpat_audit_4d7e19', clientSecret: 'shpss_audit_b02c55' };
    const r = await admin.json('/api/integrations/connections', {
      method: 'POST', body: { kind: 'shopify', label: 'Chai Point Shopify', companyId: company(0), baseUrl: 'http://127.0.0.1:9', settings: { shopDomain: 'chai-point.myshopify.com' }, secrets },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const e = await lastEntry();
    expect(e).toMatchObject({ entityKind: 'channel_connection', entityId: r.body.connection.id, entityLabel: 'Chai Point Shopify' });
    expect(field(e, 'Settings: shop domain')).toEqual({ field: 'Settings: shop domain', before: null, after: 'chai-point.myshopify.com' });
    const rows = JSON.stringify(await db.selectFrom('audit_log').selectAll().execute());
    for (const secret of Object.values(secrets)) expect(rows).not.toContain(secret);
  });

  it("an admin's catalogue write is refused (admins read catalogues only) and so is not on the log", async () => {
    const item = await db.selectFrom('catalogue_items').select('id').where('company_id', '=', company(0)).executeTakeFirstOrThrow();
    const before = (await admin.json('/api/admin/audit-log')).body.totalRecords;
    const r = await admin.json(`/api/catalogue/${item.id}`, { method: 'PUT', body: { productTitle: 'Renamed by admin' } });
    expect(r.status).toBeGreaterThanOrEqual(400);
    expect((await admin.json('/api/admin/audit-log')).body.totalRecords).toBe(before);
  });

  it('a catalogue item, were a write to reach one: its title and SKU by name, its price in rupees before → after', async () => {
    // No admin route writes catalogue items (above); the entry is made here as the middleware makes it, around a seller's edit.
    const seller = await signInDemo(app, 'seller');
    const body = {
      skuId: 'AUD-1', productTitle: 'Tulsi Green Tea 100g', productId: 'AUD-P1', category: 'Beverages', hsnCode: '09021010', active: 1,
      price: '349.50', imageUrls: ['https://cdn.example.in/tea.png'], weight: '120', dimensions: { length: '12', breadth: '8', height: '4.5' }, gstPercentage: { cgst: '9', sgst: '9', igst: '18' },
    };
    const created = await seller.json('/api/catalogue', { method: 'POST', body });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const path = `/api/catalogue/${created.body.data.id}`;
    const target = await auditTarget(db, { path });
    const edited = await seller.json(path, { method: 'PUT', body: { ...body, price: '1234.50' } });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    await recordAdminWrite(db, { id: null, name: 'Platform Admin', role: 'admin', scope: null }, { method: 'PUT', path, status: 200 }, target);
    const e = await lastEntry();
    expect(e).toMatchObject({ actionText: 'Changed a catalogue item', entityKind: 'catalogue_item', entityId: created.body.data.id, entityLabel: 'Tulsi Green Tea 100g (AUD-1)' });
    expect(e.changes).toEqual([{ field: 'Price', before: '₹349.50', after: '₹1,234.50' }]);
  });
});
