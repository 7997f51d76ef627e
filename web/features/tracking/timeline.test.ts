import { describe, expect, it } from 'vitest';
import { groupTimeline } from './timeline';

const e = (status: string, createdAt: string, city: string | null = null) => ({ status, createdAt, city, description: status });

describe('groupTimeline', () => {
  it('groups by status, newest group and newest entry first', () => {
    const groups = groupTimeline([
      e('PLACED', '2026-11-10T05:00:00Z'),
      e('IN_TRANSIT', '2026-11-11T05:00:00Z', 'Nagpur'),
      e('IN_TRANSIT', '2026-11-12T05:00:00Z', 'Hyderabad'),
      e('OUT_FOR_DELIVERY', '2026-11-13T05:00:00Z'),
    ]);
    expect(groups.map((g) => [g.status, g.entries.length])).toEqual([['OUT_FOR_DELIVERY', 1], ['IN_TRANSIT', 2], ['PLACED', 1]]);
    expect(groups[1].latest.city).toBe('Hyderabad');
    expect(groups[1].entries.map((x) => x.city)).toEqual(['Hyderabad', 'Nagpur']);
  });
  it('places a status that came back by its newest entry', () => {
    const groups = groupTimeline([
      e('IN_TRANSIT', '2026-11-11T05:00:00Z'),
      e('UNDELIVERED', '2026-11-12T05:00:00Z'),
      e('IN_TRANSIT', '2026-11-13T05:00:00Z'),
    ]);
    expect(groups.map((g) => g.status)).toEqual(['IN_TRANSIT', 'UNDELIVERED']);
  });
  it('is empty for no timeline', () => {
    expect(groupTimeline([])).toEqual([]);
  });
});
