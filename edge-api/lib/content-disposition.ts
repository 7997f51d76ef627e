/**
 * A Content-Disposition header for a download name that may hold anything a
 * user typed (a WSIN, an order id): RFC 6266 `filename="…"` with a plain ASCII
 * stand-in, and `filename*=UTF-8''…` with the real name percent-encoded, so
 * quotes, semicolons, line breaks and emoji can neither break the header (a
 * header value must be bytes below 256) nor add a parameter to it.
 */
const MAX_NAME = 150;

/** Control characters (U+0000-U+001F, U+007F-U+009F) and the path separators '/' and '\'. */
const isUnsafeCode = (c: number) => c <= 0x1f || (c >= 0x7f && c <= 0x9f) || c === 0x2f || c === 0x5c;

/** `s` with each unsafe UTF-16 code unit replaced by '_'. */
function replaceUnsafe(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) out += isUnsafeCode(s.charCodeAt(i)) ? '_' : s[i];
  return out;
}

/** The name without control characters, path separators or leading dots, at most 150 characters. */
export function safeFileName(name: string): string {
  const cleaned = [...replaceUnsafe(name).replace(/^[.\s]+/, '').trim()].slice(0, MAX_NAME).join('');
  return cleaned || 'download';
}

const rfc5987 = (s: string) => encodeURIComponent(s).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);

export function contentDisposition(name: string, kind: 'attachment' | 'inline' = 'attachment'): string {
  const safe = safeFileName(name);
  const ascii = safe.replace(/[^A-Za-z0-9._ ()-]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${rfc5987(safe)}`;
}
