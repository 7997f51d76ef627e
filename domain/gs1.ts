// GTINs and GS1 barcodes as they arrive on the floor (GS1 General
// Specifications: §7.9 check digit, §3 application identifiers, §7.8 FNC1 and
// GS separators; GS1 Digital Link URI syntax 1.x).
//
// A catalogue item may carry its maker's GTIN in `barCode` (UPC-A 12 digits,
// EAN-13, GTIN-14; EAN-8 too), checked by its check digit. On the floor a scan
// may be a bare GTIN, a GS1 element string from a GS1-128 or GS1 DataMatrix
// symbol (AIs 01 GTIN, 10 lot, 17 expiry, 21 serial, with FNC1 read as the GS
// character or with the human-readable brackets), or a GS1 Digital Link URL.
// Every form of one GTIN compares equal as its 14-digit form.

/** The lengths a GTIN may have: GTIN-8 (EAN-8), GTIN-12 (UPC-A), GTIN-13 (EAN-13), GTIN-14. */
const GTIN_LENGTHS = [8, 12, 13, 14] as const;
export const GTIN_INVALID = 'Barcode must be a GTIN: UPC-A (12 digits), EAN-13 or GTIN-14 (EAN-8 too) with a correct check digit';

/** The check digit of a GTIN's other digits (GS1 General Specifications §7.9.1: weights 3 and 1 from the right). */
export function gtinCheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const d = body.charCodeAt(body.length - 1 - i) - 48;
    sum += d * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

/** True for 8, 12, 13 or 14 digits whose last is the check digit of the others. */
export function isValidGtin(code: string): boolean {
  if (!/^\d+$/.test(code) || !(GTIN_LENGTHS as readonly number[]).includes(code.length)) return false;
  return gtinCheckDigit(code.slice(0, -1)) === Number(code[code.length - 1]);
}

/** The GTIN as 14 digits (zeros in front), the one form every symbol of it compares equal in; null when not a valid GTIN. */
export function gtin14(code: string): string | null {
  const c = code.trim();
  return isValidGtin(c) ? c.padStart(14, '0') : null;
}

/** What a GS1 scan says about the unit. */
export interface Gs1Data {
  /** AI 01, as 14 digits. */
  gtin: string;
  /** AI 10: batch or lot number. */
  lot?: string;
  /** AI 17: expiry date, YYYY-MM-DD (day 00 read as the month's last day). */
  expiry?: string;
  /** AI 21: serial number. */
  serial?: string;
}

export type Gs1Result = { ok: true; data: Gs1Data } | { ok: false; reason: string };

/** The GS character: FNC1 as a scanner types it between a variable-length field and the next AI. */
export const GS = '\u001d';

/**
 * Application identifiers read here and their data lengths (fixed, or at most
 * `max` ending at GS). Others in a scan are refused by name, since their
 * length cannot be known.
 */
const AIS: Record<string, { fixed?: number; max?: number; numeric?: boolean }> = {
  '00': { fixed: 18, numeric: true },
  '01': { fixed: 14, numeric: true },
  '02': { fixed: 14, numeric: true },
  '10': { max: 20 },
  '11': { fixed: 6, numeric: true },
  '12': { fixed: 6, numeric: true },
  '13': { fixed: 6, numeric: true },
  '15': { fixed: 6, numeric: true },
  '16': { fixed: 6, numeric: true },
  '17': { fixed: 6, numeric: true },
  '20': { fixed: 2, numeric: true },
  '21': { max: 20 },
  '22': { max: 20 },
  '30': { max: 8, numeric: true },
  '37': { max: 8, numeric: true },
  '240': { max: 30 },
  '241': { max: 30 },
  '400': { max: 30 },
  '410': { fixed: 13, numeric: true },
  '414': { fixed: 13, numeric: true },
};
/** AIs 310n to 369n (trade measures): four digits, six digits of data. */
const isMeasureAi = (ai: string) => /^3[1-6]\d\d$/.test(ai);

function aiAt(s: string, i: number): string | null {
  for (const n of [2, 3, 4]) {
    const ai = s.slice(i, i + n);
    if (n === 4 && isMeasureAi(ai)) return ai;
    if (AIS[ai]) return ai;
  }
  return null;
}

/** YYMMDD as YYYY-MM-DD with GS1's century rule (§7.12) against `year`; day 00 is the month's last day. */
export function gs1Date(yymmdd: string, year: number): string | null {
  if (!/^\d{6}$/.test(yymmdd)) return null;
  const yy = Number(yymmdd.slice(0, 2));
  const mm = Number(yymmdd.slice(2, 4));
  let dd = Number(yymmdd.slice(4, 6));
  if (mm < 1 || mm > 12) return null;
  const diff = yy - (year % 100);
  let century = Math.floor(year / 100);
  if (diff >= 51) century -= 1;
  else if (diff <= -50) century += 1;
  const full = century * 100 + yy;
  const last = new Date(Date.UTC(full, mm, 0)).getUTCDate();
  if (dd === 0) dd = last;
  if (dd > last) return null;
  return `${full}-${String(mm).padStart(2, '0')}-${String(dd).padStart(2, '0')}`;
}

function fromFields(fields: Map<string, string>, year: number): Gs1Result {
  const g = fields.get('01');
  if (!g) return { ok: false, reason: 'The GS1 code has no GTIN (AI 01)' };
  const gtin = gtin14(g);
  if (!gtin) return { ok: false, reason: `GTIN ${g} has a wrong check digit` };
  const data: Gs1Data = { gtin };
  const lot = fields.get('10');
  if (lot) data.lot = lot;
  const serial = fields.get('21');
  if (serial) data.serial = serial;
  const exp = fields.get('17');
  if (exp !== undefined) {
    const d = gs1Date(exp, year);
    if (!d) return { ok: false, reason: `Expiry ${exp} is not a date (YYMMDD)` };
    data.expiry = d;
  }
  return { ok: true, data };
}

/** Symbology identifiers a scanner may send first: GS1-128 ]C1, GS1 DataMatrix ]d2, GS1 QR ]Q3, GS1 DataBar ]e0. */
const SYMBOLOGY = /^\](C1|d2|Q3|e0|J1)/;

/**
 * A GS1 element string: "(01)09506000134352(17)201225(10)ABC123" as printed,
 * or "0109506000134352172012251 0ABC123" as scanned, with GS (or FNC1) after a
 * variable-length field that is not last. Null when the text is not one.
 */
export function parseElementString(raw: string, year = new Date().getUTCFullYear()): Gs1Result | null {
  let s = raw.replace(SYMBOLOGY, '');
  const fields = new Map<string, string>();
  if (s.startsWith('(')) {
    const re = /\((\d{2,4})\)([^(]*)/g;
    let m: RegExpExecArray | null;
    let seen = 0;
    while ((m = re.exec(s))) {
      seen += m[0].length;
      fields.set(m[1], m[2].trim());
    }
    if (seen !== s.length || !fields.size) return null;
    return fromFields(fields, year);
  }
  if (s.startsWith(GS)) s = s.slice(1);
  // Only what starts with an AI a floor code cannot start with is read as GS1: AI 01 and 02 (14 digits), 00 (SSCC).
  if (!/^(01|02)\d{14}|^00\d{18}/.test(s)) return null;
  let i = 0;
  while (i < s.length) {
    if (s[i] === GS) {
      i++;
      continue;
    }
    const ai = aiAt(s, i);
    if (!ai) return { ok: false, reason: `Unknown GS1 application identifier at "${s.slice(i, i + 4)}"` };
    i += ai.length;
    const spec = isMeasureAi(ai) ? { fixed: 6, numeric: true } : AIS[ai];
    let value: string;
    if (spec.fixed) {
      value = s.slice(i, i + spec.fixed);
      if (value.length !== spec.fixed) return { ok: false, reason: `AI ${ai} needs ${spec.fixed} characters` };
      i += spec.fixed;
    } else {
      const end = s.indexOf(GS, i);
      value = s.slice(i, end < 0 ? s.length : end);
      if (value.length > (spec.max ?? 0)) return { ok: false, reason: `AI ${ai} has more than ${spec.max} characters` };
      i = end < 0 ? s.length : end + 1;
    }
    if (spec.numeric && !/^\d+$/.test(value)) return { ok: false, reason: `AI ${ai} must be digits` };
    fields.set(ai, value);
  }
  return fromFields(fields, year);
}

/** Path primary keys a Digital Link names by word (convenience alphas of Digital Link 1.0) as well as by AI. */
const DL_ALIASES: Record<string, string> = { gtin: '01', lot: '10', ser: '21', exp: '17', batch: '10', serial: '21' };

/**
 * A GS1 Digital Link URL: https://id.gs1.org/01/09506000134352/10/ABC123/21/12345?17=201225
 * (any host; the path holds the GTIN and its key qualifiers, the query other AIs). Null when not one.
 */
export function parseDigitalLink(raw: string, year = new Date().getUTCFullYear()): Gs1Result | null {
  if (!/^https?:\/\//i.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  const parts = url.pathname.split('/').filter(Boolean);
  const at = parts.findIndex((p) => p === '01' || p === 'gtin');
  if (at < 0) return null;
  const fields = new Map<string, string>();
  try {
    for (let i = at; i + 1 < parts.length; i += 2) fields.set(DL_ALIASES[parts[i]] ?? parts[i], decodeURIComponent(parts[i + 1]));
    for (const [k, v] of url.searchParams) if (/^\d{2,4}$/.test(k) || DL_ALIASES[k]) fields.set(DL_ALIASES[k] ?? k, v);
  } catch {
    return { ok: false, reason: 'The GS1 Digital Link is malformed' };
  }
  return fromFields(fields, year);
}

/**
 * Any GS1 form of a scan (element string, Digital Link, or a bare GTIN), or
 * null when the scan is none of them (a WSIN, an AWB...).
 */
export function parseGs1(raw: string, year = new Date().getUTCFullYear()): Gs1Result | null {
  const s = raw.trim();
  if (!s) return null;
  const bare = gtin14(s);
  if (bare) return { ok: true, data: { gtin: bare } };
  return parseDigitalLink(s, year) ?? parseElementString(s, year);
}
