import { describe, expect, it } from 'vitest';
import { effectiveStatuses, landingStatusTab, ORDER_SECTIONS, sectionByKey, sectionCount, STATUS_TABS, statusTabCount, statusTabOf } from './sections';
import { moreFiltersLabel } from './texts';

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
