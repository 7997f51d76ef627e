import { PassThrough, Writable } from 'node:stream';
import fc from 'fast-check';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { CsvByteWriter, csvField, csvLine, csvStream, csvStreamChunks, type CsvChunk, type CsvValue } from './csv';

async function csvOf(header: string[], rows: CsvValue[][], options = {}) {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const count = await csvStream(header, rows, out, options);
  return { count, text: Buffer.concat(chunks).toString('utf8') };
}

describe('csvStream', () => {
  it('quotes commas, quotes and line breaks so the rows parse back unchanged', async () => {
    const rows: CsvValue[][] = [
      ['#1001', 'Sharma, Priya', 'Flat 3, "Sai" Residency', 'line one\nline two', 2_496.5],
      ['#1002', 'Plain', '', 'cr\r\nlf', 0],
      ['#1003', null, undefined, 'नमस्ते ₹', true],
    ];
    const { count, text } = await csvOf(['Order ID', 'Name', 'Address', 'Notes', 'Amount'], rows);
    expect(count).toBe(3);
    expect(text.startsWith('\uFEFFOrder ID,Name,Address,Notes,Amount\r\n')).toBe(true);
    expect(text).toContain('"Sharma, Priya","Flat 3, ""Sai"" Residency","line one\nline two",2496.5\r\n');
    const parsed = Papa.parse<string[]>(text.slice(1), { skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    expect(parsed.data).toEqual([
      ['Order ID', 'Name', 'Address', 'Notes', 'Amount'],
      ['#1001', 'Sharma, Priya', 'Flat 3, "Sai" Residency', 'line one\nline two', '2496.5'],
      ['#1002', 'Plain', '', 'cr\r\nlf', '0'],
      ['#1003', '', '', 'नमस्ते ₹', 'true'],
    ]);
  });

  it('defuses spreadsheet formulas but keeps phone numbers and negatives as they are', () => {
    expect(csvField('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('+cmd|calc')).toBe("'+cmd|calc");
    expect(csvField('+91 98765 43210')).toBe('+91 98765 43210');
    expect(csvField('-5.50')).toBe('-5.50');
    expect(csvField('=1+2', false)).toBe('=1+2');
    expect(csvField(new Date('2025-01-05T09:30:00Z'))).toBe('2025-01-05T09:30:00.000Z');
  });

  it('pulls rows only as fast as a slow reader takes them', async () => {
    let produced = 0;
    let written = 0;
    let maxAhead = 0;
    async function* rows() {
      for (let i = 0; i < 20_000; i++) {
        produced++;
        maxAhead = Math.max(maxAhead, produced - written);
        yield [i, `order-${i}`, 'x'.repeat(50)];
      }
    }
    const slow = new Writable({
      highWaterMark: 16 * 1024,
      write(chunk: Buffer, _enc, done) {
        written += chunk.toString().split('\r\n').length - 1;
        setTimeout(done, 1);
      },
    });
    const count = await csvStream(['n', 'id', 'pad'], rows(), slow, { bom: false });
    expect(count).toBe(20_000);
    expect(written).toBe(20_001); // header + rows
    // Never more than the writable's buffer plus one batch ahead of the reader.
    expect(maxAhead).toBeLessThan(1_000);
  });

  it('stops the row source when the reader goes away', async () => {
    let finallyRan = false;
    let produced = 0;
    async function* rows() {
      try {
        for (let i = 0; ; i++) {
          produced++;
          yield [i];
        }
      } finally {
        finallyRan = true;
      }
    }
    const out = new Writable({
      highWaterMark: 1024,
      write(_chunk, _enc, done) {
        setTimeout(done, 5);
      },
    });
    setTimeout(() => out.destroy(), 30);
    await expect(csvStream(['n'], rows(), out)).rejects.toThrow();
    expect(finallyRan).toBe(true);
    expect(produced).toBeLessThan(100_000);
  });

  it('accepts a plain array and can leave the output open', async () => {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    expect(await csvStream(['a'], [[1], [2]], out, { end: false, bom: false })).toBe(2);
    expect(out.writableEnded).toBe(false);
    out.end('tail');
    await new Promise((r) => out.on('end', r));
    expect(Buffer.concat(chunks).toString()).toBe('a\r\n1\r\n2\r\ntail');
  });
});

describe('CsvByteWriter (the bytes of big exports)', () => {
  const bytesOf = (rows: CsvValue[][]) => {
    const w = new CsvByteWriter(8); // tiny on purpose: it must grow
    for (const row of rows) {
      row.forEach((v, i) => {
        if (i) w.comma();
        w.value(v);
      });
      w.eol();
    }
    return w.take();
  };
  const expected = (rows: CsvValue[][]) => Buffer.from(rows.map((r) => csvLine(r)).join(''), 'utf8');

  it('writes exactly the UTF-8 of csvLine: quoting, doubled quotes, line breaks, formulas, numbers, non-ASCII', () => {
    const rows: CsvValue[][] = [
      ['#1001', 'Sharma, Priya', 'Flat 3, "Sai" Residency', 'line one\nline two', 2_496.5, null],
      ['=SUM(A1)', '+91 98765 43210', '-5.50', '@x', '\tTab', 'cr\r'],
      ['नमस्ते ₹', '😀 emoji', 'lone \ud800 surrogate', 'é', '', undefined],
      [0, -0, 1e21, Number.NaN, true, 12n],
      [new Date('2025-01-05T09:30:00Z'), 'plain', 'a"b', 'x,y', '"', ','],
    ];
    const chunk = bytesOf(rows);
    expect(chunk.rows).toBe(rows.length);
    expect(Buffer.from(chunk.bytes).equals(expected(rows))).toBe(true);
  });

  it('matches csvLine for any text and numbers (property)', () => {
    const special = fc.constantFrom(',', '"', '\r', '\n', '=', '+', '-', '@', '\t', ' ', '0', '9', '.', 'é', '₹', '😀', '\ud800', '\udc00');
    const text = fc.array(fc.oneof(special, fc.string({ unit: 'binary', maxLength: 6 })), { maxLength: 8 }).map((parts) => parts.join(''));
    const value: fc.Arbitrary<CsvValue> = fc.oneof(text, fc.double(), fc.integer(), fc.constant(null), fc.boolean());
    fc.assert(
      fc.property(fc.array(fc.array(value, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 5 }), (rows) => {
        expect(Buffer.from(bytesOf(rows).bytes).equals(expected(rows))).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('writes a packed run of text cells exactly as the cells one by one, and counts them (property)', () => {
    const special = fc.constantFrom(',', '"', '\r', '\n', '=', '+', '-', '@', '\t', ' ', '0', '.', 'é', '₹', '😀', '\ud800', '\udc00');
    const cell = fc.array(fc.oneof(special, fc.string({ unit: 'binary', maxLength: 6 })), { maxLength: 6 }).map((parts) => parts.join('').replaceAll('\x1f', ''));
    fc.assert(
      fc.property(fc.array(cell, { minLength: 1, maxLength: 8 }), fc.string({ maxLength: 4 }), (cells, before) => {
        const w = new CsvByteWriter(4);
        w.text(before);
        w.comma();
        expect(w.packed(cells.join('\x1f'))).toBe(cells.length);
        w.eol();
        expect(Buffer.from(w.take().bytes).equals(Buffer.from(csvLine([before, ...cells]), 'utf8'))).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('writes the first cell of a packed run alone, then the rest from where it stopped, as the cells one by one (property)', () => {
    const special = fc.constantFrom(',', '"', '\r', '\n', '=', '-', '@', ' ', '₹', '😀');
    const cell = fc.array(fc.oneof(special, fc.string({ maxLength: 6 })), { maxLength: 4 }).map((parts) => parts.join('').replaceAll('\x1f', ''));
    fc.assert(
      fc.property(cell, fc.array(cell, { minLength: 1, maxLength: 5 }), (first, rest) => {
        const w = new CsvByteWriter(2);
        const s = [first, ...rest].join('\x1f');
        const stop = w.cell(s, 0);
        expect(stop).toBe(first.length);
        w.comma();
        expect(w.packed(s, 31, stop + 1)).toBe(rest.length);
        w.eol();
        expect(Buffer.from(w.take().bytes).equals(Buffer.from(csvLine([first, ...rest]), 'utf8'))).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('lets a caller rewind a line whose packed run held more cells than expected', () => {
    const w = new CsvByteWriter(4);
    w.text('kept');
    w.eol();
    const at = w.mark();
    expect(w.packed('a\x1fb\x1fc')).toBe(3);
    expect(w.packed('')).toBe(1);
    expect(w.packed('x\x1f')).toBe(2);
    w.rewind(at);
    w.text('again, once');
    w.eol();
    expect(Buffer.from(w.take().bytes).toString()).toBe('kept\r\n"again, once"\r\n');
  });

  it('starts over after take(), keeping nothing of the last chunk', () => {
    const w = new CsvByteWriter(4);
    w.text('first');
    w.eol();
    expect(Buffer.from(w.take().bytes).toString()).toBe('first\r\n');
    w.raw('second');
    w.eol();
    const chunk = w.take();
    expect([Buffer.from(chunk.bytes).toString(), chunk.rows]).toEqual(['second\r\n', 1]);
    expect(w.take()).toEqual({ bytes: new Uint8Array(0), rows: 0 });
  });
});

describe('csvStreamChunks', () => {
  const chunkOf = (lines: string[]): CsvChunk => ({ bytes: new Uint8Array(Buffer.from(lines.join(''))), rows: lines.length });

  it('writes the header (with BOM) and then the chunks as they are, and counts their rows', async () => {
    const out = new PassThrough();
    const parts: Buffer[] = [];
    out.on('data', (c: Buffer) => parts.push(c));
    const n = await csvStreamChunks(['a', 'b'], [chunkOf(['1,"x,y"\r\n', '2,z\r\n']), chunkOf([]), chunkOf(['3,\r\n'])], out);
    expect(n).toBe(3);
    const text = Buffer.concat(parts).toString('utf8');
    expect(text).toBe('\uFEFFa,b\r\n1,"x,y"\r\n2,z\r\n3,\r\n');
    expect(Papa.parse(text.slice(1), { skipEmptyLines: true }).data).toEqual([['a', 'b'], ['1', 'x,y'], ['2', 'z'], ['3', '']]);
  });

  it('pulls chunks only as fast as the reader takes them, and stops the source when the reader goes away', async () => {
    let produced = 0;
    let finallyRan = false;
    async function* chunks() {
      try {
        for (;;) {
          produced++;
          yield chunkOf(Array.from({ length: 100 }, (_, i) => `${i},${'x'.repeat(60)}\r\n`));
        }
      } finally {
        finallyRan = true;
      }
    }
    let taken = 0;
    const out = new Writable({
      highWaterMark: 16 * 1024,
      write(_chunk, _enc, done) {
        taken++;
        setTimeout(done, 2);
      },
    });
    setTimeout(() => out.destroy(), 60);
    await expect(csvStreamChunks(['n', 'pad'], chunks(), out)).rejects.toThrow();
    expect(finallyRan).toBe(true);
    // Each chunk (~6.5 KB) waits for the one before it to be taken: never far ahead of the reader.
    expect(produced - taken).toBeLessThanOrEqual(3);
  });
});
