import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_COMPANIES } from '../../db/seed';
import { signIn, makeTestApp, signInDemo, type Agent, type TestApp } from './helpers';

const PNG_1x1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const [C0, C1, C2] = DEMO_COMPANIES.map((c) => c.id);

let ctx: Awaited<ReturnType<typeof makeTestApp>>;
let app: TestApp;
let seller: Agent;
beforeAll(async () => {
  ctx = await makeTestApp({ orders: 40 });
  app = ctx.app;
  seller = await signInDemo(app, 'seller');
});

async function uploadProductImage(agent: Agent, companyId?: string): Promise<string> {
  const p = await agent.json('/api/uploads/presign', {
    method: 'POST', body: { purpose: 'product', fileName: 'tea.png', contentType: 'image/png', size: PNG_1x1.length, companyId },
  });
  expect(p.status).toBe(200);
  const put = await agent.request(p.body.uploadUrl, { method: 'PUT', body: PNG_1x1, headers: { 'content-type': 'image/png' } });
  expect(put.status).toBe(200);
  return p.body.url;
}

const item = (over: Record<string, unknown> = {}) => ({
  skuId: 'CP-TULSI-100',
  productTitle: 'Tulsi Green Tea 100g',
  productId: 'CPP-TULSI',
  category: 'Beverages',
  hsnCode: '09021010',
  active: 1,
  price: '349.50',
  basePrice: '240',
  margin: '20',
  distributorMargin: '10.5',
  weight: '120',
  dimensions: { length: '12', breadth: '8', height: '4.5' },
  imageUrls: [] as string[],
  gstPercentage: { sgst: '2.5', cgst: '2.5', igst: '5' },
  ...over,
});

const catalogueCount = async () =>
  Number((await ctx.db.selectFrom('catalogue_items').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

describe('catalogue list', () => {
  it('pages through a company catalogue and searches by title or SKU', async () => {
    const all = await seller.json(`/api/catalogue/company/${C0}?pageSize=100`);
    expect(all.status).toBe(200);
    expect(all.body.totalRecords).toBeGreaterThan(5);
    expect(all.body.catalogues.every((c: any) => c.companyId === C0 && c.shopType === 'manual')).toBe(true);

    const p1 = await seller.json(`/api/catalogue/company/${C0}?pageSize=5&page=1`);
    const p2 = await seller.json(`/api/catalogue/company/${C0}?pageSize=5&page=2`);
    expect(p1.body.catalogues).toHaveLength(5);
    expect(p1.body.totalRecords).toBe(all.body.totalRecords);
    const ids1 = new Set(p1.body.catalogues.map((c: any) => c.id));
    expect(p2.body.catalogues.some((c: any) => ids1.has(c.id))).toBe(false);

    const byTitle = await seller.json(`/api/catalogue/company/${C0}?search=chai`);
    expect(byTitle.body.catalogues.map((c: any) => c.productTitle)).toEqual(['Masala Chai Premix 500g']);
    const bySku = await seller.json(`/api/catalogue/company/${C0}?search=cp-0002`);
    expect(bySku.body.catalogues.map((c: any) => c.sku)).toEqual(['CP-0002']);
  });

  it('answers 404 for another company and its items; admin reads every company', async () => {
    expect((await seller.json(`/api/catalogue/company/${C1}`)).status).toBe(404);
    const other = await ctx.db.selectFrom('catalogue_items').select('id').where('company_id', '=', C1).executeTakeFirstOrThrow();
    expect((await seller.json(`/api/catalogue/${other.id}`)).status).toBe(404);
    const put = await seller.json(`/api/catalogue/${other.id}`, { method: 'PUT', body: item({ imageUrls: ['https://cdn.example.in/a.png'] }) });
    expect(put.status).toBe(404);

    const admin = await signInDemo(app, 'admin');
    const list = await admin.json(`/api/catalogue/company/${C1}`);
    expect(list.status).toBe(200);
    expect(list.body.totalRecords).toBeGreaterThan(0);
    expect((await admin.json(`/api/catalogue/${other.id}`)).status).toBe(200);
  });

  it('lets a warehouse user read only the selected companies', async () => {
    const wh = await signInDemo(app, 'warehouse');
    expect((await wh.json(`/api/catalogue/company/${C0}`)).status).toBe(200);
    expect((await wh.json(`/api/catalogue/company/${C2}`)).status).toBe(404);
    await wh.json('/api/auth/selected-companies', { method: 'PUT', body: { companyIds: [C2] } });
    expect((await wh.json(`/api/catalogue/company/${C2}`)).status).toBe(200);
    expect((await wh.json(`/api/catalogue/company/${C0}`)).status).toBe(404);
  });
});

describe('catalogue create and update', () => {
  it('creates an item: weight unit g, productType from category, UTGST from SGST, no CESS unless given', async () => {
    const url = await uploadProductImage(seller);
    const r = await seller.json('/api/catalogue', { method: 'POST', body: item({ imageUrls: [url] }) });
    expect(r.status).toBe(201);
    expect(r.body.message).toBe('Catalog added successfully!');
    const got = await seller.json(`/api/catalogue/${r.body.data.id}`);
    expect(got.status).toBe(200);
    expect(got.body.data).toMatchObject({
      sku: 'CP-TULSI-100', productTitle: 'Tulsi Green Tea 100g', productType: 'Beverages', weight: 120, weightUnit: 'g',
      price: 349.5, pricePaise: 34950, basePrice: 240, margin: 20, distributorMargin: 10.5, active: 1, companyId: C0,
      dimensions: { length: 12, breadth: 8, height: 4.5 }, imageUrls: [url],
    });
    expect(got.body.data.gstPercentage).toEqual({ cgst: 2.5, sgst: 2.5, igst: 5, utgst: 2.5 });

    const dup = await seller.json('/api/catalogue', { method: 'POST', body: item({ imageUrls: [url], productTitle: 'Another' }) });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('SKU ID already exists');
  });

  it('refuses every invalid field with the spec message and stores nothing', async () => {
    const url = await uploadProductImage(seller);
    const before = await catalogueCount();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ skuId: '' }, 'skuId', 'SKU ID is required!'],
      [{ skuId: 'CP 100' }, 'skuId', 'SKU ID must not contain space'],
      [{ skuId: 'CP(100)' }, 'skuId', 'SKU ID must not contain brackets'],
      [{ productTitle: ' ' }, 'productTitle', 'Item Name is required!'],
      [{ productId: '' }, 'productId', 'Product ID is required!'],
      [{ category: '' }, 'category', 'Category is required!'],
      [{ active: undefined }, 'active', 'Status is required!'],
      [{ price: '' }, 'price', 'Price is required!'],
      [{ price: 'twelve' }, 'price', 'Price must be a number'],
      [{ basePrice: '1,200' }, 'basePrice', 'Base Price must be a number'],
      [{ margin: 'x' }, 'margin', 'Margin must be a number'],
      [{ distributorMargin: '5%' }, 'distributorMargin', 'Distributor Margin must be a number'],
      [{ dimensions: { length: '', breadth: '8', height: '4' } }, 'dimensions.length', 'Length is required!'],
      [{ dimensions: { length: '12', breadth: 'wide', height: '4' } }, 'dimensions.breadth', 'Breadth must be a number'],
      [{ dimensions: { length: '12', breadth: '8', height: '' } }, 'dimensions.height', 'Height is required!'],
      [{ weight: '' }, 'weight', 'Weight is required!'],
      [{ weight: '0' }, 'weight', 'Weight must be a non-zero number'],
      [{ imageUrls: [] }, 'imageUrls', 'Image is required!'],
      [{ imageUrls: ['/api/files/product-1.gif'] }, 'imageUrls', 'Only images are allowed'],
      [{ gstPercentage: { cgst: '2.5', igst: '5' } }, 'gstPercentage.sgst', 'Please input SGST'],
      [{ gstPercentage: { sgst: '2.5', cgst: 'nine', igst: '5' } }, 'gstPercentage.cgst', 'Please input CGST'],
      [{ gstPercentage: { sgst: '2.5', cgst: '2.5', igst: '' } }, 'gstPercentage.igst', 'Please input IGST'],
      [{ gstPercentage: { sgst: '2.5', cgst: '2.5', igst: '5', utgst: 'ut' } }, 'gstPercentage.utgst', 'Please input UTGST'],
      [{ gstPercentage: { sgst: '2.5', cgst: '2.5', igst: '5', cess: '-' } }, 'gstPercentage.cess', 'Please input CESS'],
    ];
    for (const [over, path, message] of cases) {
      const r = await seller.json('/api/catalogue', { method: 'POST', body: item({ skuId: 'CP-NEW-1', imageUrls: [url], ...over }) });
      expect(r.status, path).toBe(400);
      expect(r.body.errors, path).toContainEqual({ path, message });
    }
    expect(await catalogueCount()).toBe(before);
  });

  it('refuses an image uploaded by another company', async () => {
    const d2r = await signIn(app, 'd2r@shipdesk.in', 'Distributor@1234');
    const theirs = await uploadProductImage(d2r);
    const r = await seller.json('/api/catalogue', { method: 'POST', body: item({ skuId: 'CP-IMG-2', imageUrls: [theirs] }) });
    expect(r.status).toBe(400);
  });

  it('updates an item: SKU unchanged, UTGST falls back to SGST, CESS kept only when given', async () => {
    const url = await uploadProductImage(seller);
    const created = await seller.json('/api/catalogue', { method: 'POST', body: item({ skuId: 'CP-UPD-1', imageUrls: [url] }) });
    const id = created.body.data.id;
    const r = await seller.json(`/api/catalogue/${id}`, {
      method: 'PUT',
      body: item({ skuId: 'CP-HACKED', price: '399', active: '0', imageUrls: [url], gstPercentage: { sgst: '6', cgst: '6', igst: '12', cess: '1' } }),
    });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe('Catalog Updated successfully!');
    const got = (await seller.json(`/api/catalogue/${id}`)).body.data;
    expect(got.sku).toBe('CP-UPD-1');
    expect(got.pricePaise).toBe(39900);
    expect(got.active).toBe(0);
    expect(got.gstPercentage).toEqual({ cgst: 6, sgst: 6, igst: 12, utgst: 6, cess: 1 });

    const bad = await seller.json(`/api/catalogue/${id}`, { method: 'PUT', body: item({ price: 'abc', imageUrls: [url] }) });
    expect(bad.status).toBe(400);
    expect((await seller.json(`/api/catalogue/${id}`)).body.data.pricePaise).toBe(39900);
  });

  it('keeps the catalogue read-only for admin', async () => {
    const admin = await signInDemo(app, 'admin');
    const r = await admin.json('/api/catalogue', { method: 'POST', body: item({ companyId: C0, imageUrls: ['https://cdn.example.in/a.png'] }) });
    expect(r.status).toBe(403);
    const one = await ctx.db.selectFrom('catalogue_items').select('id').where('company_id', '=', C0).executeTakeFirstOrThrow();
    const put = await admin.json(`/api/catalogue/${one.id}`, { method: 'PUT', body: item({ imageUrls: ['https://cdn.example.in/a.png'] }) });
    expect(put.status).toBe(403);
    expect(put.body.message).toBe('Catalogue is read-only for admin');
  });

  it('a warehouse user adds to a selected company, and must name it when several are selected', async () => {
    const wh = await signInDemo(app, 'warehouse');
    await wh.json('/api/auth/selected-companies', { method: 'PUT', body: { companyIds: [C0, C2] } });
    const url = await uploadProductImage(wh, C2);
    const none = await wh.json('/api/catalogue', { method: 'POST', body: item({ skuId: 'DN-WH-1', imageUrls: [url] }) });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('Please select company');
    const notSelected = await wh.json('/api/catalogue', { method: 'POST', body: item({ skuId: 'DN-WH-1', companyId: C1, imageUrls: [url] }) });
    expect(notSelected.status).toBe(404);
    const ok = await wh.json('/api/catalogue', { method: 'POST', body: item({ skuId: 'DN-WH-1', companyId: C2, imageUrls: [url] }) });
    expect(ok.status).toBe(201);
    expect(ok.body.data.companyId).toBe(C2);
  });
});
