/**
 * Streaming CSV (RFC 4180: comma separated, CRLF line ends, fields with a
 * comma, quote or line break wrapped in quotes with inner quotes doubled).
 * Rows are pulled from an (async) iterable only as fast as `out` accepts
 * them, so memory stays flat however many rows there are.
 */
import type { Writable } from 'node:stream';
import { csvLine, type CsvChunk, type CsvValue } from '../../domain/csv';

export { CsvByteWriter, csvField, csvLine, csvText, type CsvChunk, type CsvValue } from '../../domain/csv';

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

async function write(out: Writable, chunk: string | Buffer): Promise<void> {
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
  let batch = headerLine(header, options);
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
  return finish(out, count, options);
}

/**
 * csvStream for sources that write their own rows as bytes (the big database
 * exports, which turn each raw row straight into UTF-8 with CsvByteWriter, by
 * the same cell rules): each chunk of finished lines is written as it is, with
 * the same header, backpressure and cancellation as csvStream.
 * `escapeFormulae` and `batchRows` do not apply (the lines are final).
 */
export async function csvStreamChunks(
  header: readonly string[],
  chunks: AsyncIterable<CsvChunk> | Iterable<CsvChunk>,
  out: Writable,
  options: Pick<CsvOptions, 'bom' | 'end'> = {},
): Promise<number> {
  let count = 0;
  await write(out, headerLine(header, options));
  for await (const chunk of chunks) {
    count += chunk.rows;
    if (chunk.bytes.length) await write(out, Buffer.from(chunk.bytes.buffer, chunk.bytes.byteOffset, chunk.bytes.length));
  }
  return finish(out, count, options);
}

/**
 * The bytes of a CSV made of finished chunks (csvStreamChunks's output as an
 * iterable, for a body that pulls them): the header line, then each chunk as
 * it is. Stopping the iteration stops `chunks`.
 */
export async function* csvChunkBytes(
  header: readonly string[],
  chunks: AsyncIterable<CsvChunk>,
  options: Pick<CsvOptions, 'bom'> = {},
): AsyncGenerator<Uint8Array> {
  yield Buffer.from(headerLine(header, options), 'utf8');
  for await (const chunk of chunks) if (chunk.bytes.length) yield chunk.bytes;
}

function headerLine(header: readonly string[], options: Pick<CsvOptions, 'bom'>): string {
  return `${options.bom === false ? '' : '\uFEFF'}${csvLine(header, false)}`;
}

/** Ends `out` (unless end: false) and resolves with `count` once it has finished. */
async function finish(out: Writable, count: number, options: Pick<CsvOptions, 'end'>): Promise<number> {
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
