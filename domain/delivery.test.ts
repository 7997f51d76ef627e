import { describe, expect, it } from 'vitest';
import { journeyTally } from './admin';
import {
  activeFilterCount,
  canAct,
  deliveryListQuerySchema,
  driverVisible,
  markUndeliveredSchema,
  SELECT_REASON,
  TYPE_REASON,
  undeliveredReasonOf,
} from './delivery';

describe('delivery order rules (part 2 §4)', () => {
  it('allows the admin actions in every status but DELIVERED and RTO_DELIVERED', () => {
    for (const s of ['PLACED', 'RECEIVED', 'ASSIGNED', 'OUT_FOR_DELIVERY', 'UNATTEMPTED', 'UNDELIVERED', 'RTO_IN_TRANSIT']) expect(canAct(s)).toBe(true);
    expect(canAct('DELIVERED')).toBe(false);
    expect(canAct('RTO_DELIVERED')).toBe(false);
  });

  it('shows the driver only when assigned, out for delivery or delivered', () => {
    expect(['PLACED', 'ASSIGNED', 'OUT_FOR_DELIVERY', 'UNDELIVERED', 'DELIVERED', 'RTO_IN_TRANSIT'].filter(driverVisible)).toEqual(['ASSIGNED', 'OUT_FOR_DELIVERY', 'DELIVERED']);
  });

  it('undelivered needs a reason, and "Other" the typed one', () => {
    const base = { awb: 'LM700001', requestId: 'req-12345678' };
    expect(markUndeliveredSchema.safeParse(base).error?.issues[0].message).toBe(SELECT_REASON);
    expect(markUndeliveredSchema.safeParse({ ...base, reason: '' }).error?.issues[0].message).toBe(SELECT_REASON);
    expect(markUndeliveredSchema.safeParse({ ...base, reason: 'Other' }).error?.issues[0].message).toBe(TYPE_REASON);
    expect(markUndeliveredSchema.safeParse({ ...base, reason: 'Other', otherReason: 'Dog at gate' }).success).toBe(true);
    expect(undeliveredReasonOf({ reason: 'Other', otherReason: 'Dog at gate' })).toBe('Other: Dog at gate');
    expect(undeliveredReasonOf({ reason: 'Address not found' })).toBe('Address not found');
  });

  it('counts active filters for the badge (a date range counts once)', () => {
    expect(activeFilterCount({})).toBe(0);
    expect(activeFilterCount({ start: '2026-11-01', end: '2026-11-05', paymentMethod: 'cod', orderStatus: 'PLACED,RECEIVED', search: 'LM7' })).toBe(4);
  });

  it('reads the list query of GET /admin/orders with its defaults', () => {
    const q = deliveryListQuerySchema.parse({ orderStatus: 'PLACED,DELIVERED' });
    expect(q).toMatchObject({ records: 20, pageNumber: 1, order: 'DESC', by: 'createdAt', orderStatus: ['PLACED', 'DELIVERED'] });
    expect(deliveryListQuerySchema.safeParse({ orderStatus: 'LOST' }).success).toBe(false);
  });

  it('tallies a journey and calls it completed once nothing is pending', () => {
    expect(journeyTally(['DELIVERED', 'UNDELIVERED', 'ASSIGNED'])).toEqual({ delivered: 1, undelivered: 1, returned: 0, pending: 1, status: 'ACTIVE' });
    expect(journeyTally(['DELIVERED', 'RTO_IN_TRANSIT', 'UNATTEMPTED'])).toEqual({ delivered: 1, undelivered: 1, returned: 1, pending: 0, status: 'COMPLETED' });
  });
});
