import { describe, expect, it } from 'vitest';
import { DocumentInputError } from './errors';
import { sampleOrder, WAREHOUSE_ADDRESS } from './fixtures';
import { renderManifest, summariseManifest } from './manifest';
import { renderToBuffer } from './pdf-common';
import { readPdf } from './pdf-test-utils';
import type { DocManifest } from './types';

function manifestOf(count: number): DocManifest {
  return {
    manifestNumber: 'MF-20250105-01',
    generatedAt: '2025-01-05T10:00:00Z',
    shipperName: 'Acme Basics',
    pickupAddress: WAREHOUSE_ADDRESS,
    orders: Array.from({ length: count }, (_, i) => sampleOrder(i, i === 1 ? { pieces: 3, weightGrams: 2_500 } : {})),
  };
}

describe('renderManifest', () => {
  it('lists every parcel with its totals and a handover area', async () => {
    const pages = await readPdf(await renderToBuffer((out) => renderManifest(manifestOf(4), out)));
    expect(pages).toHaveLength(1);
    const text = pages[0].text;
    expect(text).toContain('SHIPPING MANIFEST');
    expect(text).toContain('Manifest No: MF-20250105-01');
    expect(text).toContain('Date: 05-01-2025');
    expect(text).toContain('Shipper: Acme Basics');
    expect(text).toContain('Pickup: Acme Fulfilment - Bhiwandi WH');
    expect(text).toMatch(/1 771000000000 #1001 Delhivery Surface 1 0\.750 COD 2,496\.00/);
    expect(text).toMatch(/2 771000000001 #1002 Blue Dart Air 3 2\.500 PREPAID -/);
    expect(text).toContain('Delhivery Surface Shipments: 2 Pieces: 2 Weight: 1.500 kg COD: 3,145.00');
    expect(text).toContain('Total Shipments: 4 Pieces: 6 Weight: 4.750 kg COD: 3,145.00');
    expect(text).toContain('Handed over by (Shipper)');
    expect(text).toContain('Received by (Courier Executive)');
    expect(text).toContain('Shipments received: ______ of 4');
    expect(text.match(/Signature:/g)).toHaveLength(2);
  });

  it('runs over as many pages as needed, every AWB once', async () => {
    const manifest = manifestOf(120);
    const pages = await readPdf(await renderToBuffer((out) => renderManifest(manifest, out)));
    expect(pages.length).toBeGreaterThanOrEqual(3);
    expect(pages[1].text).toContain('(continued)');
    expect(pages.at(-1)!.text).toContain(`Page ${pages.length}`);
    const all = pages.map((p) => p.text).join(' ');
    for (const order of manifest.orders) expect(all.split(order.awb!).length - 1, order.awb!).toBe(1);
    expect(all).toContain('Total Shipments: 120');
  });

  it('adds COD only for cash-on-delivery parcels', () => {
    const orders = [sampleOrder(0), sampleOrder(1, { codPaise: 99_999 })]; // a prepaid order with a stray COD figure
    expect(summariseManifest(orders).total.codPaise).toBe(sampleOrder(0).codPaise);
  });

  it('refuses parcels without an AWB', async () => {
    const manifest = manifestOf(2);
    manifest.orders[1] = { ...manifest.orders[1], awb: ' ' };
    await expect(renderToBuffer((out) => renderManifest(manifest, out))).rejects.toBeInstanceOf(DocumentInputError);
  });
});
