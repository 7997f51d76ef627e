/**
 * GST tax invoices: one (or more, when the items run long) A4 page per order,
 * all in one PDF.
 */
import type { Writable } from 'node:stream';
import { amountInWords } from './amount-in-words';
import { DocumentInputError } from './errors';
import { addressLines, formatDate, formatInr, formatPaise, formatRate, pdfText } from './format';
import type { GstComponent } from '../../domain/gst';
import { drawEinvoiceBlock } from './einvoice-block';
import { computeInvoice, invoiceProblems, type InvoiceComputation, type InvoiceLine } from './invoice-calc';
import { createPdf, FONT, FONT_BOLD, measure, pace, textBlock, textLine, writePdf, type PdfDoc } from './pdf-common';
import type { DocAddress, DocInvoice } from './types';

const PAGE: [number, number] = [595.28, 841.89]; // A4
const MARGIN = 36;
const WIDTH = PAGE[0] - 2 * MARGIN;
const BOTTOM = PAGE[1] - MARGIN - 14; // room for the page footer
const GREY = '#555555';
const LIGHT = '#e8e8e8';

const PAYMENT_LABELS = { cod: 'Cash on Delivery', prepaid: 'Prepaid', credit: 'Credit' } as const;

const TAX_TITLES: Record<GstComponent, string> = { cgst: 'CGST', sgst: 'SGST', utgst: 'UTGST', igst: 'IGST', cess: 'Cess' };

/**
 * Writes one PDF with a tax invoice per entry. Every invoice is checked first;
 * if any cannot be made (no invoice number, unknown state, missing GST rate...)
 * a DocumentInputError lists them all and nothing is written.
 */
export async function renderInvoices(invoices: readonly DocInvoice[], out: Writable): Promise<void> {
  const failures = invoices
    .map((invoice) => ({ orderId: invoice.order.shopOrderId, reasons: invoiceProblems(invoice) }))
    .filter((f) => f.reasons.length > 0);
  if (failures.length > 0) throw new DocumentInputError('invoice', failures);
  const computed = invoices.map((invoice) => computeInvoice(invoice));

  const doc = createPdf(invoices.length === 1 ? `Tax Invoice ${invoices[0].invoiceNumber}` : `Tax Invoices (${invoices.length})`);
  await writePdf(doc, out, async () => {
    for (let i = 0; i < invoices.length; i++) {
      if (i > 0 && i % 10 === 0) await pace(doc, out);
      drawInvoice(doc, invoices[i], computed[i]);
    }
  });
}

/** The tax columns an invoice shows, in order. */
export function taxColumns(calc: InvoiceComputation): GstComponent[] {
  const columns: GstComponent[] =
    calc.supplyKind === 'inter-state' ? ['igst'] : calc.supplyKind === 'intra-ut' ? ['cgst', 'utgst'] : ['cgst', 'sgst'];
  if (calc.totals.tax.cess > 0 || calc.lines.some((l) => l.split.rates.cess > 0)) columns.push('cess');
  return columns;
}

interface Column {
  title: string;
  width: number;
  align: 'left' | 'right' | 'center';
}

function drawInvoice(doc: PdfDoc, invoice: DocInvoice, calc: InvoiceComputation): void {
  doc.addPage({ size: PAGE, margin: 0 });
  let y = drawEinvoiceBlock(doc, invoice.einvoice, invoice.order.ewayBill, MARGIN, drawHeader(doc, invoice, calc), WIDTH);
  const taxes = taxColumns(calc);
  const columns = tableColumns(taxes);

  y = drawTableHeader(doc, columns, y);
  calc.lines.forEach((line, index) => {
    const height = rowHeight(doc, line, columns[1].width);
    if (y + height > BOTTOM) {
      drawFooter(doc, invoice, 'Continued on next page');
      doc.addPage({ size: PAGE, margin: 0 });
      textLine(doc, `Tax Invoice ${pdfText(invoice.invoiceNumber)} (continued)`, MARGIN, MARGIN, WIDTH, { font: FONT_BOLD, size: 10 });
      y = drawTableHeader(doc, columns, MARGIN + 18);
    }
    y = drawRow(doc, columns, taxes, line, index + 1, y, height);
  });

  const closingHeight = 200;
  if (y + closingHeight > BOTTOM) {
    drawFooter(doc, invoice, 'Continued on next page');
    doc.addPage({ size: PAGE, margin: 0 });
    y = MARGIN;
  }
  y = drawTotals(doc, taxes, calc, y + 6);
  drawSignature(doc, invoice, y + 8);
  drawFooter(doc, invoice, 'This is a computer generated invoice.');
}

function drawHeader(doc: PdfDoc, invoice: DocInvoice, calc: InvoiceComputation): number {
  const { profile, order } = invoice;
  let x = MARGIN;
  if (profile.logo) {
    doc.image(profile.logo, MARGIN, MARGIN, { fit: [110, 56] });
    x += 120;
  }
  const sellerWidth = WIDTH - (x - MARGIN) - 170;
  textLine(doc, pdfText(profile.registeredName), x, MARGIN, sellerWidth, { font: FONT_BOLD, size: 13 });
  let y = MARGIN + 16;
  if (profile.brandName && profile.brandName !== profile.registeredName) {
    textLine(doc, pdfText(profile.brandName), x, y, sellerWidth, { size: 9, color: GREY });
    y += 11;
  }
  const a = profile.address;
  const seller = addressLines({ name: '', phone: '', lines: [a.line1, a.line2], city: a.city, state: a.state, pincode: a.pincode });
  for (const line of seller.slice(0, 3)) {
    textLine(doc, line, x, y, sellerWidth, { size: 8.5 });
    y += 10.5;
  }
  textLine(doc, `GSTIN: ${pdfText(profile.gstin)}`, x, y, sellerWidth, { font: FONT_BOLD, size: 9 });
  y += 11;

  textLine(doc, 'TAX INVOICE', PAGE[0] - MARGIN - 170, MARGIN, 170, { font: FONT_BOLD, size: 16, align: 'right' });
  textLine(doc, 'Original for Recipient', PAGE[0] - MARGIN - 170, MARGIN + 19, 170, { size: 7.5, color: GREY, align: 'right' });

  y = Math.max(y, MARGIN + 60) + 8;
  doc.rect(MARGIN, y, WIDTH, 58).lineWidth(0.6).strokeColor('black').stroke();
  const half = WIDTH / 2;
  const left: Array<[string, string]> = [
    ['Invoice No.', invoice.invoiceNumber ?? ''],
    ['Invoice Date', formatDate(invoice.invoiceDate)],
    ['Order ID', order.shopOrderId],
    ['Order Date', formatDate(order.createdAt)],
  ];
  const right: Array<[string, string]> = [
    ['Place of Supply', `${calc.placeOfSupply.name} (${calc.placeOfSupply.code})`],
    ['AWB', [order.awb, order.courierName].filter(Boolean).join(' / ')],
    ['Payment', PAYMENT_LABELS[order.paymentMode]],
    ['Reverse Charge', 'No'],
  ];
  left.forEach(([label, value], i) => keyValue(doc, label, value, MARGIN + 6, y + 5 + i * 12.5, half - 12));
  right.forEach(([label, value], i) => keyValue(doc, label, value, MARGIN + half + 6, y + 5 + i * 12.5, half - 12));
  y += 58 + 8;

  const billTo = invoice.billTo ?? order.shipTo;
  const partyHeight = 78;
  doc.rect(MARGIN, y, WIDTH, partyHeight).lineWidth(0.6).stroke();
  doc.moveTo(MARGIN + half, y).lineTo(MARGIN + half, y + partyHeight).stroke();
  party(doc, 'Bill To', billTo, invoice.buyerGstin, MARGIN + 6, y + 5, half - 12);
  party(doc, 'Ship To', order.shipTo, null, MARGIN + half + 6, y + 5, half - 12);
  return y + partyHeight + 10;
}

function keyValue(doc: PdfDoc, label: string, value: string, x: number, y: number, width: number): void {
  textLine(doc, `${label}:`, x, y, 78, { size: 8.5, color: GREY });
  textLine(doc, pdfText(value), x + 80, y, width - 80, { font: FONT_BOLD, size: 8.5 });
}

function party(doc: PdfDoc, title: string, address: DocAddress, gstin: string | null, x: number, y: number, width: number): void {
  textLine(doc, title.toUpperCase(), x, y, width, { font: FONT_BOLD, size: 7.5, color: GREY });
  textLine(doc, pdfText(address.name), x, y + 10, width, { font: FONT_BOLD, size: 9.5 });
  let lineY = textBlock(doc, addressLines(address).join(', '), x, y + 23, width, 3, { size: 8.5, lineHeight: 10 });
  textLine(doc, `Phone: ${pdfText(address.phone)}`, x, lineY, width, { size: 8.5 });
  lineY += 10;
  if (gstin) textLine(doc, `GSTIN: ${pdfText(gstin)}`, x, lineY, width, { font: FONT_BOLD, size: 8.5 });
}

function tableColumns(taxes: GstComponent[]): Column[] {
  const fixed: Column[] = [
    { title: '#', width: 18, align: 'center' },
    { title: 'Item', width: 0, align: 'left' },
    { title: 'HSN', width: 44, align: 'left' },
    { title: 'Qty', width: 28, align: 'right' },
    { title: 'Unit Price', width: 56, align: 'right' },
    { title: 'Taxable Value', width: 64, align: 'right' },
  ];
  const taxCols: Column[] = taxes.map((t) => ({ title: TAX_TITLES[t], width: taxes.length > 2 ? 50 : 58, align: 'right' }));
  const total: Column = { title: 'Amount', width: 64, align: 'right' };
  const used = [...fixed, ...taxCols, total].reduce((sum, c) => sum + c.width, 0);
  fixed[1].width = WIDTH - used;
  return [...fixed, ...taxCols, total];
}

const CELL_PAD = 4;

function drawTableHeader(doc: PdfDoc, columns: Column[], y: number): number {
  const height = 22;
  doc.rect(MARGIN, y, WIDTH, height).fill(LIGHT);
  let x = MARGIN;
  for (const column of columns) {
    textLine(doc, column.title, x + CELL_PAD, y + 7, column.width - 2 * CELL_PAD, { font: FONT_BOLD, size: 7.5, align: column.align });
    x += column.width;
  }
  return y + height;
}

const ROW_LINE = 9.5;

function titleLines(doc: PdfDoc, line: InvoiceLine, width: number): number {
  // Measured the way textBlock wraps: at most 2 lines of title.
  return measure(doc, pdfText(line.title), FONT, 8) > width - 2 * CELL_PAD ? 2 : 1;
}

function rowHeight(doc: PdfDoc, line: InvoiceLine, itemWidth: number): number {
  // Tax cells take two lines (amount, rate), so a row is at least two lines high.
  return Math.max(2, titleLines(doc, line, itemWidth) + (line.sku ? 1 : 0)) * ROW_LINE + 8;
}

function drawRow(doc: PdfDoc, columns: Column[], taxes: GstComponent[], line: InvoiceLine, index: number, y: number, height: number): number {
  const cells: Array<[string, string | null]> = [
    [String(index), null],
    ['', null], // item, drawn below
    [pdfText(line.hsn), null],
    [String(line.quantity), null],
    [formatPaise(line.unitPricePaise), null],
    [formatPaise(line.split.taxablePaise), null],
    ...taxes.map((t): [string, string] => [formatPaise(line.split.tax[t]), `@ ${formatRate(line.split.rates[t])}`]),
    [formatPaise(line.split.grossPaise), null],
  ];
  let x = MARGIN;
  cells.forEach(([value, note], i) => {
    const column = columns[i];
    const inner = column.width - 2 * CELL_PAD;
    if (i === 1) {
      const below = textBlock(doc, pdfText(line.title), x + CELL_PAD, y + 4, inner, 2, { size: 8, lineHeight: ROW_LINE });
      if (line.sku) textLine(doc, `SKU: ${pdfText(line.sku)}`, x + CELL_PAD, below, inner, { size: 7, color: GREY });
    } else {
      textLine(doc, value, x + CELL_PAD, y + 4, inner, { size: 8, align: column.align });
      if (note) textLine(doc, note, x + CELL_PAD, y + 4 + ROW_LINE, inner, { size: 6.5, color: GREY, align: column.align });
    }
    x += column.width;
  });
  doc.moveTo(MARGIN, y + height).lineTo(MARGIN + WIDTH, y + height).lineWidth(0.4).strokeColor('#999999').stroke();
  return y + height;
}

function drawTotals(doc: PdfDoc, taxes: GstComponent[], calc: InvoiceComputation, y: number): number {
  const { totals } = calc;
  const rows: Array<[string, string]> = [
    ['Total Taxable Value', formatInr(totals.taxablePaise)],
    ...taxes.map((t): [string, string] => [`Total ${TAX_TITLES[t]}`, formatInr(totals.tax[t])]),
  ];
  const boxWidth = 230;
  const x = MARGIN + WIDTH - boxWidth;
  for (const [label, value] of rows) {
    textLine(doc, label, x, y, boxWidth - 100, { size: 9 });
    textLine(doc, value, x + boxWidth - 100, y, 100, { size: 9, align: 'right' });
    y += 13;
  }
  doc.rect(x - 4, y - 2, boxWidth + 4, 18).fill(LIGHT);
  textLine(doc, 'Invoice Total', x, y + 3, boxWidth - 100, { font: FONT_BOLD, size: 10 });
  textLine(doc, formatInr(totals.grossPaise), x + boxWidth - 100, y + 3, 100, { font: FONT_BOLD, size: 10, align: 'right' });
  y += 24;
  textLine(doc, 'Amount in words:', MARGIN, y, WIDTH, { size: 8.5, color: GREY });
  y = textBlock(doc, amountInWords(totals.grossPaise), MARGIN, y + 11, WIDTH, 2, { font: FONT_BOLD, size: 9.5, lineHeight: 12 });
  return y;
}

function drawSignature(doc: PdfDoc, invoice: DocInvoice, y: number): void {
  const width = 200;
  const x = MARGIN + WIDTH - width;
  textLine(doc, `For ${pdfText(invoice.profile.registeredName)}`, x, y, width, { font: FONT_BOLD, size: 9, align: 'right' });
  if (invoice.profile.signature) {
    doc.image(invoice.profile.signature, x + width - 120, y + 14, { fit: [120, 44], align: 'right' });
  }
  textLine(doc, 'Authorised Signatory', x, y + 64, width, { size: 8.5, align: 'right' });
}

function drawFooter(doc: PdfDoc, invoice: DocInvoice, note: string): void {
  textLine(doc, note, MARGIN, PAGE[1] - MARGIN, WIDTH / 2, { size: 7, color: GREY });
  textLine(doc, `Invoice ${pdfText(invoice.invoiceNumber)}`, MARGIN + WIDTH / 2, PAGE[1] - MARGIN, WIDTH / 2, {
    size: 7,
    color: GREY,
    align: 'right',
  });
}
