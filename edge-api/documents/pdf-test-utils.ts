/**
 * Test helpers: read produced PDFs back the way a person or a scanner would.
 * Text through pdfjs-dist; barcodes by rasterising with Debian's pdftoppm
 * (poppler-utils) and decoding with zbarimg (zbar-tools).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';

const require = createRequire(import.meta.url);
const standardFontDataUrl = pathToFileURL(join(require.resolve('pdfjs-dist/package.json'), '..', 'standard_fonts/')).href;

export interface PdfPage {
  width: number;
  height: number;
  /** Text items joined with single spaces. */
  text: string;
  /** Number of images painted on the page. */
  images: number;
}

export async function readPdf(pdf: Buffer): Promise<PdfPage[]> {
  const doc = await pdfjs.getDocument({ data: new Uint8Array(pdf), standardFontDataUrl, verbosity: 0 }).promise;
  const pages: PdfPage[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const [, , width, height] = page.view;
    const content = await page.getTextContent();
    const text = content.items
      .map((item) => ('str' in item ? item.str : ''))
      .filter((s) => s.trim())
      .join(' ');
    const ops = await page.getOperatorList();
    const images = ops.fnArray.filter((fn) => fn === pdfjs.OPS.paintImageXObject || fn === pdfjs.OPS.paintInlineImageXObject).length;
    pages.push({ width, height, text, images });
  }
  await doc.destroy();
  return pages;
}

function run(tool: string, args: string[], debianPackage: string): string {
  const result = spawnSync(tool, args, { encoding: 'utf8' });
  if (result.error && (result.error as NodeJS.ErrnoException).code === 'ENOENT') {
    throw new Error(`${tool} is not installed; install the Debian package ${debianPackage} (apt-get install ${debianPackage})`);
  }
  if (result.error) throw result.error;
  // zbarimg exits 4 when it finds no symbol; callers assert on the (empty) result.
  if (result.status !== 0 && !(tool === 'zbarimg' && result.status === 4)) {
    throw new Error(`${tool} ${args.join(' ')} failed (${result.status}): ${result.stderr}`);
  }
  return result.stdout;
}

/** Rasterises one page at 200 dpi and returns every barcode zbarimg decodes on it. */
export function decodeBarcodes(pdf: Buffer, page = 1): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'docs-barcode-'));
  try {
    const file = join(dir, 'doc.pdf');
    writeFileSync(file, pdf);
    run('pdftoppm', ['-r', '200', '-png', '-f', String(page), '-l', String(page), file, join(dir, 'page')], 'poppler-utils');
    const png = readdirSync(dir).find((f) => f.startsWith('page') && f.endsWith('.png'));
    if (!png) throw new Error('pdftoppm produced no image');
    return run('zbarimg', ['--raw', '-q', join(dir, png)], 'zbar-tools')
      .split('\n')
      .map((s) => s.trim())
      .filter(Boolean);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
