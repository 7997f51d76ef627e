import { PassThrough, Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { DocumentInputError } from './errors';
import { sampleOrder } from './fixtures';
import { renderLabels } from './label';
import { renderToBuffer } from './pdf-common';
import { decodeBarcodes, readPdf } from './pdf-test-utils';

describe('renderLabels', () => {
  const cod = sampleOrder(0); // COD, Bengaluru
  const prepaid = sampleOrder(1); // prepaid, Mumbai
  const alphanumeric = sampleOrder(2, { awb: 'SF1234567890ABC', paymentMode: 'credit', codPaise: 0 });

  it('prints one 4x6 inch page per order with what the courier and the buyer read', async () => {
    const pdf = await renderToBuffer((out) => renderLabels([cod, prepaid, alphanumeric], out));
    const pages = await readPdf(pdf);
    expect(pages).toHaveLength(3);
    for (const page of pages) expect([page.width, page.height]).toEqual([288, 432]);

    const first = pages[0].text;
    expect(first).toContain('AWB: 771000000000');
    expect(first).toContain('Order ID: #1001');
    expect(first).toContain('Delhivery Surface');
    expect(first).toContain('COD');
    expect(first).toContain('₹2,496.00'); // 2 x 899 + 649 + 49 shipping
    expect(first).toContain('Priya Sharma');
    expect(first).toContain('Flat 302, Sai Residency, 14th Cross, Indiranagar');
    expect(first).toContain('PIN: 560038');
    expect(first).toContain('Ph: 9812345678');
    expect(first).toContain('Weight: 0.750 kg');
    expect(first).toContain('Dimensions: 30 x 20 x 10 cm');
    expect(first).toContain('IF UNDELIVERED, RETURN TO');
    expect(first).toContain('Acme Fulfilment - Bhiwandi WH');
    expect(first).toContain('Thane, Maharashtra - 421302');
    expect(first).toContain('2 x Cotton Kurta - Indigo, M');

    const second = pages[1].text;
    expect(second).toContain('AWB: 771000000001');
    expect(second).toContain('PREPAID');
    expect(second).not.toMatch(/\bCOD\b/);
    expect(second).toContain('Rahul Deshmukh');
    expect(pages[2].text).toContain('CREDIT');
  });

  it('carries a Code128 barcode that a scanner reads as the AWB', async () => {
    const pdf = await renderToBuffer((out) => renderLabels([cod, alphanumeric], out));
    expect(decodeBarcodes(pdf, 1)).toEqual(['771000000000']);
    expect(decodeBarcodes(pdf, 2)).toEqual(['SF1234567890ABC']);
  });

  it('still scans the longest AWB the product accepts (20 characters)', async () => {
    const long = sampleOrder(3, { awb: 'ABCD1234EFGH5678IJKL' });
    const pdf = await renderToBuffer((out) => renderLabels([long], out));
    expect(decodeBarcodes(pdf, 1)).toEqual(['ABCD1234EFGH5678IJKL']);
  });

  it('keeps long or non-Latin addresses on the label instead of failing', async () => {
    const order = sampleOrder(0, {
      shipTo: {
        name: 'श्रीमती Lakshmi Venkataraman Subramaniam Iyer of the Very Long Family Name',
        phone: '9000000000',
        lines: ['No. 42, 3rd Main Road, Some Very Long Layout Name, Near the Big Temple Tank, Opposite Government School'.repeat(2)],
        city: 'Chennai',
        state: 'Tamil Nadu',
        pincode: '600004',
      },
      items: Array.from({ length: 7 }, (_, i) => ({ ...sampleOrder(0).items[0], sku: `SKU-${i}` })),
    });
    const pages = await readPdf(await renderToBuffer((out) => renderLabels([order], out)));
    expect(pages).toHaveLength(1);
    expect(pages[0].text).toContain('PIN: 600004');
    expect(pages[0].text).toContain('Lakshmi Venkataraman');
    expect(pages[0].text).toContain('+ 4 more items (8 units)');
  });

  it('refuses orders without an AWB before writing anything', async () => {
    const out = new PassThrough();
    let written = 0;
    out.on('data', (c: Buffer) => (written += c.length));
    const error = await renderLabels([cod, sampleOrder(5, { awb: null }), sampleOrder(6, { awb: 'ÄÖ€' })], out).catch((e) => e);
    expect(error).toBeInstanceOf(DocumentInputError);
    expect((error as DocumentInputError).failures.map((f) => f.orderId)).toEqual(['#1006', '#1007']);
    expect((error as DocumentInputError).failures[0].reasons).toEqual(['No AWB assigned yet']);
    expect((error as DocumentInputError).failures[1].reasons[0]).toContain('Cannot encode');
    expect(written).toBe(0);
  });

  it('lets other work run while a big batch renders, and stops when the reader goes away', async () => {
    const orders = Array.from({ length: 300 }, (_, i) => sampleOrder(i));
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    try {
      const pdf = await renderToBuffer((out) => renderLabels(orders, out));
      expect(pdf.subarray(-6).toString()).toContain('%%EOF');
    } finally {
      clearInterval(timer);
    }
    expect(ticks).toBeGreaterThanOrEqual(5);

    let writes = 0;
    let bytes = 0;
    const slowReader = new Writable({
      highWaterMark: 16 * 1024,
      write(chunk: Buffer, _enc, done) {
        writes++;
        bytes += chunk.length;
        setTimeout(done, 2);
      },
    });
    await renderLabels(orders.slice(0, 100), slowReader);
    expect(bytes).toBeGreaterThan(100_000);
    expect(writes).toBeLessThan(bytes / 32_000); // large writes, not one per PDF object

    let received = 0;
    const hangsUp = new Writable({
      write(chunk: Buffer, _enc, done) {
        received += chunk.length;
        done();
        if (received > 50_000) hangsUp.destroy();
      },
    });
    await expect(renderLabels(orders, hangsUp)).rejects.toThrow();
  });
});
