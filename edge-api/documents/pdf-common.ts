/** pdfkit plumbing shared by labels, invoices and manifests. */
import { PassThrough, type Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

export type PdfDoc = PDFKit.PDFDocument;

/**
 * Embedded Noto Sans Devanagari (npm @expo-google-fonts/noto-sans-devanagari,
 * SIL OFL): one font with Latin, the rupee sign (U+20B9) and Devanagari, so
 * names and addresses written in Hindi or Marathi print as written and amounts
 * print with ₹. pdfkit subsets it (only the glyphs used are embedded) and lays
 * Devanagari out through fontkit's Indic shaper.
 */
export const FONT = 'NotoSans';
export const FONT_BOLD = 'NotoSans-Bold';

const fontFile = createRequire(import.meta.url);
const FONT_BYTES = {
  [FONT]: readFileSync(fontFile.resolve('@expo-google-fonts/noto-sans-devanagari/400Regular/NotoSansDevanagari_400Regular.ttf')),
  [FONT_BOLD]: readFileSync(fontFile.resolve('@expo-google-fonts/noto-sans-devanagari/700Bold/NotoSansDevanagari_700Bold.ttf')),
};

export function createPdf(title: string): PdfDoc {
  const doc = new PDFDocument({
    autoFirstPage: false,
    bufferPages: false,
    info: { Title: title, Producer: 'shipdesk documents', Creator: 'shipdesk' },
  });
  for (const [name, bytes] of Object.entries(FONT_BYTES)) doc.registerFont(name, bytes);
  doc.font(FONT);
  return doc;
}

/** pdfkit emits a chunk per PDF object (~100 bytes); they are gathered into writes of this size. */
const WRITE_CHUNK = 64 * 1024;

/**
 * Like doc.pipe(out), with pdfkit's many small chunks gathered into large
 * writes (one HTTP chunk each rather than fifteen per label).
 */
function pipeGathered(doc: PdfDoc, out: Writable): void {
  let parts: Buffer[] = [];
  let size = 0;
  const flush = (): boolean => {
    if (size === 0 || out.destroyed) return true;
    const chunk = parts.length === 1 ? parts[0] : Buffer.concat(parts, size);
    parts = [];
    size = 0;
    return out.write(chunk);
  };
  doc.on('data', (chunk: Buffer) => {
    parts.push(chunk);
    size += chunk.length;
    if (size >= WRITE_CHUNK && !flush()) {
      doc.pause();
      out.once('drain', () => doc.resume());
    }
  });
  doc.on('end', () => {
    flush();
    if (!out.destroyed) out.end();
  });
}

/**
 * Streams `doc` into `out`, lets `draw` add the pages, ends the document and
 * resolves once `out` has received everything. On any error `out` is
 * destroyed (the reader sees a failed stream, never a truncated PDF passing
 * as whole) and the promise rejects.
 */
export async function writePdf(doc: PdfDoc, out: Writable, draw: (doc: PdfDoc) => void | Promise<void>): Promise<void> {
  pipeGathered(doc, out);
  try {
    await draw(doc);
  } catch (err) {
    out.destroy(err as Error);
    throw err;
  }
  doc.end();
  await finished(out);
}

/** Bytes of finished PDF allowed to wait for a slow reader before drawing pauses. */
const PDF_BUFFER_LIMIT = 4 * 1024 * 1024;

export class OutputClosedError extends Error {
  constructor() {
    super('Document output closed before the document was complete');
    this.name = 'OutputClosedError';
  }
}

/**
 * Called between pages of long documents: gives the event loop a turn (other
 * requests, flushing to the reader), waits while the reader is more than a
 * few MB behind (pdfkit itself does not wait), and stops the work when the
 * reader went away.
 */
export async function pace(doc: PdfDoc, out: Writable): Promise<void> {
  await nextTurn();
  while (doc.readableLength > PDF_BUFFER_LIMIT && !out.destroyed) {
    await new Promise<void>((resolve) => {
      const done = () => {
        out.off('drain', done);
        out.off('close', done);
        resolve();
      };
      out.on('drain', done);
      out.on('close', done);
    });
  }
  if (out.destroyed) throw new OutputClosedError();
}

/** Runs a renderer into memory; for e-mail attachments and tests. */
export async function renderToBuffer(render: (out: Writable) => Promise<void>): Promise<Buffer> {
  const sink = new PassThrough();
  const chunks: Buffer[] = [];
  sink.on('data', (chunk: Buffer) => chunks.push(chunk));
  await render(sink);
  return Buffer.concat(chunks);
}

export interface TextStyle {
  font?: string;
  size?: number;
  color?: string;
  align?: 'left' | 'center' | 'right';
}

/**
 * Advance widths (per 1 pt of font size) of the 256 WinAnsi codes for each
 * built-in font. Measuring through pdfkit looks up kerning pairs for every
 * character, which dominated label rendering time; kerning only narrows
 * Helvetica text, so these unkerned widths fit text safely.
 */
const widthTables = new Map<string, Float64Array>();

function widthTable(doc: PdfDoc, font: string): Float64Array {
  let table = widthTables.get(font);
  if (!table) {
    table = new Float64Array(256);
    doc.font(font).fontSize(1);
    for (let code = 0x20; code < 256; code++) table[code] = doc.widthOfString(String.fromCharCode(code));
    widthTables.set(font, table);
  }
  return table;
}

/** Width of `text` in points, in `font` at `size`. */
export function measure(doc: PdfDoc, text: string, font: string, size: number): number {
  const table = widthTable(doc, font);
  let width = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    width += code < 256 ? table[code] : table[0x57]; // outside Latin-1 (₹, Devanagari, dashes, quotes): no wider than 'W'
  }
  return width * size;
}

/**
 * Draws one line of text at (x, y) within `width`, cut with "..." when too
 * long. Layout is done here rather than by pdfkit's line wrapper: it is
 * several times faster and every position is known in advance.
 */
export function textLine(doc: PdfDoc, text: string, x: number, y: number, width: number, style: TextStyle = {}): void {
  const font = style.font ?? FONT;
  const size = style.size ?? 9;
  const fitted = fitText(doc, text, width, font, size);
  let left = x;
  if (style.align && style.align !== 'left') {
    const free = width - measure(doc, fitted, font, size);
    left += style.align === 'center' ? free / 2 : free;
  }
  doc.font(font).fontSize(size).fillColor(style.color ?? 'black');
  doc.text(fitted, left, y, { lineBreak: false });
}

/** `text` cut to fit `width`, with "..." when cut. */
export function fitText(doc: PdfDoc, text: string, width: number, font: string, size: number): string {
  if (measure(doc, text, font, size) <= width) return text;
  let lo = 0;
  let hi = text.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (measure(doc, `${text.slice(0, mid)}...`, font, size) <= width) lo = mid;
    else hi = mid - 1;
  }
  return `${text.slice(0, lo).trimEnd()}...`;
}

/** Word-wraps `text` to `width` in the current font, at most `maxLines` lines (the last cut with "..."). */
export function wrapText(doc: PdfDoc, text: string, width: number, maxLines: number, font: string, size: number): string[] {
  const lines: string[] = [];
  let current = '';
  const words = text.split(/\s+/).filter(Boolean);
  for (let i = 0; i < words.length; i++) {
    const candidate = current ? `${current} ${words[i]}` : words[i];
    if (measure(doc, candidate, font, size) <= width || !current) {
      current = candidate;
      continue;
    }
    lines.push(current);
    current = words[i];
    if (lines.length === maxLines - 1) {
      current = words.slice(i).join(' ');
      break;
    }
  }
  if (current) lines.push(current);
  return lines.slice(0, maxLines).map((line) => fitText(doc, line, width, font, size));
}

/** Draws wrapped text; returns the y below the last line. */
export function textBlock(
  doc: PdfDoc,
  text: string,
  x: number,
  y: number,
  width: number,
  maxLines: number,
  style: TextStyle & { lineHeight?: number } = {},
): number {
  const size = style.size ?? 9;
  const lineHeight = style.lineHeight ?? size * 1.2;
  for (const line of wrapText(doc, text, width, maxLines, style.font ?? FONT, size)) {
    textLine(doc, line, x, y, width, style);
    y += lineHeight;
  }
  return y;
}
