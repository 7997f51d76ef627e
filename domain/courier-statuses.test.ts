import { describe, expect, it } from 'vitest';
import { courierTimeToIso, delhiveryStatus, DELHIVERY_STATUSES, shiprocketStatus, SHIPROCKET_STATUSES } from './courier-statuses';

// Written from the couriers' documented status lists (docs/integrations/*.md), one line per code.
const delhivery: [type: string, status: string, nsl: string | null, ours: string | null][] = [
  ['UD', 'Manifested', 'X-UCI', 'READY_TO_SHIP'],
  ['UD', 'Not Picked', 'X-PNP', 'READY_TO_SHIP'],
  ['UD', 'Open', null, 'READY_TO_SHIP'],
  ['UD', 'Scheduled', 'FMPUR-101', 'READY_TO_SHIP'],
  ['UD', 'In Transit', 'X-PPOM', 'IN_TRANSIT'],
  ['UD', 'Pending', 'X-DDD3FD', 'IN_TRANSIT'],
  ['UD', 'Pending', 'EOD-11', 'UNDELIVERED'],
  ['UD', 'Dispatched', 'X-DDD3FD', 'OUT_FOR_DELIVERY'],
  ['DL', 'Delivered', 'EOD-38', 'DELIVERED'],
  ['RT', 'In Transit', 'RT-101', 'RTO_IN_TRANSIT'],
  ['RT', 'Pending', 'RT-101', 'RTO_IN_TRANSIT'],
  ['RT', 'Pending', 'EOD-6', 'RTO_UNDELIVERED'],
  ['RT', 'Dispatched', null, 'RTO_OUT_FOR_DELIVERY'],
  ['DL', 'RTO', 'RT-110', 'RTO_DELIVERED'],
  ['PU', 'In Transit', null, 'DTO_IN_TRANSIT'],
  ['PU', 'Pending', null, 'DTO_IN_TRANSIT'],
  ['PU', 'Dispatched', null, 'DTO_OUT_FOR_DELIVERY'],
  ['DL', 'DTO', null, 'DTO_DELIVERED'],
  ['CN', 'Canceled', null, null],
  ['PP', 'Cancelled', null, null],
  ['UD', 'Teleported', null, null],
];

const shiprocket: [label: string, ours: string | null][] = [
  ['AWB ASSIGNED', 'READY_TO_SHIP'],
  ['LABEL GENERATED', 'READY_TO_SHIP'],
  ['PICKUP SCHEDULED', 'READY_TO_SHIP'],
  ['PICKUP GENERATED', 'READY_TO_SHIP'],
  ['PICKUP QUEUED', 'READY_TO_SHIP'],
  ['PICKUP RESCHEDULED', 'READY_TO_SHIP'],
  ['PICKUP ERROR', 'READY_TO_SHIP'],
  ['PICKUP EXCEPTION', 'READY_TO_SHIP'],
  ['OUT FOR PICKUP', 'READY_TO_SHIP'],
  ['MANIFEST GENERATED', 'READY_TO_SHIP'],
  ['PICKED UP', 'SHIPPED'],
  ['SHIPPED', 'SHIPPED'],
  ['IN TRANSIT', 'IN_TRANSIT'],
  ['REACHED AT DESTINATION HUB', 'IN_TRANSIT'],
  ['MISROUTED', 'IN_TRANSIT'],
  ['DELAYED', 'IN_TRANSIT'],
  ['OUT FOR DELIVERY', 'OUT_FOR_DELIVERY'],
  ['DELIVERED', 'DELIVERED'],
  ['UNDELIVERED', 'UNDELIVERED'],
  ['RTO INITIATED', 'RTO_IN_TRANSIT'],
  ['RTO ACKNOWLEDGED', 'RTO_IN_TRANSIT'],
  ['RTO IN TRANSIT', 'RTO_IN_TRANSIT'],
  ['RTO OFD', 'RTO_OUT_FOR_DELIVERY'],
  ['RTO_NDR', 'RTO_UNDELIVERED'],
  ['RTO DELIVERED', 'RTO_DELIVERED'],
  ['CANCELED', null],
  ['LOST', null],
  ['DAMAGED', null],
];

describe('Delhivery status table', () => {
  it.each(delhivery)('%s %s (%s) is %s', (type, status, nsl, ours) => {
    expect(delhiveryStatus(type, status, nsl)).toBe(ours);
  });
  it('every row of the table is tested above', () => {
    expect(delhivery.filter((d) => d[3]).length).toBe(Object.keys(DELHIVERY_STATUSES).length);
  });
});

describe('Shiprocket status table', () => {
  it.each(shiprocket)('%s is %s', (label, ours) => {
    expect(shiprocketStatus(label)).toBe(ours);
  });
  it('reads the label in any case, with spaces or underscores', () => {
    expect(shiprocketStatus('out_for_delivery')).toBe('OUT_FOR_DELIVERY');
    expect(shiprocketStatus(' In Transit ')).toBe('IN_TRANSIT');
  });
  it('every row of the table is tested above', () => {
    expect(shiprocket.filter((d) => d[1]).length).toBe(Object.keys(SHIPROCKET_STATUSES).length);
  });
});

describe('courier time', () => {
  it('reads India time without an offset, in each documented shape', () => {
    expect(courierTimeToIso('2024-09-21T18:10:52.752')).toBe('2024-09-21T12:40:52.752Z');
    expect(courierTimeToIso('2023-05-19 11:59:16')).toBe('2023-05-19T06:29:16.000Z');
    expect(courierTimeToIso('23 05 2023 11:43:52')).toBe('2023-05-23T06:13:52.000Z');
    expect(courierTimeToIso('2024-09-21T18:11:04.124567')).toBe('2024-09-21T12:41:04.124Z');
  });
  it('honours an offset, and answers null for what it cannot read', () => {
    expect(courierTimeToIso('2024-09-21T18:10:52+05:30')).toBe('2024-09-21T12:40:52.000Z');
    expect(courierTimeToIso('2024-09-21T12:40:52Z')).toBe('2024-09-21T12:40:52.000Z');
    expect(courierTimeToIso('yesterday')).toBeNull();
    expect(courierTimeToIso('')).toBeNull();
  });
});
