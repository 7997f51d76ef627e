// Deterministic demo values: a seeded PRNG and the ids, PANs, GSTINs, phones and
// EAN-13s drawn from it, shared by the demo seed and the order generator.
import { gtinCheckDigit } from '../domain/gs1';

/** Mulberry32: a small deterministic PRNG so the same seed gives the same data. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)],
  };
}
export type Rng = ReturnType<typeof prng>;

/** Deterministic UUIDv7 from a timestamp and the PRNG. */
export function idAt(ms: number, rng: Rng): string {
  const hex = (n: number, len: number) => Math.floor(n).toString(16).padStart(len, '0');
  const ts = hex(ms, 12);
  const r = () => hex(rng.next() * 0x10000, 4);
  return `${ts.slice(0, 8)}-${ts.slice(8, 12)}-7${r().slice(1)}-${((8 + rng.int(0, 3)).toString(16))}${r().slice(1)}-${r()}${r()}${r()}`;
}

/** An EAN-13 under India's GS1 prefix 890 with its check digit (the catalogue form checks it). */
export const demoEan13 = (n: number) => {
  const body = `890${String(n).padStart(10, '0')}`.slice(0, 12);
  return `${body}${gtinCheckDigit(body)}`;
};

export function gstin(stateCode: string, pan: string, rng: Rng) {
  return `${stateCode}${pan}${rng.int(1, 9)}Z${rng.int(0, 9)}`;
}
export function pan(rng: Rng) {
  const L = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
  const l = () => L[rng.int(0, L.length - 1)];
  return `${l()}${l()}${l()}C${l()}${rng.int(1000, 9999)}${l()}`;
}
export function phone(rng: Rng) {
  return `${rng.pick(['9', '8', '7', '6'])}${String(rng.int(0, 999_999_999)).padStart(9, '0')}`;
}
