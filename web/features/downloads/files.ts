import type { EmailRequired, TallyVouchersResponse } from '../../../domain/downloads';
import { apiFetch } from '../../api/client';

/** The orders a document left out, and why (from the x-document-failures header or a JSON answer). */
export type DocumentFailure = { orderId: string; reasons: string[] };

/** A document download's refusal (422: the orders it left out, and why). */
type DocumentRefusal = { status: false; message?: string; failures?: DocumentFailure[] };
type Answers = EmailRequired | TallyVouchersResponse | DocumentRefusal;
type KeysOf<T> = T extends unknown ? keyof T : never;
/** Each answer with the other answers' fields marked absent, so `body.failures`, `body.xml`... read on any of them. */
type Closed<T, All extends PropertyKey> = T extends unknown ? T & { [K in Exclude<All, keyof T>]?: undefined } : never;

/**
 * A JSON answer of a download endpoint: a refusal (`message`, maybe `failures`),
 * an offer to e-mail a file too big to answer directly (`emailRequired`, with
 * its `message`), or Tally's vouchers (`success`, `xml`, `vouchers`); the last two
 * are the server's types (domain/downloads.ts).
 */
export type DownloadJson = Closed<Answers, KeysOf<Answers>>;

export type DownloadAnswer =
  | { kind: 'file'; blob: Blob; fileName: string; failures: DocumentFailure[] }
  | { kind: 'json'; status: number; body: DownloadJson }
  | { kind: 'error'; status: number };

/** The download name: `filename*=UTF-8''…` (the real name, RFC 6266) when present, else `filename="…"`. */
function fileNameOf(res: Response, fallback: string): string {
  const header = res.headers.get('content-disposition') ?? '';
  const star = /filename\*=UTF-8''([^;\s]+)/i.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1]);
    } catch {
      /* a malformed encoding: fall back to the plain name */
    }
  }
  return /filename="([^"]+)"/.exec(header)?.[1] ?? fallback;
}

function failuresOf(res: Response): DocumentFailure[] {
  const raw = res.headers.get('x-document-failures');
  if (!raw) return [];
  try {
    return JSON.parse(decodeURIComponent(raw)) as DocumentFailure[];
  } catch {
    return [];
  }
}

/**
 * Calls a download endpoint. A file comes back as a blob; a JSON answer (a
 * refusal, 'too big: e-mail it', no file could be made) is returned as such,
 * whatever its status, so the page can tell them apart.
 */
export async function requestDownload(path: string, init: { method?: 'GET' | 'POST'; body?: unknown } = {}, fallbackName = 'download'): Promise<DownloadAnswer> {
  let res: Response;
  try {
    res = await apiFetch(path, {
      method: init.method ?? 'POST',
      headers: init.body !== undefined ? { 'content-type': 'application/json' } : undefined,
      body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
    });
  } catch {
    return { kind: 'error', status: 0 };
  }
  const type = res.headers.get('content-type') ?? '';
  if (type.includes('application/json')) {
    const body = await res.json().catch(() => null);
    return body ? { kind: 'json', status: res.status, body } : { kind: 'error', status: res.status };
  }
  if (!res.ok) return { kind: 'error', status: res.status };
  try {
    return { kind: 'file', blob: await res.blob(), fileName: fileNameOf(res, fallbackName), failures: failuresOf(res) };
  } catch {
    // The server stopped part-way: never hand over half a file.
    return { kind: 'error', status: res.status };
  }
}

/** Saves a blob through the browser's download (the name the user sees in their downloads). */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export function saveText(text: string, fileName: string, type: string) {
  saveBlob(new Blob([text], { type }), fileName);
}
