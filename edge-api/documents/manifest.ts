/**
 * Shipping manifest: the list of parcels handed to couriers at pickup, with
 * totals and a handover signature area. A4, as many pages as needed.
 */
import type { Writable } from 'node:stream';
import { DocumentInputError, NO_AWB } from './errors';
import { addressLines, ewayBillText, formatDate, formatPaise, pdfText } from './format';
import { createPdf, FONT_BOLD, pace, textLine, writePdf, type PdfDoc } from './pdf-common';
import type { DocManifest, DocOrder } from './types';

const PAGE: [number, number] = [595.28, 841.89];
const MARGIN = 36;
const WIDTH = PAGE[0] - 2 * MARGIN;
const BOTTOM = PAGE[1] - MARGIN - 16;
const ROW = 17;
/** A parcel with an e-way bill takes a second line for it. */
const EWB_LINE = 11;
const rowHeight = (order: DocOrder) => ROW + (order.ewayBill ? EWB_LINE : 0);
const GREY = '#555555';
const LIGHT = '#e8e8e8';

interface Column {
  title: string;
  width: number;
  align: 'left' | 'right';
  value: (order: DocOrder, index: number) => string;
}

export interface ManifestSummary {
  shipments: number;
  pieces: number;
  weightGrams: number;
  codPaise: number;
}

export interface ManifestCourierSummary extends ManifestSummary {
  courier: string;
}

const piecesOf = (order: DocOrder) => order.pieces ?? 1;
const codOf = (order: DocOrder) => (order.paymentMode === 'cod' ? order.codPaise : 0);

const COLUMNS: Column[] = [
  { title: '#', width: 26, align: 'right', value: (_, i) => String(i + 1) },
  { title: 'AWB', width: 110, align: 'left', value: (o) => pdfText(o.awb) },
  { title: 'Order ID', width: 92, align: 'left', value: (o) => pdfText(o.shopOrderId) },
  { title: 'Courier', width: 0, align: 'left', value: (o) => pdfText(o.courierName) },
  { title: 'Pieces', width: 40, align: 'right', value: (o) => String(piecesOf(o)) },
  { title: 'Weight (kg)', width: 56, align: 'right', value: (o) => (o.weightGrams / 1000).toFixed(3) },
  { title: 'Payment', width: 50, align: 'left', value: (o) => o.paymentMode.toUpperCase() },
  { title: 'COD Amount', width: 68, align: 'right', value: (o) => (o.paymentMode === 'cod' ? formatPaise(o.codPaise) : '-') },
];
COLUMNS[3].width = WIDTH - COLUMNS.reduce((sum, c) => sum + c.width, 0);

/** Totals over all parcels, and per courier (in order of first appearance). */
export function summariseManifest(orders: readonly DocOrder[]): { total: ManifestSummary; couriers: ManifestCourierSummary[] } {
  const total: ManifestSummary = { shipments: 0, pieces: 0, weightGrams: 0, codPaise: 0 };
  const couriers = new Map<string, ManifestCourierSummary>();
  for (const order of orders) {
    const name = order.courierName?.trim() || 'Unassigned';
    let courier = couriers.get(name);
    if (!courier) {
      courier = { courier: name, shipments: 0, pieces: 0, weightGrams: 0, codPaise: 0 };
      couriers.set(name, courier);
    }
    for (const sum of [total, courier]) {
      sum.shipments += 1;
      sum.pieces += piecesOf(order);
      sum.weightGrams += order.weightGrams;
      sum.codPaise += codOf(order);
    }
  }
  return { total, couriers: [...couriers.values()] };
}

/** Writes the manifest PDF. Orders without an AWB are refused before anything is written. */
export async function renderManifest(manifest: DocManifest, out: Writable): Promise<void> {
  const failures = manifest.orders
    .filter((o) => !o.awb?.trim())
    .map((o) => ({ orderId: o.shopOrderId, reasons: [NO_AWB] }));
  if (failures.length > 0) throw new DocumentInputError('manifest', failures);

  const doc = createPdf(`Shipping Manifest ${manifest.manifestNumber}`);
  await writePdf(doc, out, async () => {
    let page = 1;
    doc.addPage({ size: PAGE, margin: 0 });
    let y = drawHeader(doc, manifest);
    y = drawTableHeader(doc, y);
    for (let i = 0; i < manifest.orders.length; i++) {
      const order = manifest.orders[i];
      if (y + rowHeight(order) > BOTTOM) {
        if (page % 20 === 0) await pace(doc, out);
        drawFooter(doc, manifest, page++);
        doc.addPage({ size: PAGE, margin: 0 });
        textLine(doc, `Shipping Manifest ${pdfText(manifest.manifestNumber)} (continued)`, MARGIN, MARGIN, WIDTH, { font: FONT_BOLD, size: 10 });
        y = drawTableHeader(doc, MARGIN + 18);
      }
      drawRow(doc, order, i, y);
      y += rowHeight(order);
    }

    const summary = summariseManifest(manifest.orders);
    const closing = 40 + (summary.couriers.length > 1 ? 14 * (summary.couriers.length + 1) : 0) + 150;
    if (y + closing > BOTTOM) {
      drawFooter(doc, manifest, page++);
      doc.addPage({ size: PAGE, margin: 0 });
      y = MARGIN;
    }
    y = drawTotals(doc, summary, y);
    drawHandover(doc, summary.total.shipments, y + 16);
    drawFooter(doc, manifest, page);
  });
}

function drawHeader(doc: PdfDoc, manifest: DocManifest): number {
  textLine(doc, 'SHIPPING MANIFEST', MARGIN, MARGIN, WIDTH / 2, { font: FONT_BOLD, size: 16 });
  textLine(doc, `Manifest No: ${pdfText(manifest.manifestNumber)}`, MARGIN + WIDTH / 2, MARGIN, WIDTH / 2, { font: FONT_BOLD, size: 10, align: 'right' });
  textLine(doc, `Date: ${formatDate(manifest.generatedAt)}`, MARGIN + WIDTH / 2, MARGIN + 14, WIDTH / 2, { size: 9, align: 'right' });
  let y = MARGIN + 26;
  textLine(doc, `Shipper: ${pdfText(manifest.shipperName)}`, MARGIN, y, WIDTH, { font: FONT_BOLD, size: 10 });
  y += 14;
  const pickup = manifest.pickupAddress;
  const lines = [pdfText(pickup.name), ...addressLines(pickup)].filter(Boolean);
  textLine(doc, `Pickup: ${lines.join(', ')}`, MARGIN, y, WIDTH, { size: 8.5 });
  y += 11;
  textLine(doc, `Phone: ${pdfText(pickup.phone)}`, MARGIN, y, WIDTH, { size: 8.5 });
  return y + 18;
}

function drawTableHeader(doc: PdfDoc, y: number): number {
  doc.rect(MARGIN, y, WIDTH, ROW + 2).fill(LIGHT);
  let x = MARGIN;
  for (const column of COLUMNS) {
    textLine(doc, column.title, x + 4, y + 5, column.width - 8, { font: FONT_BOLD, size: 8, align: column.align });
    x += column.width;
  }
  return y + ROW + 2;
}

function drawRow(doc: PdfDoc, order: DocOrder, index: number, y: number): void {
  let x = MARGIN;
  for (const column of COLUMNS) {
    textLine(doc, column.value(order, index), x + 4, y + 5, column.width - 8, { size: 8.5, align: column.align });
    x += column.width;
  }
  if (order.ewayBill) textLine(doc, ewayBillText(order.ewayBill), MARGIN + COLUMNS[0].width + 4, y + ROW - 1, WIDTH - COLUMNS[0].width - 8, { size: 7.5, color: GREY });
  const bottom = y + rowHeight(order);
  doc.moveTo(MARGIN, bottom).lineTo(MARGIN + WIDTH, bottom).lineWidth(0.4).strokeColor('#999999').stroke();
}

function drawTotals(doc: PdfDoc, summary: { total: ManifestSummary; couriers: ManifestCourierSummary[] }, y: number): number {
  const line = (label: string, s: ManifestSummary, bold: boolean) => {
    const style = { font: bold ? FONT_BOLD : undefined, size: 9 };
    textLine(doc, label, MARGIN, y, 200, style);
    textLine(doc, `Shipments: ${s.shipments}`, MARGIN + 200, y, 90, style);
    textLine(doc, `Pieces: ${s.pieces}`, MARGIN + 290, y, 70, style);
    textLine(doc, `Weight: ${(s.weightGrams / 1000).toFixed(3)} kg`, MARGIN + 360, y, 100, style);
    textLine(doc, `COD: ${formatPaise(s.codPaise)}`, MARGIN + 440, y, WIDTH - 440, { ...style, align: 'right' });
    y += 14;
  };
  y += 8;
  if (summary.couriers.length > 1) {
    for (const courier of summary.couriers) line(pdfText(courier.courier), courier, false);
  }
  line('Total', summary.total, true);
  return y;
}

function drawHandover(doc: PdfDoc, shipments: number, y: number): void {
  const boxWidth = (WIDTH - 16) / 2;
  const boxes: Array<[string, number]> = [
    ['Handed over by (Shipper)', MARGIN],
    ['Received by (Courier Executive)', MARGIN + boxWidth + 16],
  ];
  for (const [title, x] of boxes) {
    doc.rect(x, y, boxWidth, 128).lineWidth(0.8).strokeColor('black').stroke();
    textLine(doc, title, x + 8, y + 8, boxWidth - 16, { font: FONT_BOLD, size: 9.5 });
    ['Name', 'Phone', 'Signature', 'Date & Time'].forEach((field, i) => {
      const fieldY = y + 32 + i * 22;
      textLine(doc, `${field}:`, x + 8, fieldY, 70, { size: 8.5 });
      doc.moveTo(x + 78, fieldY + 9).lineTo(x + boxWidth - 8, fieldY + 9).lineWidth(0.5).strokeColor(GREY).stroke();
    });
  }
  textLine(doc, `Shipments received: ______ of ${shipments}`, MARGIN + boxWidth + 24, y + 112, boxWidth - 16, { size: 8.5 });
}

function drawFooter(doc: PdfDoc, manifest: DocManifest, page: number): void {
  textLine(doc, `Manifest ${pdfText(manifest.manifestNumber)}`, MARGIN, PAGE[1] - MARGIN, WIDTH / 2, { size: 7, color: GREY });
  textLine(doc, `Page ${page}`, MARGIN + WIDTH / 2, PAGE[1] - MARGIN, WIDTH / 2, { size: 7, color: GREY, align: 'right' });
}
