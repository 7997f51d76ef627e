import { describe, expect, it } from 'vitest';
import {
  actionRefusal,
  availableActions,
  bulkCancelQuerySchema,
  bulkReadyToShipSchema,
  cancelOrderSchema,
  decodeCursor,
  dueDateInWindow,
  effectiveStatuses,
  encodeCursor,
  istDayEnd,
  istDayStart,
  moreFiltersLabel,
  orderListQuerySchema,
  ORDER_SECTIONS,
  returnQuantityError,
  sectionByKey,
  sectionCount,
  STATUS_TABS,
  statusTabCount,
  statusTabOf,
  landingStatusTab,
  servesSpecialZones,
  serviceability,
  type OrderActionKey,
  type OrderFacts,
} from './orders';
import type { Role } from './roles';

const order = (over: Partial<OrderFacts> = {}): OrderFacts => ({
  status: 'PLACED',
  shopType: 'shopify',
  orderType: 0,
  paymentMode: 'prepaid',
  inventoryBlocked: true,
  hasAwb: false,
  clickpostActive: false,
  whatsappNdrActive: false,
  ...over,
});
const can = (o: OrderFacts, role: Role, k: OrderActionKey) => availableActions(o, { role }).includes(k);

describe('sidebar sections', () => {
  it('maps each section to the spec status filter', () => {
    expect(effectiveStatuses('all')).toBeNull();
    expect(effectiveStatuses('unserviceable')).toEqual(['UNSERVICEABLE']);
    expect(effectiveStatuses('ndr')).toEqual(['UNDELIVERED', 'RTO_UNDELIVERED']);
    expect(new Set(effectiveStatuses('returns'))).toEqual(
      new Set(['RTO_IN_TRANSIT', 'RTO_DELIVERED', 'RTO_OUT_FOR_DELIVERY', 'RTO_PROCESSED', 'DTO_IN_TRANSIT', 'DTO_DELIVERED', 'DTO_OUT_FOR_DELIVERY', 'DTO_PROCESSED']),
    );
  });

  it('narrows a section by the chosen statuses and never widens it', () => {
    expect(effectiveStatuses('all', ['PLACED', 'DELIVERED'])).toEqual(['PLACED', 'DELIVERED']);
    expect(effectiveStatuses('ndr', ['UNDELIVERED', 'PLACED'])).toEqual(['UNDELIVERED']);
    expect(effectiveStatuses('returns', ['PLACED'])).toEqual([]);
  });

  it('numbers the sections as the original page (1 All, 2 Missed Orders, 7 customer requests)', () => {
    expect(sectionByKey(1)?.label).toBe('All');
    expect(sectionByKey(2)?.view).toBe('missed');
    expect(sectionByKey(7)?.view).toBe('customerRequests');
    expect(ORDER_SECTIONS.map((s) => s.label)).toEqual(['All', 'Missed Orders', 'Unserviceable', 'Returns', 'NDRs', 'User Requests (NDR)']);
  });

  it('counts a section from per-status counts', () => {
    const counts = { PLACED: 5, UNDELIVERED: 2, RTO_UNDELIVERED: 1, DTO_DELIVERED: 4 };
    expect(sectionCount('all', counts)).toBe(12);
    expect(sectionCount('ndr', counts)).toBe(3);
    expect(sectionCount('returns', counts)).toBe(4);
    expect(sectionCount('unserviceable', counts)).toBe(0);
  });

  it('has the status tabs New, Ready To Ship, In Transit, NDR, Delivered, RTO, All, each counted once', () => {
    expect(STATUS_TABS.map((t) => t.label)).toEqual(['New', 'Ready To Ship', 'In Transit', 'NDR', 'Delivered', 'RTO', 'All']);
    const counts = { PLACED: 5, PROCESSED: 1, READY_TO_SHIP: 2, IN_TRANSIT: 3, UNDELIVERED: 2, RTO_UNDELIVERED: 1, RTO_IN_TRANSIT: 4, DELIVERED: 7, CANCELLED: 9 };
    const by = (name: string) => statusTabCount(STATUS_TABS.find((t) => t.name === name)!, counts);
    expect([by('new'), by('ready'), by('transit'), by('ndr'), by('delivered'), by('rto'), by('all')]).toEqual([6, 2, 3, 3, 7, 4, 34]);
  });

  it('finds the status tab a status filter is, whatever its order, and none for another choice', () => {
    expect(statusTabOf(undefined)?.name).toBe('all');
    expect(statusTabOf('PROCESSED,PLACED')?.name).toBe('new');
    expect(statusTabOf('DELIVERED')?.name).toBe('delivered');
    expect(statusTabOf('PLACED')).toBeNull();
  });

  it('lands on New when it has orders (placed or processed), else on All', () => {
    expect(landingStatusTab({ PLACED: 0, PROCESSED: 1, DELIVERED: 7 }).name).toBe('new');
    expect(landingStatusTab({ PLACED: 0, READY_TO_SHIP: 4, DELIVERED: 7 }).name).toBe('all');
    expect(landingStatusTab({}).name).toBe('all');
  });

  it('labels hidden filter tags', () => {
    expect(moreFiltersLabel(2)).toBe('+2 more filters');
  });
});

describe('the list query', () => {
  it('defaults to the All section, newest first by id, 50 a page', () => {
    const q = orderListQuerySchema.parse({});
    expect(q).toMatchObject({ tab: 'all', sortField: 'id', sortOrder: 'DESC', pageSize: 50, dir: 'next' });
  });

  it('reads statuses as a comma list or repeated params', () => {
    expect(orderListQuerySchema.parse({ status: 'PLACED,DELIVERED' }).status).toEqual(['PLACED', 'DELIVERED']);
    expect(orderListQuerySchema.parse({ status: ['PLACED', 'PLACED'] }).status).toEqual(['PLACED']);
    expect(orderListQuerySchema.safeParse({ status: 'NOPE' }).success).toBe(false);
  });

  it('refuses a reversed date range, a far offset page and a cursor of another sort', () => {
    expect(orderListQuerySchema.safeParse({ from: '2026-11-10', to: '2026-11-01' }).success).toBe(false);
    expect(orderListQuerySchema.safeParse({ page: '500' }).success).toBe(false);
    expect(orderListQuerySchema.safeParse({ page: 'last' }).success).toBe(true);
    const c = encodeCursor({ sortField: 'id', value: '2026-11-01T00:00:00.000Z', id: 'x' });
    expect(orderListQuerySchema.safeParse({ cursor: c }).success).toBe(true);
    expect(orderListQuerySchema.safeParse({ cursor: c, sortField: 'totalPaise' }).success).toBe(false);
    expect(orderListQuerySchema.safeParse({ cursor: 'garbage!' }).success).toBe(false);
  });

  it('round-trips cursors and rejects malformed ones', () => {
    const c = { sortField: 'totalPaise' as const, value: 129900, id: '01a1f683-1a95-7513-b69f-fc10ed562ef4' };
    expect(decodeCursor(encodeCursor(c))).toEqual(c);
    expect(decodeCursor(btoa(JSON.stringify(['totalPaise', '12', 'x'])))).toBeNull();
    expect(decodeCursor(btoa(JSON.stringify(['nope', 'a', 'x'])))).toBeNull();
  });

  it('makes date filters whole Indian days', () => {
    expect(istDayStart('2026-11-01')).toBe('2026-10-31T18:30:00.000Z');
    expect(istDayEnd('2026-11-01')).toBe('2026-11-01T18:29:59.999Z');
  });
});

describe('order actions by state (the transition table)', () => {
  it('offers READY TO SHIP, package and customer edits only in PLACED', () => {
    for (const role of ['admin', 'seller', 'warehouse'] as const) {
      expect(can(order(), role, 'readyToShip')).toBe(true);
      expect(can(order({ status: 'READY_TO_SHIP' }), role, 'readyToShip')).toBe(false);
      expect(can(order(), role, 'changeShippingPackage')).toBe(true);
      expect(can(order({ status: 'SHIPPED' }), role, 'changeShippingPackage')).toBe(false);
    }
    expect(can(order({ status: 'UNSERVICEABLE' }), 'seller', 'editCustomer')).toBe(true);
    expect(can(order({ status: 'DELIVERED' }), 'seller', 'editCustomer')).toBe(false);
  });

  it('edits order details of manual orders only', () => {
    expect(can(order({ shopType: 'manual' }), 'seller', 'editOrderDetails')).toBe(true);
    expect(can(order({ shopType: 'manual_fbw' }), 'seller', 'editOrderDetails')).toBe(true);
    expect(can(order({ shopType: 'shopify' }), 'seller', 'editOrderDetails')).toBe(false);
  });

  it('keeps weight, warehouse and quantity changes, unblock, revert and credit notes for admins', () => {
    for (const k of ['changeWeight', 'reassignWarehouse', 'updateQuantities'] as const) {
      expect(can(order(), 'admin', k)).toBe(true);
      expect(can(order(), 'seller', k)).toBe(false);
      expect(actionRefusal(order(), { role: 'seller' }, k)?.status).toBe(403);
    }
    expect(can(order({ status: 'CANCELLED' }), 'admin', 'revertToPlaced')).toBe(true);
    expect(can(order({ status: 'CANCELLED' }), 'seller', 'revertToPlaced')).toBe(false);
    expect(can(order({ status: 'DELIVERED' }), 'admin', 'revertToPlaced')).toBe(false);
  });

  it('cancels as the spec lists: retailer delivered (admin), placed manual, seller panel states, Clickpost in transit', () => {
    const retailerDelivered = order({ status: 'DELIVERED', orderType: 2 });
    expect(can(retailerDelivered, 'admin', 'cancel')).toBe(true);
    expect(can(retailerDelivered, 'seller', 'cancel')).toBe(false);
    expect(can(order({ status: 'DELIVERED' }), 'admin', 'cancel')).toBe(false);
    expect(can(order({ shopType: 'manual' }), 'admin', 'cancel')).toBe(true);
    expect(can(order({ shopType: 'shopify' }), 'admin', 'cancel')).toBe(false);
    for (const status of ['PLACED', 'PROCESSED', 'READY_TO_SHIP', 'SHIPPED', 'IN_TRANSIT', 'OUT_FOR_DELIVERY']) {
      expect(can(order({ status }), 'seller', 'cancel')).toBe(true);
      // the seller panel's, not the warehouse's
      expect(can(order({ status }), 'warehouse', 'cancel')).toBe(false);
    }
    expect(can(order({ status: 'DELIVERED' }), 'seller', 'cancel')).toBe(false);
    expect(can(order({ status: 'IN_TRANSIT' }), 'admin', 'cancel')).toBe(false);
    expect(can(order({ status: 'IN_TRANSIT', clickpostActive: true }), 'admin', 'cancel')).toBe(true);
    expect(can(order({ status: 'SHIPPED', clickpostActive: true }), 'admin', 'cancel')).toBe(false);
  });

  it('unblocks inventory under the cancel conditions and only while it is blocked', () => {
    expect(can(order({ shopType: 'manual' }), 'admin', 'unblockInventory')).toBe(true);
    expect(can(order({ shopType: 'manual', inventoryBlocked: false }), 'admin', 'unblockInventory')).toBe(false);
    expect(can(order({ status: 'SHIPPED' }), 'admin', 'unblockInventory')).toBe(false);
  });

  it('marks delivered from READY_TO_SHIP: admin for manual shop types, others only manual fulfilled-by-warehouse', () => {
    const rts = (shopType: string) => order({ status: 'READY_TO_SHIP', shopType });
    expect(can(rts('manual'), 'admin', 'markDelivered')).toBe(true);
    expect(can(rts('manual_fbw'), 'admin', 'markDelivered')).toBe(true);
    expect(can(rts('shopify'), 'admin', 'markDelivered')).toBe(false);
    expect(can(rts('manual'), 'seller', 'markDelivered')).toBe(false);
    expect(can(rts('manual_fbw'), 'seller', 'markDelivered')).toBe(true);
    expect(can(order({ shopType: 'manual_fbw' }), 'seller', 'markDelivered')).toBe(false);
    expect(actionRefusal(order({ shopType: 'manual_fbw' }), { role: 'seller' }, 'markDelivered')?.status).toBe(409);
  });

  it('schedules a return when delivered or after a cancelled return, and cancels a placed return', () => {
    expect(can(order({ status: 'DELIVERED' }), 'seller', 'scheduleReturn')).toBe(true);
    expect(can(order({ status: 'DTO_CANCELLED' }), 'seller', 'scheduleReturn')).toBe(true);
    expect(can(order({ status: 'IN_TRANSIT' }), 'seller', 'scheduleReturn')).toBe(false);
    expect(can(order({ status: 'DTO_PLACED' }), 'seller', 'cancelReturn')).toBe(true);
    expect(can(order({ status: 'DTO_IN_TRANSIT' }), 'seller', 'cancelReturn')).toBe(false);
  });

  it('shows WhatsApp messages only for companies with the NDR module, credit notes only for delivered retailer orders', () => {
    expect(can(order({ whatsappNdrActive: true }), 'seller', 'whatsappMessages')).toBe(true);
    expect(can(order(), 'seller', 'whatsappMessages')).toBe(false);
    expect(can(order({ status: 'DELIVERED', orderType: 2 }), 'admin', 'generateCreditNote')).toBe(true);
    expect(can(order({ status: 'DELIVERED', orderType: 1 }), 'admin', 'generateCreditNote')).toBe(false);
    expect(can(order({ status: 'READY_TO_SHIP', orderType: 2 }), 'admin', 'generateCreditNote')).toBe(false);
  });

  it('regenerates documents of shipped-out orders with an AWB, never of cancelled ones', () => {
    expect(can(order({ status: 'READY_TO_SHIP', hasAwb: true }), 'seller', 'regenerateDocuments')).toBe(true);
    expect(can(order({ status: 'PLACED' }), 'seller', 'regenerateDocuments')).toBe(false);
    expect(can(order({ status: 'CANCELLED', hasAwb: true }), 'seller', 'regenerateDocuments')).toBe(false);
  });

  it('lets sellers and warehouse users clone any order', () => {
    expect(can(order({ status: 'DELIVERED' }), 'seller', 'clone')).toBe(true);
    expect(can(order({ status: 'CANCELLED' }), 'warehouse', 'cloneEdit')).toBe(true);
  });
});

describe('action inputs', () => {
  it('caps the cancel reason at 500 characters', () => {
    expect(cancelOrderSchema.safeParse({ reason: 'x'.repeat(500) }).success).toBe(true);
    const r = cancelOrderSchema.safeParse({ reason: 'x'.repeat(501) });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0].message).toBe('Reason cannot be more than 500 characters');
  });

  it('checks return quantities against the ordered ones', () => {
    const ordered = new Map([['a', 2], ['b', 1]]);
    expect(returnQuantityError([{ id: 'a', returnQuantity: 3 }], ordered)).toBe('Return quantity cannot be greater than actual');
    expect(returnQuantityError([{ id: 'a', returnQuantity: 0 }, { id: 'b', returnQuantity: 0 }], ordered)).toBe('Return quantity cannot be zero');
    expect(returnQuantityError([{ id: 'a', returnQuantity: 2 }, { id: 'b', returnQuantity: 0 }], ordered)).toBeNull();
  });

  it('accepts a credit due date from today to 60 days ahead', () => {
    expect(dueDateInWindow('2026-11-22', '2026-11-22')).toBe(true);
    expect(dueDateInWindow('2027-01-21', '2026-11-22')).toBe(true);
    expect(dueDateInWindow('2027-01-22', '2026-11-22')).toBe(false);
    expect(dueDateInWindow('2026-11-21', '2026-11-22')).toBe(false);
  });

  it('needs at least one order for bulk actions and at most 50 to cancel', () => {
    expect(bulkReadyToShipSchema.safeParse({ orderids: ' , ' }).error?.issues[0].message).toBe('Select atleast 1 order!');
    expect(bulkReadyToShipSchema.parse({ orderids: 'a,b,a' }).orderids).toEqual(['a', 'b']);
    const many = Array.from({ length: 51 }, (_, i) => `o${i}`).join(',');
    expect(bulkCancelQuerySchema.safeParse({ orderIds: many }).error?.issues[0].message).toBe('Limit to bulk cancel placed orders is 50');
    expect(bulkCancelQuerySchema.safeParse({}).error?.issues[0].message).toBe('Select atleast 1 order!');
  });
});

describe('serviceability', () => {
  it('needs a known pincode, and a courier serving special zones there', () => {
    expect(serviceability('999999', null, true).ok).toBe(false);
    expect(serviceability('560001', { isSpecial: false }, false).ok).toBe(true);
    expect(serviceability('194101', { isSpecial: true }, false).ok).toBe(false);
    expect(serviceability('194101', { isSpecial: true }, true).ok).toBe(true);
    expect(servesSpecialZones('{"special":6}')).toBe(true);
    expect(servesSpecialZones({ same_city: 1 })).toBe(false);
    expect(servesSpecialZones('not json')).toBe(false);
  });
});
