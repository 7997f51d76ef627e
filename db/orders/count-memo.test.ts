import { describe, expect, it } from 'vitest';
import { MAX_AGE_MS, MAX_ENTRIES, rememberedCount } from './count-memo';
import type { OrderListFilter } from './list-filter';

const f: OrderListFilter = { companyIds: ['c1'], statuses: null, q: 'anika' };

/** A count that says how often it was made. */
function counter() {
  let n = 0;
  return { made: () => n, count: async () => ++n };
}

describe('remembered list counts', () => {
  it('counts again when the version moves, and not before', async () => {
    const db = {};
    const c = counter();
    const memo = { version: 7, scope: ['c1'] };
    expect(await rememberedCount(db, memo, f, 'total', c.count, 0)).toBe(1);
    expect(await rememberedCount(db, memo, { ...f, q: ' anika ' }, 'total', c.count, 1)).toBe(1);
    expect(await rememberedCount(db, { ...memo, version: 8 }, f, 'total', c.count, 2)).toBe(2);
    expect(c.made()).toBe(2);
  });

  it('keeps scopes, filters, databases and kinds of count apart', async () => {
    const db = {};
    const c = counter();
    const memo = { version: 1, scope: ['c1'] };
    await rememberedCount(db, memo, f, 'total', c.count, 0);
    await rememberedCount(db, { ...memo, scope: ['c1', 'c2'] }, f, 'total', c.count, 0);
    await rememberedCount(db, { ...memo, scope: null }, f, 'total', c.count, 0);
    await rememberedCount(db, memo, { ...f, companyIds: ['c2'] }, 'total', c.count, 0);
    await rememberedCount(db, memo, { ...f, q: 'Anika' }, 'total', c.count, 0);
    await rememberedCount(db, memo, { ...f, statuses: ['PLACED'] }, 'total', c.count, 0);
    await rememberedCount(db, memo, f, 'arms', c.count, 0);
    await rememberedCount({}, memo, f, 'total', c.count, 0);
    expect(c.made()).toBe(8);
  });

  it('keys by every field of the filter, lists in any order', async () => {
    const db = {};
    const c = counter();
    const memo = { version: 1, scope: ['c1'] };
    const all: OrderListFilter = {
      companyIds: ['c1', 'c2'], statuses: ['PLACED', 'READY_TO_SHIP'], createdFrom: '2026-11-01', createdTo: '2026-11-30', q: 'anika',
      paymentMode: 'COD', shopType: 'shopify', orderType: 1, courier: 'Delhivery', warehouseId: 'w1', pincode: '560001', sku: 'S1', beatId: 'b1',
    };
    await rememberedCount(db, memo, all, 'total', c.count, 0);
    await rememberedCount(db, memo, { ...all, companyIds: ['c2', 'c1'], statuses: ['READY_TO_SHIP', 'PLACED'] }, 'total', c.count, 0);
    expect(c.made()).toBe(1);
    const changes: Partial<OrderListFilter>[] = [
      { createdFrom: '2026-11-02' }, { createdTo: '2026-11-29' }, { paymentMode: 'Prepaid' }, { shopType: 'woocommerce' }, { orderType: 2 },
      { courier: 'Shiprocket' }, { warehouseId: 'w2' }, { pincode: '560002' }, { sku: 'S2' }, { beatId: 'b2' }, { createdFrom: undefined },
    ];
    for (const change of changes) await rememberedCount(db, memo, { ...all, ...change }, 'total', c.count, 0);
    expect(c.made()).toBe(1 + changes.length);
  });

  it('forgets an entry after MAX_AGE_MS, never remembers a cluster filter or a count without a version', async () => {
    const db = {};
    const c = counter();
    const memo = { version: 1, scope: null };
    await rememberedCount(db, memo, f, 'total', c.count, 0);
    await rememberedCount(db, memo, f, 'total', c.count, MAX_AGE_MS);
    expect(c.made()).toBe(1);
    await rememberedCount(db, memo, f, 'total', c.count, MAX_AGE_MS + 1);
    expect(c.made()).toBe(2);
    await rememberedCount(db, memo, { ...f, clusterId: 'k' }, 'total', c.count, 0);
    await rememberedCount(db, memo, { ...f, clusterId: 'k' }, 'total', c.count, 0);
    await rememberedCount(db, undefined, f, 'total', c.count, 0);
    expect(c.made()).toBe(5);
  });

  it('holds at most MAX_ENTRIES entries, dropping the least recently used', async () => {
    const db = {};
    const c = counter();
    const memo = { version: 1, scope: null };
    await rememberedCount(db, memo, { ...f, q: 'q0' }, 'total', c.count, 0);
    for (let i = 1; i <= MAX_ENTRIES; i++) {
      await rememberedCount(db, memo, { ...f, q: 'q0' }, 'total', c.count, 0); // kept in use
      await rememberedCount(db, memo, { ...f, q: `q${i}` }, 'total', c.count, 0);
    }
    expect(c.made()).toBe(MAX_ENTRIES + 1);
    await rememberedCount(db, memo, { ...f, q: 'q0' }, 'total', c.count, 0);
    expect(c.made()).toBe(MAX_ENTRIES + 1);
    await rememberedCount(db, memo, { ...f, q: 'q1' }, 'total', c.count, 0); // the oldest, dropped
    expect(c.made()).toBe(MAX_ENTRIES + 2);
  });
});
