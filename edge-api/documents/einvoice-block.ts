/**
 * What a tax invoice prints of its GST e-invoice registration: the IRN, Ack No
 * and Ack date and the QR code of the IRP's SignedQRCode (drawn as vector
 * modules by bwip-js), or "IRN pending" while it waits. A document answered by
 * the demo sandbox says so. The consignment's e-way bill (by IRN, from the e-way
 * bill system without one, or recorded on the order) is printed with it, as the
 * label and manifest print it.
 */
import bwipjs from 'bwip-js/node';
import { DEMO_MARK } from '../../domain/einvoice/rules';
import { indiaDateTimeText } from '../../domain/india-time';
import { ewayBillText } from './format';
import { FONT, FONT_BOLD, textLine, type PdfDoc } from './pdf-common';
import type { DocEinvoice, DocOrder } from './types';

export const IRN_PENDING = 'IRN pending';
const QR_SIZE = 112;
/** A QR code needs a quiet zone of 4 modules around it. */
const QUIET = 4;

export function drawQrCode(doc: PdfDoc, text: string, x: number, y: number, size: number): void {
  const [sym] = bwipjs.raw({ bcid: 'qrcode', text }) as unknown as { pixs: number[]; pixx: number; pixy: number }[];
  const module = size / (sym.pixx + 2 * QUIET);
  for (let row = 0; row < sym.pixy; row++) {
    for (let col = 0; col < sym.pixx; col++) {
      if (sym.pixs[row * sym.pixx + col]) doc.rect(x + (col + QUIET) * module, y + (row + QUIET) * module, module, module);
    }
  }
  doc.fill('black');
}

type EwayBill = DocOrder['ewayBill'];

/** The e-way bill on a line of its own; returns the y below it (unchanged without one). */
function drawEwayBillLine(doc: PdfDoc, ewayBill: EwayBill, x: number, y: number, width: number): number {
  if (!ewayBill) return y;
  textLine(doc, ewayBillText(ewayBill), x, y, width, { font: FONT_BOLD, size: 8.5 });
  return y + 14;
}

/**
 * Draws the block at `y` across `width`; returns the y below it (unchanged when the invoice is neither
 * e-invoiced nor carries an e-way bill).
 */
export function drawEinvoiceBlock(doc: PdfDoc, e: DocEinvoice | undefined, ewayBill: EwayBill, x: number, y: number, width: number): number {
  if (!e) return drawEwayBillLine(doc, ewayBill, x, y, width);
  if (e.status !== 'registered' || !e.irn || !e.signedQrCode) {
    const text = e.status === 'cancelled' ? `IRN cancelled${e.irn ? `: ${e.irn}` : ''}` : IRN_PENDING;
    textLine(doc, text, x, y, width, { font: FONT_BOLD, size: 9 });
    return drawEwayBillLine(doc, ewayBill, x, y + 14, width) + 2;
  }
  const textWidth = width - QR_SIZE - 10;
  textLine(doc, 'E-INVOICE', x, y, textWidth, { font: FONT_BOLD, size: 7.5, color: '#555555' });
  textLine(doc, 'IRN:', x, y + 12, 40, { size: 8.5, color: '#555555' });
  // 64 hex characters on two lines of 32: never cut short.
  textLine(doc, e.irn.slice(0, 32), x + 40, y + 12, textWidth - 40, { font: FONT_BOLD, size: 8.5 });
  textLine(doc, e.irn.slice(32), x + 40, y + 22, textWidth - 40, { font: FONT_BOLD, size: 8.5 });
  textLine(doc, `Ack No: ${e.ackNo ?? ''}`, x, y + 36, textWidth, { font: FONT, size: 8.5 });
  textLine(doc, `Ack Date: ${e.ackAt ? indiaDateTimeText(e.ackAt) : ''}`, x, y + 48, textWidth, { font: FONT, size: 8.5 });
  drawEwayBillLine(doc, ewayBill, x, y + 60, textWidth);
  if (e.demo) textLine(doc, DEMO_MARK, x, y + 76, textWidth, { font: FONT_BOLD, size: 10, color: '#b00020' });
  drawQrCode(doc, e.signedQrCode, x + width - QR_SIZE, y, QR_SIZE);
  return y + QR_SIZE + 8;
}
