/**
 * Indian states and union territories as invoices need them: GST state code,
 * name, and whether UTGST is levied instead of SGST. The states, their codes
 * and spellings are domain/india.ts's; this adds the short forms addresses on
 * invoices carry (two-letter codes, a few towns) and the retired GSTIN codes. Pure.
 */
import { GSTIN_FORMAT } from '../../domain/gstin';
import { findRegion, INDIAN_REGIONS, type IndianRegion } from '../../domain/india';

export interface GstState {
  /** Two-digit GST state code (first two digits of a GSTIN). */
  code: string;
  name: string;
  /** true where UTGST is levied instead of SGST. */
  utgst: boolean;
}

/** Short forms by GST state code: two-letter state codes, and names domain/india does not take. */
const SHORT_FORMS: Record<string, string[]> = {
  '01': ['jk'], '02': ['hp'], '03': ['pb'], '04': ['ch'], '05': ['uk', 'ut'], '06': ['hr'], '07': ['dl'], '08': ['rj'], '09': ['up'],
  '10': ['br'], '11': ['sk'], '12': ['ar'], '13': ['nl'], '14': ['mn'], '15': ['mz'], '16': ['tr'], '17': ['ml'], '18': ['as'],
  '19': ['wb'], '20': ['jh'], '21': ['od', 'or'], '22': ['cg', 'ct'], '23': ['mp'], '24': ['gj'],
  '26': ['dh', 'dn', 'dd', 'dnhdd', 'daman', 'diu', 'silvassa'],
  '27': ['mh'], '29': ['ka'], '30': ['ga'], '31': ['ld', 'lakshadweep islands'], '32': ['kl'], '33': ['tn'], '34': ['py'],
  '35': ['an', 'andaman nicobar islands'], '36': ['tg', 'ts'], '37': ['ap'], '38': ['la'],
};

const gstState = (r: IndianRegion): GstState => ({ code: r.gstCode, name: r.name, utgst: r.utgst });
const BY_CODE = new Map(INDIAN_REGIONS.map((r) => [r.gstCode, gstState(r)]));
// Pre-merger code of Daman and Diu; Andhra Pradesh's pre-2014 code.
BY_CODE.set('25', BY_CODE.get('26')!);
BY_CODE.set('28', BY_CODE.get('37')!);

const key = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();
const BY_SHORT_FORM = new Map(Object.entries(SHORT_FORMS).flatMap(([code, forms]) => forms.map((f) => [key(f), BY_CODE.get(code)!] as const)));

/** A state or union territory by name, common alias or two-letter code; undefined when unknown. */
export function findState(nameOrAlias: string | null | undefined): GstState | undefined {
  if (!nameOrAlias) return undefined;
  const short = BY_SHORT_FORM.get(key(nameOrAlias));
  if (short) return short;
  // A name, not a code: domain/india also reads '27' as Maharashtra, an address's state field does not.
  const region = /\d/.test(nameOrAlias) ? null : findRegion(nameOrAlias);
  return region ? BY_CODE.get(region.gstCode) : undefined;
}

/** The state a GSTIN is registered in (its first two digits); undefined when unknown. */
export function stateOfGstin(gstin: string | null | undefined): GstState | undefined {
  if (!gstin) return undefined;
  return BY_CODE.get(gstin.trim().slice(0, 2));
}

/** GSTIN format: 2-digit state code, PAN (5 letters, 4 digits, 1 letter), entity number, 'Z', check character. */
export function isGstinFormat(gstin: string): boolean {
  return GSTIN_FORMAT.test(gstin.trim().toUpperCase());
}
