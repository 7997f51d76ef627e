/**
 * Indian states and union territories with their GST state codes, and which
 * union territories levy UTGST instead of SGST. Pure.
 *
 * UTGST applies in the union territories without a legislature: Chandigarh,
 * Ladakh, Lakshadweep, Andaman and Nicobar Islands, and Dadra and Nagar Haveli
 * and Daman and Diu. Delhi, Puducherry and Jammu and Kashmir have legislatures
 * and levy SGST.
 */

export interface GstState {
  /** Two-digit GST state code (first two digits of a GSTIN). */
  code: string;
  name: string;
  /** true where UTGST is levied instead of SGST. */
  utgst: boolean;
}

const STATES: Array<[code: string, name: string, utgst: boolean, aliases: string[]]> = [
  ['01', 'Jammu and Kashmir', false, ['jk', 'j and k', 'jammu kashmir']],
  ['02', 'Himachal Pradesh', false, ['hp']],
  ['03', 'Punjab', false, ['pb']],
  ['04', 'Chandigarh', true, ['ch']],
  ['05', 'Uttarakhand', false, ['uk', 'ut', 'uttaranchal']],
  ['06', 'Haryana', false, ['hr']],
  ['07', 'Delhi', false, ['dl', 'new delhi', 'nct of delhi', 'national capital territory of delhi']],
  ['08', 'Rajasthan', false, ['rj']],
  ['09', 'Uttar Pradesh', false, ['up']],
  ['10', 'Bihar', false, ['br']],
  ['11', 'Sikkim', false, ['sk']],
  ['12', 'Arunachal Pradesh', false, ['ar']],
  ['13', 'Nagaland', false, ['nl']],
  ['14', 'Manipur', false, ['mn']],
  ['15', 'Mizoram', false, ['mz']],
  ['16', 'Tripura', false, ['tr']],
  ['17', 'Meghalaya', false, ['ml']],
  ['18', 'Assam', false, ['as']],
  ['19', 'West Bengal', false, ['wb']],
  ['20', 'Jharkhand', false, ['jh']],
  ['21', 'Odisha', false, ['od', 'or', 'orissa']],
  ['22', 'Chhattisgarh', false, ['cg', 'ct', 'chattisgarh']],
  ['23', 'Madhya Pradesh', false, ['mp']],
  ['24', 'Gujarat', false, ['gj']],
  // Code 25 (Daman and Diu) was merged into 26 in 2020; old GSTINs still carry it.
  ['26', 'Dadra and Nagar Haveli and Daman and Diu', true, ['dh', 'dn', 'dd', 'dnhdd', 'daman and diu', 'dadra and nagar haveli', 'daman', 'diu', 'silvassa']],
  ['27', 'Maharashtra', false, ['mh']],
  ['29', 'Karnataka', false, ['ka']],
  ['30', 'Goa', false, ['ga']],
  ['31', 'Lakshadweep', true, ['ld', 'lakshadweep islands']],
  ['32', 'Kerala', false, ['kl']],
  ['33', 'Tamil Nadu', false, ['tn']],
  ['34', 'Puducherry', false, ['py', 'pondicherry']],
  ['35', 'Andaman and Nicobar Islands', true, ['an', 'andaman and nicobar', 'andaman nicobar islands']],
  ['36', 'Telangana', false, ['tg', 'ts', 'telengana']],
  ['37', 'Andhra Pradesh', false, ['ap']],
  ['38', 'Ladakh', true, ['la']],
];

const BY_CODE = new Map<string, GstState>();
const BY_KEY = new Map<string, GstState>();

function key(name: string): string {
  return name.toLowerCase().replace(/&/g, ' and ').replace(/[^a-z0-9]+/g, ' ').trim();
}

for (const [code, name, utgst, aliases] of STATES) {
  const state: GstState = { code, name, utgst };
  BY_CODE.set(code, state);
  for (const alias of [name, ...aliases]) BY_KEY.set(key(alias), state);
}
// Pre-merger code of Daman and Diu; Andhra Pradesh's pre-2014 code.
BY_CODE.set('25', BY_CODE.get('26')!);
BY_CODE.set('28', BY_CODE.get('37')!);

/** A state or union territory by name, common alias or two-letter code; undefined when unknown. */
export function findState(nameOrAlias: string | null | undefined): GstState | undefined {
  if (!nameOrAlias) return undefined;
  return BY_KEY.get(key(nameOrAlias));
}

/** The state a GSTIN is registered in (its first two digits); undefined when unknown. */
export function stateOfGstin(gstin: string | null | undefined): GstState | undefined {
  if (!gstin) return undefined;
  return BY_CODE.get(gstin.trim().slice(0, 2));
}

/** GSTIN format: 2-digit state code, PAN (5 letters, 4 digits, 1 letter), entity number, 'Z', check character. */
export function isGstinFormat(gstin: string): boolean {
  return /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/.test(gstin.trim().toUpperCase());
}
