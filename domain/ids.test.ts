import { describe, expect, it } from 'vitest';
import { uuidv7 } from './ids';

const msOf = (id: string) => parseInt(id.replace(/-/g, '').slice(0, 12), 16);

describe('uuidv7', () => {
  it('ids minted one after another sort in the order they were made, thousands within the same milliseconds', () => {
    const ids = Array.from({ length: 20_000 }, () => uuidv7());
    for (let i = 1; i < ids.length; i++) expect(ids[i] > ids[i - 1], `${ids[i - 1]} then ${ids[i]}`).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('is a version 7, variant 10 UUID carrying the time it was made', () => {
    const before = Date.now();
    const id = uuidv7();
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    // The counter may have moved the millisecond on by one after a busy one.
    expect(msOf(id)).toBeGreaterThanOrEqual(before);
    expect(msOf(id)).toBeLessThanOrEqual(Date.now() + 1);
  });

  it('with a given time (seeding history) carries exactly that time', () => {
    const at = Date.parse('2026-01-15T10:00:00.123Z');
    const id = uuidv7(at);
    expect(msOf(id)).toBe(at);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
