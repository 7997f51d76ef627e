import { PassThrough, Writable } from 'node:stream';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { csvField, csvStream, type CsvValue } from './csv';

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
