import { PassThrough, Readable, type Writable } from 'node:stream';
import type { Context } from 'hono';
import type { EmailRequired } from '../../../domain/downloads';
import type { DocumentInputFailure } from '../../documents';
import type { AppEnv } from '../../env';
import { contentDisposition } from '../../lib/content-disposition';

export const PDF = 'application/pdf';
export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const CSV = 'text/csv; charset=utf-8';

/** Header carrying the orders left out of a document (URI-encoded JSON), so the page can say which and why. */
export const FAILURES_HEADER = 'x-document-failures';

export type FileMeta = {
  contentType: string;
  fileName: string;
  /** 'inline' opens in the browser tab (the manifest); default attachment. */
  disposition?: 'inline' | 'attachment';
  failures?: DocumentInputFailure[];
  extraHeaders?: Record<string, string>;
};

function headersFor(meta: FileMeta): Record<string, string> {
  const h: Record<string, string> = {
    'content-type': meta.contentType,
    'content-disposition': contentDisposition(meta.fileName, meta.disposition ?? 'attachment'),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    ...meta.extraHeaders,
  };
  if (meta.failures?.length) h[FAILURES_HEADER] = encodeURIComponent(JSON.stringify(meta.failures.slice(0, 100)));
  return h;
}

/**
 * Answers with a file produced by `produce` while it is being written (the
 * response starts at once; memory holds only what the reader has not taken
 * yet). A failure part-way destroys the stream, so the reader sees a broken
 * download rather than a truncated file passing as whole.
 */
/** What a streamed file may hold in memory on its way out, each side of the pipe. */
const STREAM_BUFFER_BYTES = 1 << 20;

export function streamFile(c: Context<AppEnv>, meta: FileMeta, produce: (out: Writable) => Promise<unknown>): Response {
  const out = new PassThrough({ highWaterMark: STREAM_BUFFER_BYTES });
  produce(out).catch((err: Error) => {
    if (err?.name !== 'OutputClosedError') c.var.log.error({ err, reqId: c.var.requestId }, 'file stream failed');
    out.destroy(err);
  });
  // Counted in bytes: toWeb's default strategy counts chunks, which lets a fast producer queue the whole file.
  const body = Readable.toWeb(out, { strategy: new ByteLengthQueuingStrategy({ highWaterMark: STREAM_BUFFER_BYTES }) });
  return new Response(body as unknown as ReadableStream, { status: 200, headers: headersFor(meta) });
}

export function fileResponse(body: Buffer, meta: FileMeta): Response {
  return new Response(new Uint8Array(body), { status: 200, headers: { ...headersFor(meta), 'content-length': String(body.length) } });
}

/** 413: too big to answer directly; the page asks for an e-mail address (spec part 1 §8). */
export function emailRequired(c: Context<AppEnv>, message: string, count: number, limit: number) {
  const body: EmailRequired = { status: false, emailRequired: true, message, count, limit };
  return c.json(body, 413);
}

/**
 * Answers with a file whose bytes `source` yields, pulled only as the reader
 * takes them (no Node stream in between, so no hop through the event loop per
 * chunk); the reader going away stops the source (its return() runs, so a
 * database reader is released). A failure part-way errors the body, so the
 * reader sees a broken download rather than a truncated file passing as whole.
 */
export function streamBytes(c: Context<AppEnv>, meta: FileMeta, source: AsyncIterable<Uint8Array>): Response {
  const it = source[Symbol.asyncIterator]();
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const r = await it.next();
          if (r.done) controller.close();
          else controller.enqueue(r.value);
        } catch (err) {
          c.var.log.error({ err, reqId: c.var.requestId }, 'file stream failed');
          controller.error(err);
        }
      },
      async cancel() {
        await it.return?.();
      },
    },
    new ByteLengthQueuingStrategy({ highWaterMark: STREAM_BUFFER_BYTES }),
  );
  return new Response(body, { status: 200, headers: headersFor(meta) });
}

