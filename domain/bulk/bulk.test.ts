import { describe, expect, it } from 'vitest';
import { BULK_DEFS, BULK_TYPES, bulkTypesFor, type BulkType } from './types';
import { bulkRowSchema, bulkSubmitSchema, cellText, matchHeaders, rowErrors, rowsFromMatrix, validateRows, MAX_ROWS_MSG } from './validate';

/** A row of the type made of the template's examples (a valid row), with some cells replaced. */
function row(type: BulkType, over: Record<string, string> = {}) {
  const r: Record<string, string> = {};
  for (const c of BULK_DEFS[type].columns) r[c.key] = c.example;
  if (type === 'wsin-map') r.catalogueId = 'cat-1';
  if (type === 'd2r-discount') r.catalogueId = 'cat-1';
  return { ...r, ...over };
}
const reasonOf = (type: BulkType, over: Record<string, string>, col: string) => rowErrors(type, row(type, over), 1).find((e) => e.col === col)?.reason ?? null;

describe('every template example row is valid', () => {
  for (const type of BULK_TYPES) {
    it(type, () => {
      expect(rowErrors(type, row(type), 1)).toEqual([]);
      expect(bulkRowSchema(type).safeParse(row(type)).success).toBe(true);
    });
  }
});

describe('column orders (part 2 §9)', () => {
  it('orders has 32 columns A..AF in the spec order', () => {
    const keys = BULK_DEFS.orders.columns.map((c) => c.key);
    expect(keys).toHaveLength(32);
    expect(keys.join(',')).toBe(
      'id,length,breadth,height,weight,paymentMethod,itemName,itemQuantity,discount,sku,name,phone,email,line1,line2,city,state,pincode,awb,deliveryPartner,shippingLabelUrl,invoiceUrl,shippingPrice,itemPrice,ewayBill,warehouseId,backdate,purchaseOrderNumber,isb2bOrder,isD2ROrder,beatId,dueDate',
    );
  });
  it("catalogues has the spec's 18 columns A..R, then the optional barCode (S); external retailers 24 (A..X)", () => {
    expect(BULK_DEFS.catalogues.columns.map((c) => c.key).join(',')).toBe(
      'itemName,productId,sku,hsnCode,category,status,price,length,breadth,height,weight,sgst,cgst,igst,utgst,basePrice,margin,distributorMargin,barCode',
    );
    expect(BULK_DEFS['external-retailers'].columns).toHaveLength(24);
  });
  it('the small sets', () => {
    const keys = (t: BulkType) => BULK_DEFS[t].columns.map((c) => c.key).join(',');
    expect(keys('inventory')).toBe('wsin,inboundAccepted,inboundRejected,remarks');
    expect(keys('wsin-upload')).toBe('productName,wsin');
    expect(keys('wsin-map')).toBe('catalogueId,productTitle,productType,wsinMap');
    expect(keys('shipping-charge-adjustment')).toBe('awb,shippingPrice,isDto');
    expect(keys('cod-remittance')).toBe('awb,codAmount,remittanceStatus');
    expect(keys('d2r-discount')).toBe('catalogueId,discount');
    expect(keys('d2r-beats')).toBe('Name,Description,salesmanId,retailerIds');
    expect(keys('lightning-orders')).toBe('referenceId,quantity,weight,totalPrice,paymentMethod,shippingPersonName,phone,email,addressLine1,addressLine2,city,state,pincode,awb');
  });
});

describe('orders rules (part 2 §5)', () => {
  it.each([
    ['id', '', 'id is required'],
    ['length', '', 'length is required'],
    ['length', '0', 'length must be a number of at least 1'],
    ['breadth', 'abc', 'breadth must be a number of at least 1'],
    ['height', '0.5', 'height must be a number of at least 1'],
    ['weight', '0', 'weight must be a number of at least 1'],
    ['itemQuantity', '0', 'itemQuantity must be a number of at least 1'],
    ['itemQuantity', '1.5', 'itemQuantity must be a whole number'],
    ['itemName', '', 'itemName is required'],
    ['sku', '', 'sku is required'],
    ['sku', 'A B', 'SKU ID must not contain space'],
    ['discount', '', 'discount is required'],
    ['discount', '101', 'Discount must be between 0 and 100'],
    ['paymentMethod', 'card', 'paymentMethod must be one of cod, prepaid, credit'],
    ['name', 'Al', 'name must be at least 3 characters'],
    ['line1', 'ab', 'line1 must be at least 3 characters'],
    ['city', 'X', 'city must be at least 3 characters'],
    ['state', 'MH', 'state must be at least 3 characters'],
    ['phone', '98765', 'Phone number must be 10 digits'],
    ['email', 'not-an-email', 'Email is not valid!'],
    ['pincode', '40001', 'Pincode must be exactly 6 digits'],
    ['pincode', '40000A', 'Pincode must be exactly 6 digits'],
    ['awb', 'ABC', 'AWB must be 4 to 15 characters'],
    ['awb', 'A'.repeat(16), 'AWB must be 4 to 15 characters'],
    ['awb', 'AB-C', 'AWB must be 4 to 15 characters'],
    ['awb', 'AB/12345', 'AWB must be 4 to 15 letters or digits'],
    ['shippingPrice', '-1', 'shippingPrice must be a number of at least 0'],
    ['shippingPrice', '49.999', 'shippingPrice can have at most 2 decimal places'],
    ['isb2bOrder', 'maybe', 'isb2bOrder must be yes or no'],
    ['isD2ROrder', 'y', 'isD2ROrder must be yes or no'],
    ['backdate', '31/12/2026', 'Date must be a valid date (YYYY-MM-DD)'],
  ])('%s = %j → %s', (col, value, reason) => {
    expect(reasonOf('orders', { [col]: value }, col)).toBe(reason);
  });
  it('accepts the allowed values', () => {
    for (const pm of ['cod', 'prepaid', 'credit', 'COD']) expect(reasonOf('orders', { paymentMethod: pm }, 'paymentMethod')).toBeNull();
    for (const yn of ['yes', 'no', 'YES', '']) expect(reasonOf('orders', { isb2bOrder: yn }, 'isb2bOrder')).toBeNull();
    expect(reasonOf('orders', { awb: 'ABCD' }, 'awb')).toBeNull();
    expect(reasonOf('orders', { awb: 'A'.repeat(15) }, 'awb')).toBeNull();
    expect(reasonOf('orders', { awb: 'bd-1000 000006' }, 'awb')).toBeNull();
    expect(reasonOf('orders', { email: '' }, 'email')).toBeNull();
    expect(reasonOf('orders', { shippingPrice: '0' }, 'shippingPrice')).toBeNull();
    expect(reasonOf('orders', { shippingPrice: '49.5' }, 'shippingPrice')).toBeNull();
  });
});

describe('catalogue rules', () => {
  it.each([
    ['productId', 'P'.repeat(37), 'Product ID must be at most 36 characters'],
    ['sku', 'A(1)', 'SKU ID must not contain brackets'],
    ['itemName', '', 'itemName is required'],
    ['hsnCode', '', 'hsnCode is required'],
    ['category', '', 'category is required'],
    ['price', '-5', 'price must be a number of at least 0'],
    ['weight', 'x', 'weight must be a number of at least 0'],
    ['sgst', '-1', 'sgst must be a number of at least 0'],
    ['margin', '-1', 'margin must be a number of at least 0'],
    ['status', 'Maybe', 'status must be one of Active, InActive, 1, 0'],
    // EAN-13 4006381333931 with its last digit changed.
    ['barCode', '4006381333932', 'Barcode must be a GTIN: UPC-A (12 digits), EAN-13 or GTIN-14 (EAN-8 too) with a correct check digit'],
  ])('%s = %j → %s', (col, value, reason) => {
    expect(reasonOf('catalogues', { [col]: value }, col)).toBe(reason);
  });
  it('a GTIN with its check digit is allowed, as is no barCode', () => {
    for (const code of ['4006381333931', '036000291452', '10614141000415', '']) expect(reasonOf('catalogues', { barCode: code }, 'barCode')).toBeNull();
  });
  it('36 characters is allowed', () => expect(reasonOf('catalogues', { productId: 'P'.repeat(36) }, 'productId')).toBeNull());
});

describe('other types', () => {
  it('lightning: cod or prepaid only', () => {
    expect(reasonOf('lightning-orders', { paymentMethod: 'credit' }, 'paymentMethod')).toBe('paymentMethod must be one of cod, prepaid');
    expect(reasonOf('lightning-orders', { paymentMethod: 'prepaid' }, 'paymentMethod')).toBeNull();
  });
  it('COD remittance: due or paid', () => {
    expect(reasonOf('cod-remittance', { remittanceStatus: 'processing' }, 'remittanceStatus')).toBe('remittanceStatus must be one of due, paid');
    expect(reasonOf('cod-remittance', { remittanceStatus: 'DUE' }, 'remittanceStatus')).toBeNull();
    expect(reasonOf('cod-remittance', { awb: '' }, 'awb')).toBe('awb is required');
  });
  it('external retailers: class A to E, type and cluster from their lists, valid phone', () => {
    expect(reasonOf('external-retailers', { class: 'F' }, 'class')).toBe('class must be one of A, B, C, D, E');
    expect(reasonOf('external-retailers', { class: 'e' }, 'class')).toBeNull();
    expect(reasonOf('external-retailers', { type: 'Mall' }, 'type')).toMatch(/^type must be one of Kirana/);
    // The cluster list is the admin console's clusters, which only the server knows: the sheet checks a name is there.
    expect(reasonOf('external-retailers', { cluster: '' }, 'cluster')).toBe('cluster is required');
    const withClusters = bulkRowSchema('external-retailers', { clusters: ['Mumbai Metro', 'NCR'] });
    const clusterIssue = (cluster: string) => {
      const r = withClusters.safeParse(row('external-retailers', { cluster }));
      return r.success ? null : (r.error.issues.find((i) => i.path[0] === 'cluster')?.message ?? null);
    };
    expect(clusterIssue('Mars')).toBe('Unknown cluster: Mars. cluster must be one of Mumbai Metro, NCR');
    expect(clusterIssue('ncr')).toBeNull();
    expect(bulkRowSchema('external-retailers', { clusters: [] }).safeParse(row('external-retailers')).success).toBe(false);
    expect(reasonOf('external-retailers', { phone: '12345' }, 'phone')).toBe('Phone number must be 10 digits');
  });
  it('key fields of the other sets are required', () => {
    expect(reasonOf('inventory', { wsin: '' }, 'wsin')).toBe('wsin is required');
    expect(reasonOf('inventory', { inboundAccepted: '-1' }, 'inboundAccepted')).toBe('inboundAccepted must be a number of at least 0');
    expect(reasonOf('wsin-upload', { productName: '' }, 'productName')).toBe('productName is required');
    expect(reasonOf('wsin-map', { wsinMap: 'A:0' }, 'wsinMap')).toBe('wsinMap must be WSIN or WSIN:units, separated by commas');
    expect(reasonOf('wsin-map', { wsinMap: 'A:2, B' }, 'wsinMap')).toBeNull();
    expect(reasonOf('shipping-charge-adjustment', { isDto: 'x' }, 'isDto')).toBe('isDto must be yes or no');
    expect(reasonOf('d2r-discount', { catalogueId: '' }, 'catalogueId')).toBe('catalogueId is required');
    expect(reasonOf('d2r-beats', { Name: '' }, 'Name')).toBe('Name is required');
  });
});

describe('reading sheets', () => {
  it('matches headers by name, in any order and case', () => {
    const { rows, header } = rowsFromMatrix('cod-remittance', [['Remittance Status', 'AWB', 'cod_amount'], ['paid', 'SD123456', 499]]);
    expect(header.problems).toEqual([]);
    expect(rows).toEqual([{ awb: 'SD123456', codAmount: '499', remittanceStatus: 'paid' }]);
  });
  it('names a missing or unknown column', () => {
    const m = matchHeaders('cod-remittance', ['awb', 'codAmount', 'status', 'colour']);
    // 'status' sits where remittanceStatus belongs and takes its place; 'colour' is unknown.
    expect(m.keys).toEqual(['awb', 'codAmount', 'remittanceStatus', null]);
    expect(m.problems).toEqual(['Unknown column: colour']);
    expect(matchHeaders('cod-remittance', ['awb', 'codAmount']).problems).toEqual(['Missing column: remittanceStatus']);
  });
  it('a first row naming no column is data read by position', () => {
    const { rows, header } = rowsFromMatrix('inventory', [['WCP1', '5', '0', 'x']]);
    expect(header.headerless).toBe(true);
    expect(rows[0]).toEqual({ wsin: 'WCP1', inboundAccepted: '5', inboundRejected: '0', remarks: 'x' });
  });
  it('keeps leading zeros of text, writes Excel numbers and dates as text, drops blank rows', () => {
    expect(cellText('0123456789')).toBe('0123456789');
    expect(cellText(400001)).toBe('400001');
    expect(cellText(9876543210)).toBe('9876543210');
    expect(cellText(0.1 + 0.2)).toBe('0.3');
    expect(cellText(new Date('2026-11-20T00:00:00Z'))).toBe('2026-11-20');
    expect(cellText({ richText: [{ text: 'Ma' }, { text: 'in' }] })).toBe('Main');
    expect(cellText({ formula: 'A1', result: 7 })).toBe('7');
    const { rows } = rowsFromMatrix('wsin-upload', [['productName', 'wsin'], ['', ''], ['Tea', '']]);
    expect(rows).toHaveLength(1);
  });
  it('validateRows numbers rows from 1 over the data', () => {
    const errs = validateRows('cod-remittance', [row('cod-remittance'), row('cod-remittance', { remittanceStatus: 'x' })]);
    expect(errs).toEqual([{ row: 2, col: 'remittanceStatus', reason: 'remittanceStatus must be one of due, paid', value: 'x' }]);
  });
  it('a submit holds at most 100 rows', () => {
    const rows = Array.from({ length: 101 }, () => ({ awb: 'x' }));
    expect(bulkSubmitSchema.safeParse({ rows }).error?.issues[0].message).toBe(MAX_ROWS_MSG);
    expect(MAX_ROWS_MSG).toBe('Maximum 100 rows are allowed at a time');
  });
  it('roles see their types', () => {
    expect(bulkTypesFor('admin')).toEqual(['cod-remittance', 'shipping-charge-adjustment']);
    expect(bulkTypesFor('seller')).toContain('orders');
    expect(bulkTypesFor('warehouse')).toContain('inventory');
    expect(bulkTypesFor('seller')).not.toContain('inventory');
  });
});
