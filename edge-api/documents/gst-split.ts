/**
 * Splits a GST-inclusive amount into taxable value and tax components. Pure.
 *
 * taxable = round(gross / (1 + total rate)); the tax (gross - taxable) is then
 * shared among the components in proportion to their rates by the largest
 * remainder method, so taxable + components == gross to the paisa.
 */
import type { DocGstRates } from './types';

/** Which taxes apply: within one state (CGST + SGST, or CGST + UTGST in a UT without legislature) or across states (IGST). */
export type SupplyKind = 'intra-state' | 'intra-ut' | 'inter-state';

export type GstComponent = 'cgst' | 'sgst' | 'utgst' | 'igst' | 'cess';

export interface GstSplit {
  grossPaise: number;
  taxablePaise: number;
  /** Tax per component in paise; components that do not apply are 0. */
  tax: Record<GstComponent, number>;
  /** The rates applied (percent); components that do not apply are 0. */
  rates: Record<GstComponent, number>;
}

export class MissingGstRateError extends Error {
  constructor(readonly missing: GstComponent[]) {
    super(`GST rate missing: ${missing.join(', ')}`);
    this.name = 'MissingGstRateError';
  }
}

/** Rates are kept in thousandths of a percent so 0.125 % (rough stones) stays exact. */
const RATE_SCALE = 1000n;
const HUNDRED_PERCENT = 100n * RATE_SCALE;

/** Components needed for the supply kind whose rate was not entered (empty when all are there). */
export function missingRates(rates: DocGstRates | null, kind: SupplyKind): GstComponent[] {
  if (!rates) return kind === 'inter-state' ? ['igst'] : ['cgst', kind === 'intra-ut' ? 'utgst' : 'sgst'];
  const missing: GstComponent[] = [];
  const absent = (v: number | null | undefined) => v === null || v === undefined || !Number.isFinite(v) || v < 0;
  if (kind === 'inter-state') {
    if (absent(rates.igst)) missing.push('igst');
  } else {
    if (absent(rates.cgst)) missing.push('cgst');
    // UTGST falls back to SGST when it was not entered.
    const second = kind === 'intra-ut' && !absent(rates.utgst) ? rates.utgst : rates.sgst;
    if (absent(second)) missing.push(kind === 'intra-ut' ? 'utgst' : 'sgst');
  }
  return missing;
}

/** The rate of each component for this supply kind. Throws MissingGstRateError when one is not entered. */
export function appliedRates(rates: DocGstRates | null, kind: SupplyKind): Record<GstComponent, number> {
  const missing = missingRates(rates, kind);
  if (missing.length > 0 || !rates) throw new MissingGstRateError(missing);
  const cess = rates.cess && rates.cess > 0 ? rates.cess : 0;
  if (kind === 'inter-state') return { cgst: 0, sgst: 0, utgst: 0, igst: rates.igst!, cess };
  if (kind === 'intra-ut') {
    const utgst = rates.utgst !== null && rates.utgst !== undefined && rates.utgst >= 0 ? rates.utgst : rates.sgst!;
    return { cgst: rates.cgst!, sgst: 0, utgst, igst: 0, cess };
  }
  return { cgst: rates.cgst!, sgst: rates.sgst!, utgst: 0, igst: 0, cess };
}

const ORDER: GstComponent[] = ['cgst', 'sgst', 'utgst', 'igst', 'cess'];

export function splitInclusive(grossPaise: number, rates: DocGstRates | null, kind: SupplyKind): GstSplit {
  if (!Number.isSafeInteger(grossPaise) || grossPaise < 0) {
    throw new RangeError(`gross must be non-negative integer paise, got ${grossPaise}`);
  }
  const applied = appliedRates(rates, kind);
  const units = ORDER.map((c) => BigInt(Math.round(applied[c] * Number(RATE_SCALE))));
  const totalUnits = units.reduce((a, b) => a + b, 0n);
  const gross = BigInt(grossPaise);

  // Round half up: floor((2 * gross * 100% + d) / (2 * d)), d = 100% + rate.
  const denominator = HUNDRED_PERCENT + totalUnits;
  const taxable = (2n * gross * HUNDRED_PERCENT + denominator) / (2n * denominator);
  const totalTax = gross - taxable;

  const shares = units.map(() => 0n);
  if (totalUnits > 0n) {
    const remainders = units.map((u, i) => {
      shares[i] = (totalTax * u) / totalUnits;
      return { i, rem: (totalTax * u) % totalUnits };
    });
    let left = totalTax - shares.reduce((a, b) => a + b, 0n);
    // Stable sort keeps component order (CGST before SGST) on equal remainders.
    remainders.sort((a, b) => (a.rem === b.rem ? a.i - b.i : a.rem > b.rem ? -1 : 1));
    for (const { i } of remainders) {
      if (left === 0n) break;
      shares[i] += 1n;
      left -= 1n;
    }
  }

  const tax = Object.fromEntries(ORDER.map((c, i) => [c, Number(shares[i])])) as Record<GstComponent, number>;
  return { grossPaise, taxablePaise: Number(taxable), tax, rates: applied };
}
