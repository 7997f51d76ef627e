/**
 * CSV cells and lines (RFC 4180: comma separated, CRLF line ends, a field with
 * a comma, quote, CR or LF wrapped in quotes with inner quotes doubled; any
 * other field as it is). Pure text rules, shared by the streaming writer
 * (edge-api/documents/csv.ts) and the database exports that format their
 * rows straight into lines (db/billing/exports.ts).
 */

export type CsvValue = string | number | bigint | boolean | Date | null | undefined;

const NEEDS_QUOTES = /[",\r\n]/;
const NUMBER_LIKE = /^[+-]?\d[\d\s,.]*$/;
const QUOTE = /"/g;

/**
 * One text cell. With `escapeFormulae` (the default), text a spreadsheet
 * would run as a formula (starting with =, +, -, @, tab or CR) gets a leading
 * single quote, unless it is just a number ('-5', '+91 98765 43210').
 * Hot path of big exports: the first character is checked before any regex.
 */
export function csvText(value: string, escapeFormulae = true): string {
  if (escapeFormulae) {
    const first = value.charCodeAt(0);
    // = + - @ \t \r
    if ((first === 61 || first === 43 || first === 45 || first === 64 || first === 9 || first === 13) && !NUMBER_LIKE.test(value)) {
      value = `'${value}`;
    }
  }
  return NEEDS_QUOTES.test(value) ? `"${value.replace(QUOTE, '""')}"` : value;
}

/** One cell of any value: null and undefined are empty, numbers and booleans as String() writes them, dates as ISO-8601. */
export function csvField(value: CsvValue, escapeFormulae = true): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return csvText(value, escapeFormulae);
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  const text = value instanceof Date ? value.toISOString() : String(value);
  return NEEDS_QUOTES.test(text) ? `"${text.replace(QUOTE, '""')}"` : text;
}

/** A whole line, CRLF included. */
export function csvLine(values: readonly CsvValue[], escapeFormulae = true): string {
  let line = values.length > 0 ? csvField(values[0], escapeFormulae) : '';
  for (let i = 1; i < values.length; i++) line += `,${csvField(values[i], escapeFormulae)}`;
  return `${line}\r\n`;
}

/** A run of finished CSV lines as UTF-8 bytes, and how many lines (rows) it holds. */
export type CsvChunk = { bytes: Uint8Array; rows: number };

/**
 * Writes CSV cells straight into UTF-8 bytes, with exactly the rules of
 * csvText/csvField: the hot path of big exports, where a row costs no cell
 * strings, no line string and no encoding pass afterwards. A plain text cell
 * is copied while it is scanned for a comma, quote, CR or LF; one that holds
 * any (or that starts like a formula) is rewound and written as csvText
 * returns it.
 */
export class CsvByteWriter {
  private buf: Uint8Array;
  private len = 0;
  private lines = 0;

  constructor(initialBytes = 64 * 1024) {
    this.buf = new Uint8Array(Math.max(16, initialBytes));
  }

  /** Bytes written since the last take(). */
  get size(): number {
    return this.len;
  }

  /** The lines written since the last take(), as their own bytes; the writer starts over (keeping its buffer). */
  take(): CsvChunk {
    const chunk = { bytes: this.buf.slice(0, this.len), rows: this.lines };
    this.len = 0;
    this.lines = 0;
    return chunk;
  }

  comma(): void {
    if (this.len >= this.buf.length) this.grow(1);
    this.buf[this.len++] = 44;
  }

  /** Ends the line (CRLF). */
  eol(): void {
    if (this.len + 2 > this.buf.length) this.grow(2);
    this.buf[this.len++] = 13;
    this.buf[this.len++] = 10;
    this.lines++;
  }

  /** Any value, as csvField writes it. */
  value(v: unknown): void {
    if (v === null || v === undefined) return;
    if (typeof v === 'string') this.text(v);
    else if (typeof v === 'number') this.raw(String(v)); // digits, '.', 'e', sign, NaN, Infinity: never quoted
    else this.raw(csvField(v as CsvValue));
  }

  /** A text cell, as csvText writes it. */
  text(s: string): void {
    const n = s.length;
    if (n === 0) return;
    if (this.len + 3 * n > this.buf.length) this.grow(3 * n);
    if (this.plainCell(s, 0, -1) < 0) this.raw(csvText(s));
  }

  /**
   * Copies the cell that starts at s[from] as it is, up to the character
   * `sep` or the end of s, and returns where it stopped (sep's index or
   * s.length); the caller has made room for 3 bytes a character. Returns -1,
   * having written nothing, when the cell holds a comma, quote, CR or LF or
   * starts like a formula: csvText decides how it is written then.
   */
  private plainCell(s: string, from: number, sep: number): number {
    const n = s.length;
    if (from < n) {
      const first = s.charCodeAt(from);
      // = + - @ \t \r
      if (first === 61 || first === 43 || first === 45 || first === 64 || first === 9 || first === 13) return -1;
    }
    const buf = this.buf;
    let p = this.len;
    let i = from;
    for (; i < n; i++) {
      const c = s.charCodeAt(i);
      if (c < 0x80) {
        if (c === sep) break;
        if (c <= 44 && (c === 44 || c === 34 || c === 10 || c === 13)) return -1;
        buf[p++] = c;
      } else {
        p = this.wide(s, i, p);
        if (c >= 0xd800 && c <= 0xdbff && i + 1 < n) {
          const d = s.charCodeAt(i + 1);
          if (d >= 0xdc00 && d <= 0xdfff) i++;
        }
      }
    }
    this.len = p;
    return i;
  }

  /** Where the writer stands, to rewind() a line that has to be written again. */
  mark(): number {
    return this.len;
  }

  /** Drops what was written since mark() gave `at` (within the current line). */
  rewind(at: number): void {
    this.len = at;
  }

  /**
   * Text cells packed in one string, separated by the character `sep` (31,
   * the ASCII unit separator, unless told), each written exactly as text()
   * writes it, with commas between. A database can hand over a run of
   * columns as one such string, which costs far less to read than a string
   * per column. Returns how many cells were written: a caller that expected
   * another count learns that some cell held `sep` itself, and rewinds.
   * `from`: the run starts there in s (what comes before is the caller's).
   */
  packed(s: string, sep = 31, from = 0): number {
    let cells = 1;
    for (let i = from; ; cells++) {
      const end = this.cell(s, i, sep);
      if (end >= s.length) return cells;
      // s[end] is the separator: the next cell.
      this.comma();
      i = end + 1;
    }
  }

  /**
   * The one text cell of a packed string that starts at s[from], up to the
   * next `sep` or the end, written as text() writes it (no comma); returns
   * where it stopped (sep's index, or s.length).
   */
  cell(s: string, from: number, sep = 31): number {
    const n = s.length;
    if (this.len + 3 * (n - from) > this.buf.length) this.grow(3 * (n - from));
    let end = this.plainCell(s, from, sep);
    if (end < 0) {
      // This cell must be quoted or defused: written as csvText returns it.
      end = s.indexOf(String.fromCharCode(sep), from);
      if (end < 0) end = n;
      this.raw(csvText(s.slice(from, end)));
    }
    return end;
  }

  /**
   * For a caller that writes bytes itself: the buffer, with room for `n` more
   * bytes from mark(); it then says where it stopped with wroteTo().
   */
  room(n: number): Uint8Array {
    if (this.len + n > this.buf.length) this.grow(n);
    return this.buf;
  }

  /** After room(): the bytes up to `end` are written. */
  wroteTo(end: number): void {
    this.len = end;
  }

  /** A finished cell (escaped already, or known to need nothing: a number, a looked-up name made by csvField). */
  raw(s: string): void {
    const n = s.length;
    if (this.len + 3 * n > this.buf.length) this.grow(3 * n);
    const buf = this.buf;
    let p = this.len;
    for (let i = 0; i < n; i++) {
      const c = s.charCodeAt(i);
      if (c < 0x80) buf[p++] = c;
      else {
        p = this.wide(s, i, p);
        if (c >= 0xd800 && c <= 0xdbff && i + 1 < n) {
          const d = s.charCodeAt(i + 1);
          if (d >= 0xdc00 && d <= 0xdfff) i++;
        }
      }
    }
    this.len = p;
  }

  /** UTF-8 of the non-ASCII code unit at s[i] (and its low surrogate) at p; returns the new end. Lone surrogates become U+FFFD, as Buffer.from does. */
  private wide(s: string, i: number, p: number): number {
    const buf = this.buf;
    const c = s.charCodeAt(i);
    if (c < 0x800) {
      buf[p++] = 0xc0 | (c >> 6);
      buf[p++] = 0x80 | (c & 63);
      return p;
    }
    if (c >= 0xd800 && c <= 0xdfff) {
      const d = i + 1 < s.length ? s.charCodeAt(i + 1) : 0;
      if (c <= 0xdbff && d >= 0xdc00 && d <= 0xdfff) {
        const cp = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
        buf[p++] = 0xf0 | (cp >> 18);
        buf[p++] = 0x80 | ((cp >> 12) & 63);
        buf[p++] = 0x80 | ((cp >> 6) & 63);
        buf[p++] = 0x80 | (cp & 63);
        return p;
      }
      buf[p++] = 0xef;
      buf[p++] = 0xbf;
      buf[p++] = 0xbd;
      return p;
    }
    buf[p++] = 0xe0 | (c >> 12);
    buf[p++] = 0x80 | ((c >> 6) & 63);
    buf[p++] = 0x80 | (c & 63);
    return p;
  }

  private grow(extra: number): void {
    const next = new Uint8Array(Math.max(this.buf.length * 2, this.len + extra));
    next.set(this.buf.subarray(0, this.len));
    this.buf = next;
  }
}
