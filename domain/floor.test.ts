import { describe, expect, it } from 'vitest';
import {
  approvableAs,
  checkPackedCounts,
  checkReturnLine,
  catalogueItemFor,
  describeWrongScan,
  defaultTrailRange,
  itemsToScan,
  judgeScan,
  QUANTITY_ERROR,
  requiredUnits,
  chargeableWeightG,
  PARCEL_BOX_REQUIRED,
  parcelSchema,
  resolveScan,
  volumetricWeightG,
  returnKindOf,
  returnLines,
  trailBound,
  WSIN_ERROR,
  type CatalogueDoc,
  type FloorOrderDoc,
  type FloorOrderItem,
} from './floor';

const item = (over: Partial<FloorOrderItem>): FloorOrderItem => ({ id: 'i', title: 'Masala Chai', sku: 'CP-1', quantity: 1, returnQuantity: 0, wsinMapping: { W1: 1 }, ...over });
const order = (items: FloorOrderItem[], scanned: Record<string, number> = {}): Pick<FloorOrderDoc, 'items' | 'packing'> => ({
  items,
  packing: { status: 'NOT_PACKED', scanned, packedAt: null, packedBy: null },
});

describe('packing', () => {
  it('needs item quantity x WSIN multiplier units, summed over items sharing a WSIN', () => {
    const items = [item({ quantity: 2, wsinMapping: { W1: 4 } }), item({ id: 'j', quantity: 1, wsinMapping: { W1: 1, W2: 2 } }), item({ id: 'k', sku: 'NOMAP', wsinMapping: {} })];
    expect(requiredUnits(items)).toEqual({ W1: 9, W2: 2, NOMAP: 1 });
    expect(itemsToScan(order(items, { W1: 3, W2: 5 }))).toEqual([
      { wsin: 'W1', qty: 9, scanned_qty: 3 },
      { wsin: 'W2', qty: 2, scanned_qty: 2 },
      { wsin: 'NOMAP', qty: 1, scanned_qty: 0 },
    ]);
  });

  it('judges a scan: unknown WSIN, one too many, and the scan that completes the order', () => {
    const o = order([item({ quantity: 2 }), item({ id: 'j', wsinMapping: { W2: 1 } })], { W1: 1 });
    expect(judgeScan(o, 'NOPE')).toEqual({ ok: false, ...WSIN_ERROR });
    expect(judgeScan(o, ' w1 ')).toEqual({ ok: true, wsin: 'W1', scanned: 2, required: 2, complete: false });
    expect(judgeScan(order(o.items, { W1: 2 }), 'W1')).toEqual({ ok: false, ...QUANTITY_ERROR });
    expect(judgeScan(order(o.items, { W1: 2 }), 'W2')).toMatchObject({ ok: true, complete: true });
    expect(WSIN_ERROR).toEqual({ title: 'Wsin Error', message: 'Please Scan a Valid Wsin' });
    expect(QUANTITY_ERROR).toEqual({ title: 'Quantity Error', message: 'You can not scan a wsin more than required quantity!' });
  });

  it('says what a refused scan is and what to do next', () => {
    const o = { ...order([item({ quantity: 2 }), item({ id: 'j', wsinMapping: { W2: 1 } })], { W1: 2 }), awb: 'CP10027', shopOrderId: '#1001' };
    expect(describeWrongScan(o, 'w1')).toEqual({ kind: 'extra', title: 'Quantity Error', message: 'W1 · already 2 of 2. You can not scan a wsin more than required quantity!' });
    expect(describeWrongScan(o, 'CP1000000104', { otherParcel: true })).toEqual({
      kind: 'elsewhere',
      title: 'Wsin Error',
      message: 'CP1000000104 is another parcel: finish CP10027 (2 of 3) or tap Back',
    });
    expect(describeWrongScan(o, 'WCP000009', { productTitle: 'Rose Soap' })).toEqual({
      kind: 'fail',
      title: 'Wsin Error',
      message: 'WCP000009 · Rose Soap · not in this order. Please Scan a Valid Wsin',
    });
    expect(describeWrongScan(o, ' WXYZ ')).toEqual({ kind: 'fail', title: 'Wsin Error', message: 'Unknown code WXYZ. Please Scan a Valid Wsin' });
    // Said at once, before the device has looked the code up elsewhere.
    expect(describeWrongScan(o, ' WXYZ ', { lookingUp: true })).toEqual({ kind: 'fail', title: 'Wsin Error', message: 'WXYZ · not in this order. Please Scan a Valid Wsin' });
  });

  it('accepts a submitted count only when it matches the order exactly', () => {
    const required = { W1: 2, W2: 1 };
    expect(checkPackedCounts(required, { W1: 2, W2: 1 })).toBeNull();
    expect(checkPackedCounts(required, { W1: 3, W2: 1 })).toBe(QUANTITY_ERROR.message);
    expect(checkPackedCounts(required, { W1: 2, W2: 1, W9: 1 })).toBe(WSIN_ERROR.message);
    expect(checkPackedCounts(required, { W1: 1 })).toBe('Not every item is scanned yet: W1 1/2, W2 0/1');
  });
});

describe('returns', () => {
  it('allows 0 to item quantity x multiplier units per WSIN; DTO counts only returned items', () => {
    const items = [item({ quantity: 3, wsinMapping: { W1: 2 } }), item({ id: 'j', quantity: 2, returnQuantity: 1, wsinMapping: { W2: 1 } })];
    expect(returnLines(items, 'RTO').map((l) => [l.wsin, l.max])).toEqual([['W1', 6], ['W2', 2]]);
    expect(returnLines(items, 'DTO').map((l) => [l.wsin, l.max])).toEqual([['W2', 1]]);
    expect(checkReturnLine({ wsin: 'W1', missingQuantity: 6, damageQuantity: 0 }, 6)).toBeNull();
    expect(checkReturnLine({ wsin: 'W1', missingQuantity: 7, damageQuantity: 0 }, 6)).toBe('Missing quantity must be a number from 0 to 6');
    expect(checkReturnLine({ wsin: 'W1', missingQuantity: 0, damageQuantity: -1 }, 6)).toBe('Damaged quantity must be a number from 0 to 6');
    expect(checkReturnLine({ wsin: 'W1', missingQuantity: 4, damageQuantity: 3 }, 6)).toBe('Missing and damaged units of W1 together cannot be more than 6');
  });

  it('approves RTO delivered and DTO delivered orders, and READY_TO_SHIP only for the one company', () => {
    expect(approvableAs({ status: 'RTO_DELIVERED', approveRtsReturns: false })).toBe('RTO');
    expect(approvableAs({ status: 'DTO_DELIVERED', approveRtsReturns: false })).toBe('DTO');
    expect(approvableAs({ status: 'READY_TO_SHIP', approveRtsReturns: false })).toBeNull();
    expect(approvableAs({ status: 'READY_TO_SHIP', approveRtsReturns: true })).toBe('RTO');
    expect(approvableAs({ status: 'RTO_PROCESSED', approveRtsReturns: true })).toBeNull();
  });
});

describe('a product barcode counts as its WSIN', () => {
  // EAN-13 4006381333931 (GS1 Germany sample) is the catalogue barCode of the soap line.
  const items: Pick<FloorOrderItem, 'barCode' | 'wsinMapping'>[] = [
    { barCode: '4006381333931', wsinMapping: { WSOAP1: 1 } },
    { barCode: '036000291452', wsinMapping: { WKIT1: 1, WKIT2: 2 } }, // a kit: its barcode is no one WSIN
    { wsinMapping: { WTEA1: 1 } },
  ];
  it('a bare EAN-13, the same GTIN as GTIN-14, a GS1 element string and a Digital Link', () => {
    expect(resolveScan(items, '4006381333931')).toEqual({ code: 'WSOAP1', gs1: { gtin: '04006381333931' } });
    expect(resolveScan(items, '04006381333931')).toEqual({ code: 'WSOAP1', gs1: { gtin: '04006381333931' } });
    expect(resolveScan(items, ']d20104006381333931172712311' + '0L42\u001d21S9', 2026)).toEqual({
      code: 'WSOAP1',
      gs1: { gtin: '04006381333931', expiry: '2027-12-31', lot: 'L42', serial: 'S9' },
    });
    expect(resolveScan(items, 'https://id.gs1.org/01/04006381333931/10/L42?17=271200', 2026)).toEqual({
      code: 'WSOAP1',
      gs1: { gtin: '04006381333931', lot: 'L42', expiry: '2027-12-31' },
    });
  });
  it('leaves a WSIN, an AWB, a kit barcode and a GTIN of no line as scanned', () => {
    expect(resolveScan(items, ' WTEA1 ')).toEqual({ code: 'WTEA1' });
    expect(resolveScan(items, 'CP15085874273')).toEqual({ code: 'CP15085874273' });
    expect(resolveScan(items, '036000291452')).toEqual({ code: '036000291452' });
    expect(resolveScan(items, '5901234123457')).toEqual({ code: '5901234123457' });
  });
});

describe('a code not in the order, found in the catalogue on the device', () => {
  const catalogue: Pick<CatalogueDoc, 'sku' | 'productTitle' | 'wsinMapping' | 'barCode'>[] = [
    { sku: 'SOAP-ROSE', productTitle: 'Rose Soap', wsinMapping: { WCP000009: 1 }, barCode: '4006381333931' },
    { sku: 'TEA-TULSI', productTitle: 'Tulsi Tea', wsinMapping: {}, barCode: null },
    { sku: 'OLD-DOC', productTitle: 'Pulled before barcodes', wsinMapping: { WOLD1: 1 } },
  ];
  it('by WSIN, SKU, the GTIN bare or as GTIN-14, a GS1 element string or Digital Link', () => {
    expect(catalogueItemFor(catalogue, ' wcp000009 ')?.productTitle).toBe('Rose Soap');
    expect(catalogueItemFor(catalogue, 'tea-tulsi')?.productTitle).toBe('Tulsi Tea');
    expect(catalogueItemFor(catalogue, '4006381333931')?.productTitle).toBe('Rose Soap');
    expect(catalogueItemFor(catalogue, '04006381333931')?.productTitle).toBe('Rose Soap');
    expect(catalogueItemFor(catalogue, ']d20104006381333931172712311' + '0L42\u001d21S9', 2026)?.productTitle).toBe('Rose Soap');
    expect(catalogueItemFor(catalogue, 'https://id.gs1.org/01/04006381333931/10/L42', 2026)?.productTitle).toBe('Rose Soap');
  });
  it('finds nothing for a GTIN of no product here, a bad check digit, an AWB or nothing at all', () => {
    expect(catalogueItemFor(catalogue, '5901234123457')).toBeUndefined();
    expect(catalogueItemFor(catalogue, '4006381333932')).toBeUndefined();
    expect(catalogueItemFor(catalogue, 'CP15085874273')).toBeUndefined();
    expect(catalogueItemFor(catalogue, '  ')).toBeUndefined();
  });
  it('says the GTIN with the product name', () => {
    const o = { ...order([item({ wsinMapping: { W1: 1 } })], {}), awb: 'CP10027', shopOrderId: '#1001' };
    expect(describeWrongScan(o, '4006381333931', { productTitle: catalogueItemFor(catalogue, '4006381333931')!.productTitle }).message).toBe(
      '4006381333931 · Rose Soap · not in this order. Please Scan a Valid Wsin',
    );
  });
});

describe('weight at the box', () => {
  it('volumetric weight is L x B x H / 5000 kg in grams, rounded up; the courier charges the larger', () => {
    expect(volumetricWeightG(25, 20, 12)).toBe(1200);
    expect(volumetricWeightG(21, 13, 9)).toBe(492); // 2457 / 5 = 491.4
    expect(chargeableWeightG(800, 1200)).toBe(1200);
    expect(chargeableWeightG(2150, 492)).toBe(2150);
  });
  it('a parcel needs its weight and a box: a shipping package or all three sides', () => {
    expect(parcelSchema.safeParse({ weightG: 500, packageCode: 'BOX-S' }).success).toBe(true);
    expect(parcelSchema.safeParse({ weightG: 500, lengthCm: 10, breadthCm: 10, heightCm: 10 }).success).toBe(true);
    const noBox = parcelSchema.safeParse({ weightG: 500, lengthCm: 10 });
    expect(noBox.success ? null : noBox.error.issues.map((i) => i.message)).toEqual([PARCEL_BOX_REQUIRED]);
    const noWeight = parcelSchema.safeParse({ packageCode: 'BOX-S' });
    expect(noWeight.success ? null : noWeight.error.issues[0].message).toBe('Please enter your Weight!');
  });
});

describe('return kind', () => {
  it('is the type an order is approved as, else its status says it; none for an order that is no return', () => {
    expect(returnKindOf({ status: 'RTO_DELIVERED', approveRtsReturns: false })).toBe('RTO');
    expect(returnKindOf({ status: 'DTO_DELIVERED', approveRtsReturns: false })).toBe('DTO');
    expect(returnKindOf({ status: 'READY_TO_SHIP', approveRtsReturns: true })).toBe('RTO');
    expect(returnKindOf({ status: 'DTO_PROCESSED', approveRtsReturns: false })).toBe('DTO');
    expect(returnKindOf({ status: 'RTO_IN_TRANSIT', approveRtsReturns: false })).toBe('RTO');
    expect(returnKindOf({ status: 'READY_TO_SHIP', approveRtsReturns: false })).toBeNull();
    expect(returnKindOf({ status: 'DELIVERED', approveRtsReturns: false })).toBeNull();
  });
});

describe('inventory trail range', () => {
  it('defaults to 30 days back to tomorrow as YYYY/MM/DD', () => {
    expect(defaultTrailRange(Date.parse('2026-11-22T10:00:00Z'))).toEqual({ start: '2026/10/23', end: '2026/11/23' });
    expect(trailBound('2026/10/23')).toBe('2026-10-23T00:00:00.000Z');
  });
});
