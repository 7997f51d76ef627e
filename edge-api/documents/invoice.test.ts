import { PassThrough } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { DocumentInputError } from './errors';
import { ITEMS, sampleInvoice, sampleOrder, sampleProfile } from './fixtures';
import { renderInvoices } from './invoice';
import { renderToBuffer } from './pdf-common';
import { readPdf } from './pdf-test-utils';
import type { DocInvoice, DocInvoiceProfile } from './types';

let profile: DocInvoiceProfile;
beforeAll(async () => {
  profile = await sampleProfile();
});

async function pagesOf(invoices: DocInvoice[]) {
  return readPdf(await renderToBuffer((out) => renderInvoices(invoices, out)));
}

describe('renderInvoices', () => {
  it('prints an inter-state B2C invoice with IGST', async () => {
    const [page, ...rest] = await pagesOf([sampleInvoice(sampleOrder(0), profile)]);
    expect(rest).toHaveLength(0);
    expect([Math.round(page.width), Math.round(page.height)]).toEqual([595, 842]);
    const text = page.text;
    expect(text).toContain('TAX INVOICE');
    expect(text).toContain('Acme Retail Private Limited');
    expect(text).toContain('Acme Basics');
    expect(text).toContain('Unit 7, Marol Industrial Estate');
    expect(text).toContain('GSTIN: 27AABCA1234C1Z5');
    expect(text).toContain('BWD/24-25/1001');
    expect(text).toContain('05-01-2025');
    expect(text).toContain('Karnataka (29)');
    expect(text).toMatch(/6206 2 899\.00 1,712\.38 85\.62 @ 5% 1,798\.00/);
    expect(text).toMatch(/7323 1 649\.00 550\.00 99\.00 @ 18% 649\.00/);
    expect(text).toContain('Shipping Charges');
    expect(text).toContain('Total Taxable Value ₹2,303.91');
    expect(text).toContain('Total IGST ₹192.09');
    expect(text).toContain('Invoice Total ₹2,496.00');
    expect(text).toContain('Rupees Two Thousand Four Hundred Ninety Six Only');
    expect(text).not.toMatch(/\b(CGST|SGST|UTGST)\b/);
    expect(text).toContain('Authorised Signatory');
    expect(page.images).toBe(2); // logo and signature
  });

  it('prints an intra-state B2B invoice with the buyer GSTIN and CGST + SGST', async () => {
    const [page] = await pagesOf([sampleInvoice(sampleOrder(1), profile, { buyerGstin: '27AAACB2230M1ZX' })]);
    expect(page.text).toContain('GSTIN: 27AAACB2230M1ZX');
    expect(page.text).toContain('GSTIN: 27AABCA1234C1Z5');
    expect(page.text).toMatch(/8518 1 1,499\.00 1,270\.34 114\.33 @ 9% 114\.33 @ 9% 1,499\.00/);
    expect(page.text).toContain('Total CGST ₹114.33');
    expect(page.text).toContain('Total SGST ₹114.33');
    expect(page.text).not.toMatch(/\b(IGST|UTGST)\b/);
    expect(page.text).toContain('Rupees One Thousand Four Hundred Ninety Nine Only');
  });

  it('uses UTGST in Chandigarh but SGST in Delhi', async () => {
    const chandigarh = { ...profile, gstin: '04AABCA1234C1Z5', address: { ...profile.address, city: 'Chandigarh', state: 'Chandigarh' } };
    const delhi = { ...profile, gstin: '07AABCA1234C1Z5', address: { ...profile.address, city: 'New Delhi', state: 'Delhi' } };
    const [ut, dl] = await pagesOf([sampleInvoice(sampleOrder(2), chandigarh), sampleInvoice(sampleOrder(3), delhi)]);
    expect(ut.text).toContain('Total UTGST ₹49.50');
    expect(ut.text).toContain('Total CGST ₹49.50');
    expect(ut.text).not.toMatch(/\bSGST\b/);
    expect(dl.text).toContain('Total SGST');
    expect(dl.text).not.toMatch(/\bUTGST\b/);
  });

  it('spells paise in words and shows cess when levied', async () => {
    const order = sampleOrder(1, {
      items: [{ ...ITEMS[2], unitPricePaise: 14_050, quantity: 1, gst: { cgst: 14, sgst: 14, igst: 28, cess: 12 } }],
      shippingPaise: 0,
    });
    const [page] = await pagesOf([sampleInvoice(order, { ...profile, logo: null, signature: null })]);
    expect(page.text).toContain('Rupees One Hundred Forty and Fifty Paise Only');
    expect(page.text).toContain('Total Cess');
    expect(page.images).toBe(0);
  });

  it('continues a long invoice on further pages with the totals at the end', async () => {
    const items = Array.from({ length: 45 }, (_, i) => ({ ...ITEMS[i % 3], title: `${ITEMS[i % 3].title} #${i + 1}` }));
    const order = sampleOrder(1, { items, shippingPaise: 0 });
    const pages = await pagesOf([sampleInvoice(order, profile), sampleInvoice(sampleOrder(0), profile)]);
    expect(pages.length).toBeGreaterThanOrEqual(3);
    const first = pages.findIndex((p) => p.text.includes('BWD/24-25/1001'));
    const longPages = pages.slice(0, first);
    expect(longPages.length).toBeGreaterThanOrEqual(2);
    expect(longPages[0].text).toContain('Continued on next page');
    expect(longPages[1].text).toContain('(continued)');
    const all = longPages.map((p) => p.text).join(' ');
    for (let i = 1; i <= 45; i++) expect(all).toContain(`#${i} `);
    expect(longPages.at(-1)!.text).toContain('Invoice Total');
    expect(longPages[0].text).not.toContain('Invoice Total');
  });

  it('refuses the whole batch, writing nothing, when an invoice cannot be made', async () => {
    const out = new PassThrough();
    let written = 0;
    out.on('data', (c: Buffer) => (written += c.length));
    const bad = [
      sampleInvoice(sampleOrder(0), profile),
      sampleInvoice(sampleOrder(1), profile, { invoiceNumber: null }),
      sampleInvoice(sampleOrder(2, { items: [{ ...ITEMS[0], gst: null }] }), profile),
    ];
    const error = await renderInvoices(bad, out).catch((e) => e);
    expect(error).toBeInstanceOf(DocumentInputError);
    expect((error as DocumentInputError).failures).toEqual([
      { orderId: '#1002', reasons: ['Invoice number not generated yet'] },
      { orderId: '#1003', reasons: ['GST rates missing for SKU KUR-IND-M (IGST)'] },
    ]);
    expect(written).toBe(0);
  });
});
