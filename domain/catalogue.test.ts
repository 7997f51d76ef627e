import { describe, expect, it } from 'vitest';
import {
  canEditCatalogue,
  catalogueCreateSchema,
  catalogueUpdateSchema,
  normaliseGst,
  rupeesToPaise,
  toCataloguePayload,
} from './catalogue';

const valid = {
  skuId: 'CP-TEA-1', productTitle: 'Masala Chai', productId: 'CPP-1', category: 'Beverages', active: '1', price: '349.50',
  weight: '550', dimensions: { length: '20', breadth: '15', height: '10' }, imageUrls: ['/api/files/product-abc.webp'],
  gstPercentage: { sgst: '2.5', cgst: '2.5', igst: '5' },
};

function errorsOf(schema: typeof catalogueCreateSchema | typeof catalogueUpdateSchema, over: Record<string, unknown>) {
  const r = schema.safeParse({ ...valid, ...over });
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
}
const createErrors = (over: Record<string, unknown>) => errorsOf(catalogueCreateSchema, over);

describe('catalogue form schema', () => {
  it("takes the maker's GTIN in barCode only with its check digit (UPC-A, EAN-13, GTIN-14)", () => {
    for (const code of ['036000291452', '4006381333931', '10614141000415']) expect(createErrors({ barCode: code })).toEqual({});
    expect(createErrors({ barCode: '' })).toEqual({});
    const wrong = 'Barcode must be a GTIN: UPC-A (12 digits), EAN-13 or GTIN-14 (EAN-8 too) with a correct check digit';
    expect(createErrors({ barCode: '4006381333932' })).toEqual({ barCode: wrong });
    expect(createErrors({ barCode: 'ABC-123' })).toEqual({ barCode: wrong });
  });

  it('accepts typed text and numbers alike and parses them', () => {
    const r = catalogueCreateSchema.parse({ ...valid, price: 349.5, weight: 550, active: 1 });
    expect(r).toMatchObject({ price: 349.5, weight: 550, active: 1, dimensions: { length: 20, breadth: 15, height: 10 } });
    expect(r.gstPercentage).toEqual({ sgst: 2.5, cgst: 2.5, igst: 5 });
  });

  it('requires each field with "<label> is required!"', () => {
    expect(createErrors({ productTitle: '', productId: '', category: '', active: undefined, price: '', weight: '', imageUrls: [], skuId: '' })).toEqual({
      productTitle: 'Item Name is required!',
      productId: 'Product ID is required!',
      category: 'Category is required!',
      active: 'Status is required!',
      price: 'Price is required!',
      weight: 'Weight is required!',
      imageUrls: 'Image is required!',
      skuId: 'SKU ID is required!',
    });
    expect(createErrors({ dimensions: { length: '', breadth: '', height: '' } })).toEqual({
      'dimensions.length': 'Length is required!', 'dimensions.breadth': 'Breadth is required!', 'dimensions.height': 'Height is required!',
    });
  });

  it('SKU ID: no space, no brackets; only on create', () => {
    expect(createErrors({ skuId: 'CP TEA' }).skuId).toBe('SKU ID must not contain space');
    expect(createErrors({ skuId: 'CP[TEA]' }).skuId).toBe('SKU ID must not contain brackets');
    expect(createErrors({ skuId: 'CP{1}' }).skuId).toBe('SKU ID must not contain brackets');
    const update = catalogueUpdateSchema.parse({ ...valid, skuId: 'ignored on update' });
    expect('skuId' in update).toBe(false);
  });

  it('numbers: "<label> must be a number", non-zero weight, money with 2 decimals at most', () => {
    expect(createErrors({ price: '12a' }).price).toBe('Price must be a number');
    expect(createErrors({ basePrice: 'abc' }).basePrice).toBe('Base Price must be a number');
    expect(createErrors({ margin: '1.2.3' }).margin).toBe('Margin must be a number');
    expect(createErrors({ distributorMargin: '-' }).distributorMargin).toBe('Distributor Margin must be a number');
    expect(createErrors({ dimensions: { length: 'x', breadth: '1', height: '1' } })['dimensions.length']).toBe('Length must be a number');
    expect(createErrors({ weight: '0' }).weight).toBe('Weight must be a non-zero number');
    expect(createErrors({ weight: 'heavy' }).weight).toBe('Weight must be a number');
    expect(createErrors({ price: '1.005' }).price).toBe('Price can have at most 2 decimal places');
    expect(createErrors({ basePrice: '', margin: '', distributorMargin: '' })).toEqual({});
  });

  it('GST: SGST, CGST, IGST required; UTGST and CESS optional; each decimal', () => {
    expect(createErrors({ gstPercentage: {} })).toEqual({
      'gstPercentage.sgst': 'Please input SGST', 'gstPercentage.cgst': 'Please input CGST', 'gstPercentage.igst': 'Please input IGST',
    });
    expect(createErrors({ gstPercentage: { sgst: '9', cgst: '9', igst: '18', utgst: 'x', cess: 'y' } })).toEqual({
      'gstPercentage.utgst': 'Please input UTGST', 'gstPercentage.cess': 'Please input CESS',
    });
    expect(createErrors({ gstPercentage: { sgst: '9', cgst: '9', igst: '118' } })['gstPercentage.igst']).toBe('IGST must be between 0 and 100');
  });

  it('one image of jpg, jpeg, png or webp', () => {
    expect(createErrors({ imageUrls: ['/api/files/product-a.gif'] }).imageUrls).toBe('Only images are allowed');
    expect(createErrors({ imageUrls: ['https://cdn.shop.in/a.JPEG?v=2'] })).toEqual({});
    expect(createErrors({ imageUrls: ['/api/files/a.png', '/api/files/b.png'] }).imageUrls).toBe('Only one image is allowed');
  });
});

describe('catalogue payload', () => {
  it('sends weightUnit g, productType from the category, UTGST from SGST, CESS only if given', () => {
    const p = toCataloguePayload(catalogueCreateSchema.parse(valid), 'create');
    expect(p).toMatchObject({ weightUnit: 'g', productType: 'Beverages', priceCurrency: 'INR', eventType: 'create' });
    expect(p.gstPercentage).toEqual({ sgst: 2.5, cgst: 2.5, igst: 5, utgst: 2.5 });
    expect(normaliseGst({ sgst: 6, cgst: 6, igst: 12, utgst: 4, cess: 0 })).toEqual({ sgst: 6, cgst: 6, igst: 12, utgst: 4, cess: 0 });
  });

  it('converts rupees to paise exactly', () => {
    expect(rupeesToPaise('1249.5')).toBe(124950);
    expect(rupeesToPaise(0.29)).toBe(29);
    expect(rupeesToPaise('1.005')).toBeNull();
    expect(rupeesToPaise('-1')).toBeNull();
  });

  it('offers Edit only off admin and on the manual catalogue', () => {
    expect(canEditCatalogue('seller', 'manual')).toBe(true);
    expect(canEditCatalogue('warehouse', 'manual')).toBe(true);
    expect(canEditCatalogue('admin', 'manual')).toBe(false);
    expect(canEditCatalogue('seller', 'shopify')).toBe(false);
  });
});
