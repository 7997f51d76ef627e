// GST on GST-inclusive prices: which taxes apply (intra- or inter-state,
// SGST or UTGST) and the exact split of an inclusive amount into taxable value
// and tax parts, in integer paise.
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
