/**
 * Shipping labels: one 4 x 6 inch page (288 x 432 pt) per order, all in one PDF.
 */
import type { Writable } from 'node:stream';
import { drawLinearSymbol, encodeCode128, type LinearSymbol } from './barcode';
import { DocumentInputError, NO_AWB, type DocumentInputFailure } from './errors';
import { addressLines, ewayBillText, formatDate, formatInr, formatWeight, pdfText } from './format';
import { createPdf, FONT_BOLD, pace, textBlock, textLine, writePdf, type PdfDoc } from './pdf-common';
import type { DocOrder } from './types';

export const LABEL_SIZE: [number, number] = [288, 432];
const MARGIN = 8;
const INNER = LABEL_SIZE[0] - 2 * MARGIN;
const MAX_ITEM_LINES = 4;
/** Labels drawn between turns given back to the event loop (~25 ms of work). */
const PACE_EVERY = 25;

/** What the courier does about money, in large type. */
export function paymentBadge(order: DocOrder): { title: string; amount: string | null } {
  if (order.paymentMode === 'cod') return { title: 'COD', amount: formatInr(order.codPaise) };
  return { title: order.paymentMode === 'credit' ? 'CREDIT' : 'PREPAID', amount: null };
}

/**
 * Writes one PDF with a label per order, in the given order. Orders without
 * an AWB (or with one Code128 cannot carry) are refused with a
 * DocumentInputError before anything is written.
 */
export async function renderLabels(orders: readonly DocOrder[], out: Writable): Promise<void> {
  const failures: DocumentInputFailure[] = [];
  const barcodes = orders.map((order) => {
    const awb = order.awb?.trim();
    if (!awb) {
      failures.push({ orderId: order.shopOrderId, reasons: [NO_AWB] });
      return null;
    }
    try {
      return encodeCode128(awb);
    } catch (err) {
      failures.push({ orderId: order.shopOrderId, reasons: [(err as Error).message] });
      return null;
    }
  });
  if (failures.length > 0) throw new DocumentInputError('label', failures);
  const doc = createPdf(orders.length === 1 ? `Label ${orders[0].awb}` : `Labels (${orders.length})`);
  await writePdf(doc, out, async () => {
    for (let i = 0; i < orders.length; i++) {
      if (i > 0 && i % PACE_EVERY === 0) await pace(doc, out);
      drawLabel(doc, orders[i], barcodes[i]!);
      if (orders[i].itemLabels) drawItemLabels(doc, orders[i]);
    }
  });
}

/** Item labels (preference printItemLabel): one page per item line with its SKU barcode, to stick on the item. */
function drawItemLabels(doc: PdfDoc, order: DocOrder): void {
  order.items.forEach((item, i) => {
    doc.addPage({ size: LABEL_SIZE, margin: 0 });
    doc.rect(MARGIN / 2, MARGIN / 2, LABEL_SIZE[0] - MARGIN, LABEL_SIZE[1] - MARGIN).lineWidth(1).stroke();
    textLine(doc, 'ITEM LABEL', MARGIN, 14, INNER, { font: FONT_BOLD, size: 9 });
    textLine(doc, `Item ${i + 1} of ${order.items.length}`, MARGIN, 14, INNER, { size: 9, align: 'right' });
    textBlock(doc, pdfText(item.title), MARGIN, 36, INNER, 3, { font: FONT_BOLD, size: 14, lineHeight: 17 });
    textLine(doc, `SKU: ${pdfText(item.sku)}`, MARGIN, 100, INNER, { size: 11 });
    textLine(doc, `Qty: ${item.quantity}`, MARGIN, 118, INNER, { font: FONT_BOLD, size: 13 });
    try {
      drawLinearSymbol(doc, encodeCode128(item.sku), MARGIN, 142, INNER, 50);
    } catch {
      // a SKU Code128 cannot carry is printed as text only
    }
    textLine(doc, `Order ID: ${pdfText(order.shopOrderId)}`, MARGIN, 206, INNER, { size: 10 });
    textLine(doc, `AWB: ${pdfText(order.awb ?? '')}`, MARGIN, 222, INNER, { size: 10 });
  });
}

function rule(doc: PdfDoc, y: number): void {
  doc.moveTo(MARGIN, y).lineTo(LABEL_SIZE[0] - MARGIN, y).lineWidth(0.8).strokeColor('black').stroke();
}

function drawLabel(doc: PdfDoc, order: DocOrder, barcode: LinearSymbol): void {
  doc.addPage({ size: LABEL_SIZE, margin: 0 });
  const awb = order.awb!.trim();
  const right = LABEL_SIZE[0] - MARGIN;
  doc.rect(MARGIN / 2, MARGIN / 2, LABEL_SIZE[0] - MARGIN, LABEL_SIZE[1] - MARGIN).lineWidth(1).stroke();

  // Courier and payment
  const badge = paymentBadge(order);
  const badgeWidth = 104;
  textLine(doc, pdfText(order.courierName) || 'Courier', MARGIN, 14, INNER - badgeWidth - 6, { font: FONT_BOLD, size: 15 });
  textLine(doc, `Order date: ${formatDate(order.createdAt)}`, MARGIN, 34, INNER - badgeWidth - 6, { size: 8 });
  const badgeX = right - badgeWidth;
  if (badge.amount) {
    doc.rect(badgeX, 8, badgeWidth, 38).fill('black');
    textLine(doc, badge.title, badgeX, 12, badgeWidth, { font: FONT_BOLD, size: 14, color: 'white', align: 'center' });
    textLine(doc, badge.amount, badgeX, 30, badgeWidth, { font: FONT_BOLD, size: 11, color: 'white', align: 'center' });
  } else {
    doc.rect(badgeX, 8, badgeWidth, 38).lineWidth(1.5).stroke();
    textLine(doc, badge.title, badgeX, 20, badgeWidth, { font: FONT_BOLD, size: 14, align: 'center' });
  }
  rule(doc, 52);

  // AWB barcode
  drawLinearSymbol(doc, barcode, MARGIN, 58, INNER, 58);
  textLine(doc, `AWB: ${pdfText(awb)}`, MARGIN, 120, INNER, { font: FONT_BOLD, size: 13, align: 'center' });
  rule(doc, 138);

  // Ship to
  const to = order.shipTo;
  textLine(doc, 'SHIP TO', MARGIN, 142, INNER, { font: FONT_BOLD, size: 7 });
  textLine(doc, pdfText(to.name), MARGIN, 151, INNER, { font: FONT_BOLD, size: 11 });
  let y = 165;
  const toLines = addressLines({ ...to, pincode: '' });
  y = textBlock(doc, toLines.join(', '), MARGIN, y, INNER, 4, { size: 9, lineHeight: 10.5 });
  textLine(doc, `PIN: ${pdfText(to.pincode)}`, MARGIN, Math.max(y + 2, 200), 140, { font: FONT_BOLD, size: 15 });
  if (!order.hideCustomerPhone) textLine(doc, `Ph: ${pdfText(to.phone)}`, MARGIN + 140, Math.max(y + 5, 203), INNER - 140, { size: 10, align: 'right' });
  rule(doc, 226);

  // Order details
  textLine(doc, `Order ID: ${pdfText(order.shopOrderId)}`, MARGIN, 231, INNER * 0.6, { font: FONT_BOLD, size: 10 });
  textLine(doc, `Value: ${formatInr(order.totalPaise)}`, MARGIN + INNER * 0.6, 232, INNER * 0.4, { size: 9, align: 'right' });
  const d = order.dimensionsCm;
  textLine(doc, `Weight: ${formatWeight(order.weightGrams)}`, MARGIN, 245, INNER * 0.45, { size: 9 });
  textLine(doc, `Dimensions: ${d.length} x ${d.breadth} x ${d.height} cm`, MARGIN + INNER * 0.45, 245, INNER * 0.55, {
    size: 9,
    align: 'right',
  });
  y = 259;
  const shown = order.items.length > MAX_ITEM_LINES ? MAX_ITEM_LINES - 1 : order.items.length;
  for (const item of order.items.slice(0, shown)) {
    textLine(doc, `${item.quantity} x ${pdfText(item.title)}`, MARGIN, y, INNER * 0.68, { size: 8 });
    textLine(doc, pdfText(item.sku), MARGIN + INNER * 0.7, y, INNER * 0.3, { size: 8, align: 'right' });
    y += 10;
  }
  if (shown < order.items.length) {
    const units = order.items.slice(shown).reduce((n, item) => n + item.quantity, 0);
    textLine(doc, `+ ${order.items.length - shown} more items (${units} units)`, MARGIN, y, INNER, { size: 8 });
  }
  rule(doc, 302);

  // Return address
  const back = order.returnAddress;
  textLine(doc, 'IF UNDELIVERED, RETURN TO', MARGIN, 306, INNER, { font: FONT_BOLD, size: 7 });
  textLine(doc, pdfText(back.name), MARGIN, 315, INNER, { font: FONT_BOLD, size: 9 });
  y = textBlock(doc, addressLines(back).join(', '), MARGIN, 326, INNER, 4, { size: 8, lineHeight: 9.5 });
  textLine(doc, `Ph: ${pdfText(back.phone)}`, MARGIN, y + 1, INNER, { size: 8 });

  if (order.ewayBill) textLine(doc, ewayBillText(order.ewayBill), MARGIN, Math.max(y + 12, LABEL_SIZE[1] - 32), INNER, { font: FONT_BOLD, size: 8 });
  textLine(doc, pdfText(order.id), MARGIN, LABEL_SIZE[1] - 18, INNER, { size: 6, color: '#444444', align: 'right' });
}
