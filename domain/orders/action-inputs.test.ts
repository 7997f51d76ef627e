import { describe, expect, it } from 'vitest';
import { bulkCancelQuerySchema, bulkReadyToShipSchema, cancelOrderSchema, dueDateInWindow, returnQuantityError } from './action-inputs';

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
