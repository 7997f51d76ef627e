// The ONE GST core: which taxes apply (intra- or inter-state,
// SGST or UTGST, decided by the ship-from warehouse's state and the place of
// supply) and the exact split of a GST-inclusive amount into taxable value and
// tax parts, in integer paise. Order screens, manual-order totals, invoices,
// credit notes, Tally vouchers, CSV exports and labels all split through here.
//
// ROUNDING RULE (stated once, here): each tax part is
//   round_half_up(inclusive x part rate / (100 + sum of applied rates))
// to the paisa, and the taxable value is what remains
//   taxable = inclusive - sum of tax parts
// so taxable + parts always equals the inclusive amount exactly.
import { findRegion } from './india';

/** Rates in percent, as stored on a catalogue item (gstPercentage). */
export interface GstRates {
  cgst: number;
  sgst: number;
  igst: number;
  /** Falls back to SGST when empty. */
  utgst?: number | null;
  cess?: number | null;
}

export type SupplyType = 'intra_state' | 'inter_state';

export interface GstRegime {
  supply: SupplyType;
  /** Intra-state supply in a union territory without legislature: UTGST replaces SGST. */
  utgst: boolean;
}

export interface TaxSplit {
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  utgstPaise: number;
  igstPaise: number;
  cessPaise: number;
}

function sameText(a: string, b: string): boolean {
  return a.trim().toLowerCase().replace(/\s+/g, ' ') === b.trim().toLowerCase().replace(/\s+/g, ' ');
}

/**
 * Place of supply: same state -> CGST + SGST (UTGST for UTs without
 * legislature); different states -> IGST. State names may be any common
 * spelling or GST code. An unknown state is compared as plain text.
 */
export function gstRegime(sellerState: string, buyerState: string): GstRegime {
  const s = findRegion(sellerState);
  const b = findRegion(buyerState);
  const same = s && b ? s.gstCode === b.gstCode : sameText(sellerState ?? '', buyerState ?? '');
  if (!same) return { supply: 'inter_state', utgst: false };
  return { supply: 'intra_state', utgst: !!(s && s.utgst) };
}

/** UTGST rate to use: the given one, or SGST when empty. */
export function utgstRate(rates: GstRates): number {
  return rates.utgst == null || Number.isNaN(rates.utgst) ? rates.sgst : rates.utgst;
}

// Percentages are handled as integers in millionths of the amount
// (percent * 10_000) so rates like 2.5, 0.25 or 12.5 are exact.
const SCALE = 1_000_000n;

function toUnits(percent: number | null | undefined, label: string): bigint {
  const p = percent ?? 0;
  if (!Number.isFinite(p) || p < 0 || p > 100) throw new RangeError(`${label} rate must be between 0 and 100, got ${p}`);
  return BigInt(Math.round(p * 10_000));
}

/** Round n / d half up, for n >= 0, d > 0. */
function divRound(n: bigint, d: bigint): bigint {
  return (2n * n + d) / (2n * d);
}

/** Combined rate (percent) that applies under a regime: e.g. 18 for 9 + 9. */
export function effectiveGstPercent(rates: GstRates, regime: GstRegime): number {
  const cess = rates.cess ?? 0;
  if (regime.supply === 'inter_state') return rates.igst + cess;
  return rates.cgst + (regime.utgst ? utgstRate(rates) : rates.sgst) + cess;
}

/**
 * Split a GST-inclusive amount: taxable = inclusive / (1 + rate), each tax
 * part = taxable x its rate rounded to the paisa, and the rounding remainder
 * left on the taxable value so that the parts add up exactly to the amount.
 */
export function splitInclusive(inclusivePaise: number, rates: GstRates, regime: GstRegime): TaxSplit {
  if (!Number.isSafeInteger(inclusivePaise) || inclusivePaise < 0) {
    throw new RangeError(`amount must be a non-negative whole number of paise, got ${inclusivePaise}`);
  }
  const total = BigInt(inclusivePaise);
  const zero = 0n;
  let cgst = zero, sgst = zero, utgst = zero, igst = zero;
  const cess = toUnits(rates.cess, 'CESS');
  if (regime.supply === 'inter_state') {
    igst = toUnits(rates.igst, 'IGST');
  } else {
    cgst = toUnits(rates.cgst, 'CGST');
    if (regime.utgst) utgst = toUnits(utgstRate(rates), 'UTGST');
    else sgst = toUnits(rates.sgst, 'SGST');
  }
  const denom = SCALE + cgst + sgst + utgst + igst + cess;
  const part = (u: bigint) => (u === zero ? zero : divRound(total * u, denom));
  const out = {
    cgstPaise: Number(part(cgst)),
    sgstPaise: Number(part(sgst)),
    utgstPaise: Number(part(utgst)),
    igstPaise: Number(part(igst)),
    cessPaise: Number(part(cess)),
  };
  const keys = ['cgstPaise', 'sgstPaise', 'utgstPaise', 'igstPaise', 'cessPaise'] as const;
  const sum = () => keys.reduce((a, k) => a + out[k], 0);
  // Only with absurd rates on a few paise can rounding up exceed the amount.
  while (sum() > inclusivePaise) {
    const k = keys.reduce((a, b) => (out[b] > out[a] ? b : a));
    out[k] -= 1;
  }
  return { taxablePaise: inclusivePaise - sum(), ...out };
}

// ---- Documents' view of the same split -------------------------------------------------

export type GstComponent = 'cgst' | 'sgst' | 'utgst' | 'igst' | 'cess';
export const GST_COMPONENTS: readonly GstComponent[] = ['cgst', 'sgst', 'utgst', 'igst', 'cess'];

/** Rates as entered on an order item: null means "not entered", which is not the same as 0 %. */
export interface EnteredGstRates {
  cgst: number | null;
  sgst: number | null;
  igst: number | null;
  utgst?: number | null;
  cess?: number | null;
}

/** The split of one inclusive amount, per component, with the rates applied. */
export interface GstSplit {
  grossPaise: number;
  taxablePaise: number;
  tax: Record<GstComponent, number>;
  rates: Record<GstComponent, number>;
}

export class MissingGstRateError extends Error {
  constructor(readonly missing: GstComponent[]) {
    super(`GST rate missing: ${missing.join(', ')}`);
    this.name = 'MissingGstRateError';
  }
}

const absent = (v: number | null | undefined) => v === null || v === undefined || !Number.isFinite(v) || v < 0;

/** Components a regime needs whose rate was not entered (empty when all are there). UTGST falls back to SGST. */
export function missingGstRates(rates: EnteredGstRates | null, regime: GstRegime): GstComponent[] {
  if (!rates) return regime.supply === 'inter_state' ? ['igst'] : ['cgst', regime.utgst ? 'utgst' : 'sgst'];
  const missing: GstComponent[] = [];
  if (regime.supply === 'inter_state') {
    if (absent(rates.igst)) missing.push('igst');
  } else {
    if (absent(rates.cgst)) missing.push('cgst');
    const second = regime.utgst && !absent(rates.utgst) ? rates.utgst : rates.sgst;
    if (absent(second)) missing.push(regime.utgst ? 'utgst' : 'sgst');
  }
  return missing;
}

/**
 * The same split as splitInclusive, per component, refusing (MissingGstRateError)
 * when a needed rate was not entered rather than guessing 0 %.
 */
export function splitGross(grossPaise: number, entered: EnteredGstRates | null, regime: GstRegime): GstSplit {
  const missing = missingGstRates(entered, regime);
  if (missing.length > 0 || !entered) throw new MissingGstRateError(missing);
  const rates: GstRates = {
    cgst: entered.cgst ?? 0,
    sgst: entered.sgst ?? 0,
    igst: entered.igst ?? 0,
    utgst: absent(entered.utgst) ? null : entered.utgst,
    cess: absent(entered.cess) ? 0 : entered.cess,
  };
  const s = splitInclusive(grossPaise, rates, regime);
  const inter = regime.supply === 'inter_state';
  const applied: Record<GstComponent, number> = {
    cgst: inter ? 0 : rates.cgst,
    sgst: inter || regime.utgst ? 0 : rates.sgst,
    utgst: !inter && regime.utgst ? utgstRate(rates) : 0,
    igst: inter ? rates.igst : 0,
    cess: rates.cess ?? 0,
  };
  return {
    grossPaise,
    taxablePaise: s.taxablePaise,
    tax: { cgst: s.cgstPaise, sgst: s.sgstPaise, utgst: s.utgstPaise, igst: s.igstPaise, cess: s.cessPaise },
    rates: applied,
  };
}
