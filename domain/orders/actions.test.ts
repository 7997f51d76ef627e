import { describe, expect, it } from 'vitest';
import { actionRefusal, availableActions, type OrderActionKey, type OrderFacts } from './actions';
import type { Role } from '../roles';

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
