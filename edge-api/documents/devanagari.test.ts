// Documents speak India. Labels, invoices and manifests
// print ₹ (not "Rs.") and Devanagari names and addresses as written, with the
// embedded Noto font; the text is read back out of the PDF.
import { describe, expect, it } from 'vitest';
import { sampleInvoice, sampleOrder } from './fixtures';
import { renderInvoices } from './invoice';
import { renderLabels } from './label';
import { renderManifest } from './manifest';
import { renderToBuffer } from './pdf-common';
import { readPdf } from './pdf-test-utils';
import type { DocInvoiceProfile } from './types';

const NAME = 'राम कुमार';
const CITY = 'पुणे';
const profile: DocInvoiceProfile = {
  registeredName: 'Acme Retail Private Limited', brandName: 'Acme', gstin: '27AAPFU0939F1ZV', logo: null, signature: null,
  address: { line1: 'Unit 7', line2: 'Andheri East', city: 'Mumbai', state: 'Maharashtra', pincode: '400059' },
};
const hindiOrder = () => {
  const o = sampleOrder(1);
  return { ...o, shipTo: { ...o.shipTo, name: NAME, city: CITY, state: 'Maharashtra' }, paymentMode: 'cod' as const, codPaise: o.totalPaise };
};

describe('documents print ₹ and Devanagari', () => {
  it('on a label', async () => {
    const [page] = await readPdf(await renderToBuffer((out) => renderLabels([hindiOrder()], out)));
    expect(page.text).toContain(NAME);
    expect(page.text).toContain(CITY);
    expect(page.text).toContain('₹');
    expect(page.text).not.toContain('Rs.');
  });

  it('on an invoice', async () => {
    const [page] = await readPdf(await renderToBuffer((out) => renderInvoices([sampleInvoice(hindiOrder(), profile)], out)));
    expect(page.text).toContain(NAME);
    expect(page.text).toMatch(/Invoice Total ₹[\d,]+\.\d\d/);
    expect(page.text).not.toContain('Rs.');
  });

  it('on a manifest', async () => {
    const order = hindiOrder();
    const [page] = await readPdf(
      await renderToBuffer((out) =>
        renderManifest({ manifestNumber: 'MF-1', generatedAt: '2026-11-23T10:00:00Z', shipperName: 'गणेश भंडार', pickupAddress: order.returnAddress, orders: [order] }, out),
      ),
    );
    expect(page.text).toContain('गणेश भंडार');
  });
});
