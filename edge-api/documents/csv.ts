/**
 * Streaming CSV (RFC 4180: comma separated, CRLF line ends, fields with a
 * comma, quote or line break wrapped in quotes with inner quotes doubled).
 * Rows are pulled from an (async) iterable only as fast as `out` accepts
 * them, so memory stays flat however many rows there are.
 */
import type { Writable } from 'node:stream';

export type CsvValue = string | number | bigint | boolean | Date | null | undefined;

export interface CsvOptions {
  /** Start with a UTF-8 byte order mark so Excel reads non-ASCII text correctly. Default true. */
  bom?: boolean;
  /**
   * Neutralise text a spreadsheet would run as a formula (starting with =, +,
   * -, @, tab or CR) by prefixing a single quote. Text that is just a number,
   * such as '-5' or '+919876543210', is left alone. Default true.
   */
  escapeFormulae?: boolean;
  /** Rows batched into one write. Default 256. */
  batchRows?: number;
  /** Whether to end `out` when done. Default true. */
  end?: boolean;
}

const NEEDS_QUOTES = /[",\r\n]/;
const FORMULA_START = /^[=+\-@\t\r]/;
const NUMBER_LIKE = /^[+-]?\d[\d\s,.]*$/;

export function csvField(value: CsvValue, escapeFormulae = true): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  let text: string;
  if (typeof value === 'string') {
    // First-character check before any regex: most fields are plain (hot path of big exports).
    const first = value.charCodeAt(0);
    const formulaStart = first === 61 || first === 43 || first === 45 || first === 64 || first === 9 || first === 13; // = + - @ \t \r
    text = escapeFormulae && formulaStart && FORMULA_START.test(value) && !NUMBER_LIKE.test(value) ? `'${value}` : value;
  } else if (value instanceof Date) {
    text = value.toISOString();
  } else {
    text = String(value);
  }
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: readonly CsvValue[], escapeFormulae = true): string {
  let line = values.length > 0 ? csvField(values[0], escapeFormulae) : '';
  for (let i = 1; i < values.length; i++) line += `,${csvField(values[i], escapeFormulae)}`;
  return `${line}\r\n`;
}

/** Resolves when `out` can take more, rejects if it fails or closes first. */
function drained(out: Writable): Promise<void> {
  return new Promise((resolve, reject) => {
    const cleanup = () => {
      out.off('drain', onDrain);
      out.off('error', onError);
      out.off('close', onClose);
    };
    const onDrain = () => {
      cleanup();
      resolve();
    };
    const onError = (err: Error) => {
      cleanup();
      reject(err);
    };
    const onClose = () => {
      cleanup();
      reject(new Error('CSV output closed before all rows were written'));
    };
    out.on('drain', onDrain);
    out.on('error', onError);
    out.on('close', onClose);
  });
}

async function write(out: Writable, chunk: string): Promise<void> {
  if (out.destroyed || out.writableEnded) throw new Error('CSV output closed before all rows were written');
  if (!out.write(chunk)) await drained(out);
}

/**
 * Writes `header` then every row of `rows` to `out`. Resolves with the number
 * of data rows once `out` has finished (or, with end: false, once the last
 * row was accepted). If `out` fails or is closed by the reader (a cancelled
 * download), the row source is stopped (its `return()` runs, so a database
 * cursor is released) and the promise rejects.
 */
export async function csvStream(
  header: readonly string[],
  rows: AsyncIterable<readonly CsvValue[]> | Iterable<readonly CsvValue[]>,
  out: Writable,
  options: CsvOptions = {},
): Promise<number> {
  async function* single() {
    for await (const row of rows) yield [row];
  }
  return csvStreamBatches(header, single(), out, options);
}

/**
 * csvStream for sources that produce rows a page at a time (keyset-paginated
 * database reads): one await per page instead of one per row.
 */
export async function csvStreamBatches(
  header: readonly string[],
  batches: AsyncIterable<readonly (readonly CsvValue[])[]> | Iterable<readonly (readonly CsvValue[])[]>,
  out: Writable,
  options: CsvOptions = {},
): Promise<number> {
  const escapeFormulae = options.escapeFormulae ?? true;
  const batchRows = Math.max(1, options.batchRows ?? 256);
  let count = 0;
  let batch = `${options.bom === false ? '' : '\uFEFF'}${csvLine(header, false)}`;
  let inBatch = 0;
  // for await stops the source (calls return()) when the loop body throws.
  for await (const rows of batches) {
    for (const row of rows) {
      batch += csvLine(row, escapeFormulae);
      count++;
      if (++inBatch >= batchRows) {
        await write(out, batch);
        batch = '';
        inBatch = 0;
      }
    }
  }
  await write(out, batch);
  if (options.end === false) return count;
  await new Promise<void>((resolve, reject) => {
    out.once('error', reject);
    out.end(() => {
      out.off('error', reject);
      resolve();
    });
  });
  return count;
}
