import { describe, expect, it } from 'vitest';
import {
  awbProblem,
  awbSchema,
  customerRequestSchema,
  DEFAULT_TRACKING_LAYOUT,
  deliveredAt,
  imageDimensions,
  isLatestEvent,
  isWebUrl,
  linkHref,
  mapCarrierStatus,
  phoneLast4,
  reattemptDates,
  readStoredLayout,
  shippedAt,
  trackingLayoutSchema,
} from './tracking';
import { png } from '../tests/api/tracking-fixtures';

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) => (r.success ? [] : r.error!.issues.map((i) => i.message));

describe('AWB rules', () => {
  it('asks for a tracking number, then 3 to 20 characters', () => {
    expect(awbProblem('')).toBe('required');
    expect(awbProblem('   ')).toBe('required');
    expect(awbProblem('AB')).toBe('invalid');
    expect(awbProblem('A'.repeat(21))).toBe('invalid');
    expect(awbProblem(' ABC ')).toBeNull();
    expect(awbProblem('A'.repeat(20))).toBeNull();
    expect(messages(awbSchema.safeParse(''))[0]).toBe('Please Enter Tracking Number');
    expect(messages(awbSchema.safeParse('AB'))).toEqual(['Invalid AWB']);
    expect(messages(awbSchema.safeParse('A'.repeat(21)))).toEqual(['Invalid AWB']);
    expect(awbSchema.parse('  DL1000000006 ')).toBe('DL1000000006');
  });
});

describe('tracking layout', () => {
  const link = (n: number) => ({ key: `k${n}`, linkName: `Link ${n}`, linkURL: `https://brand.in/${n}` });
  it('accepts the default and up to five links', () => {
    expect(trackingLayoutSchema.safeParse(DEFAULT_TRACKING_LAYOUT).success).toBe(true);
    expect(trackingLayoutSchema.safeParse({ ...DEFAULT_TRACKING_LAYOUT, links: [1, 2, 3, 4, 5].map(link) }).success).toBe(true);
  });
  it('refuses a sixth link, a link without URL or name, and bad colours, with the spec messages', () => {
    expect(messages(trackingLayoutSchema.safeParse({ ...DEFAULT_TRACKING_LAYOUT, links: [1, 2, 3, 4, 5, 6].map(link) }))).toEqual([
      'Link should not be more than five',
    ]);
    expect(messages(trackingLayoutSchema.safeParse({ ...DEFAULT_TRACKING_LAYOUT, links: [{ key: 'a', linkName: 'Help', linkURL: ' ' }] }))).toEqual([
      'Kindly enter URL',
    ]);
    expect(messages(trackingLayoutSchema.safeParse({ ...DEFAULT_TRACKING_LAYOUT, links: [{ key: 'a', linkName: '', linkURL: 'brand.in' }] }))).toEqual([
      'Kindly enter link Name',
    ]);
    expect(messages(trackingLayoutSchema.safeParse({ ...DEFAULT_TRACKING_LAYOUT, pc: 'red' }))).toEqual(['Kindly enter a valid colour']);
  });
  it('never lets a script URL through as a link', () => {
    expect(isWebUrl('javascript:alert(1)')).toBe(false);
    expect(isWebUrl('data:text/html,hi')).toBe(false);
    expect(isWebUrl('www.chaipoint.in/help')).toBe(true);
    expect(linkHref('chaipoint.in/faq')).toBe('https://chaipoint.in/faq');
    expect(linkHref('http://chaipoint.in')).toBe('http://chaipoint.in');
    expect(linkHref('javascript:alert(1)')).toBeNull();
  });
  it('reads stored JSON, falling back to the default when unreadable', () => {
    expect(readStoredLayout(null)).toEqual(DEFAULT_TRACKING_LAYOUT);
    expect(readStoredLayout('{not json')).toEqual(DEFAULT_TRACKING_LAYOUT);
    expect(readStoredLayout(JSON.stringify({ ...DEFAULT_TRACKING_LAYOUT, pc: '#123456' })).pc).toBe('#123456');
  });
  it('only takes a logo served from its own upload key', () => {
    const hl = { data: 'logo-01234567-89ab-7cde-8f01-23456789abcd.png', name: 'brand.png', url: '/api/files/logo-01234567-89ab-7cde-8f01-23456789abcd.png' };
    expect(trackingLayoutSchema.safeParse({ ...DEFAULT_TRACKING_LAYOUT, hl }).success).toBe(true);
    expect(trackingLayoutSchema.safeParse({ ...DEFAULT_TRACKING_LAYOUT, hl: { ...hl, url: 'https://evil.example/x.png' } }).success).toBe(false);
    expect(trackingLayoutSchema.safeParse({ ...DEFAULT_TRACKING_LAYOUT, hl: { ...hl, data: 'logo.gif' } }).success).toBe(false);
  });
});

describe('image dimensions from the file header', () => {
  it('reads PNG', () => {
    expect(imageDimensions(png(400, 200))).toEqual({ width: 400, height: 200 });
    expect(imageDimensions(png(401, 20))).toEqual({ width: 401, height: 20 });
  });
  it('reads JPEG past APP segments to the frame header', () => {
    const app0 = [0xff, 0xe0, 0x00, 0x10, ...Buffer.from('JFIF\0'), 1, 1, 0, 0, 1, 0, 1, 0, 0];
    const sof0 = [0xff, 0xc0, 0x00, 0x11, 0x08, 0x00, 0xc8, 0x01, 0x90, 0x03, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1];
    expect(imageDimensions(Uint8Array.from([0xff, 0xd8, ...app0, ...sof0, 0xff, 0xd9]))).toEqual({ width: 400, height: 200 });
  });
  it('reads the three WebP flavours', () => {
    const riff = (chunk: string, body: number[]) => Uint8Array.from([...Buffer.from('RIFF'), 0, 0, 0, 0, ...Buffer.from('WEBP'), ...Buffer.from(chunk), 0, 0, 0, 0, ...body, 0, 0, 0, 0]);
    // VP8 (lossy): frame tag, start code, 14-bit width and height
    expect(imageDimensions(riff('VP8 ', [0, 0, 0, 0x9d, 0x01, 0x2a, 0x90, 0x01, 0xc8, 0x00]))).toEqual({ width: 400, height: 200 });
    // VP8L (lossless): signature 0x2f, then (w-1) and (h-1) in 14 bits each
    const bits = (400 - 1) | ((200 - 1) << 14);
    expect(imageDimensions(riff('VP8L', [0x2f, bits & 0xff, (bits >> 8) & 0xff, (bits >> 16) & 0xff, (bits >>> 24) & 0xff, 0]))).toEqual({ width: 400, height: 200 });
    // VP8X (extended): flags, reserved, then 24-bit (w-1) and (h-1)
    expect(imageDimensions(riff('VP8X', [0, 0, 0, 0, 0x8f, 0x01, 0, 0xc7, 0, 0]))).toEqual({ width: 400, height: 200 });
  });
  it('says null for anything else', () => {
    expect(imageDimensions(Buffer.from('GIF89a\x01\x00\x01\x00'))).toBeNull();
    expect(imageDimensions(new Uint8Array(0))).toBeNull();
  });
});

describe('carrier events', () => {
  it('maps courier words to our statuses, courier-specific words first', () => {
    expect(mapCarrierStatus('bluedart', 'In Transit')).toBe('IN_TRANSIT');
    expect(mapCarrierStatus('ekart', 'out-for-delivery')).toBe('OUT_FOR_DELIVERY');
    expect(mapCarrierStatus('delhivery', 'Dispatched')).toBe('OUT_FOR_DELIVERY');
    expect(mapCarrierStatus('xpressbees', 'Dispatched')).toBeNull();
    expect(mapCarrierStatus('xpressbees', 'NDR')).toBe('UNDELIVERED');
    expect(mapCarrierStatus('clickpost', 'teleported')).toBeNull();
  });
  it('moves the status only for the latest event by time', () => {
    expect(isLatestEvent('2026-11-20T10:00:00.000Z', null)).toBe(true);
    expect(isLatestEvent('2026-11-20T10:00:00.000Z', '2026-11-20T09:00:00.000Z')).toBe(true);
    expect(isLatestEvent('2026-11-20T15:30:00+05:30', '2026-11-20T10:00:00.000Z')).toBe(true);
    expect(isLatestEvent('2026-11-20T08:00:00.000Z', '2026-11-20T09:00:00.000Z')).toBe(false);
  });
});

describe('timeline facts', () => {
  const tl = [
    { status: 'PLACED', createdAt: '2026-11-10T05:00:00.000Z' },
    { status: 'READY_TO_SHIP', createdAt: '2026-11-11T05:00:00.000Z' },
    { status: 'SHIPPED', createdAt: '2026-11-12T05:00:00.000Z' },
    { status: 'DELIVERED', createdAt: '2026-11-14T05:00:00.000Z' },
  ];
  it('counts from SHIPPED, else READY_TO_SHIP; delivered from the DELIVERED entry', () => {
    expect(shippedAt(tl)).toBe('2026-11-12T05:00:00.000Z');
    expect(shippedAt(tl.filter((t) => t.status !== 'SHIPPED'))).toBe('2026-11-11T05:00:00.000Z');
    expect(shippedAt(tl.slice(0, 1))).toBeNull();
    expect(deliveredAt(tl)).toBe('2026-11-14T05:00:00.000Z');
    expect(deliveredAt(tl.slice(0, 3))).toBeNull();
  });
});

describe('customer requests (NDR)', () => {
  it('offers the next seven Indian calendar days', () => {
    // 20:00 UTC on 21 Nov is already 22 Nov in India; Sunday 29 Nov is not a delivery day, so it is not offered
    expect(reattemptDates(Date.parse('2026-11-21T20:00:00Z'))).toEqual([
      '2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28',
    ]);
  });
  it('compares the last four digits whatever the formatting', () => {
    expect(phoneLast4('+91 98450-12345')).toBe('2345');
  });
  it('needs at least one change for an address correction', () => {
    expect(messages(customerRequestSchema.safeParse({ kind: 'address', token: 't' }))).toEqual(['Enter at least one change']);
    expect(customerRequestSchema.safeParse({ kind: 'address', token: 't', landmark: 'Near Hanuman Mandir' }).success).toBe(true);
    expect(messages(customerRequestSchema.safeParse({ kind: 'address', token: 't', phone: '12345' }))).toContain('Please enter a valid 10 digit phone number!');
  });
});
