import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from './cursor';
import { orderListQuerySchema } from './filters';
import { istDayEnd, istDayStart } from './ist-dates';

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
