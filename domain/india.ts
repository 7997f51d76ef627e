// Indian reference data: states and union territories with their GST state
// codes, canonical spellings, metro cities and special delivery zones.
// Pure data and functions, no I/O.

export type RegionKind = 'state' | 'ut_with_legislature' | 'ut';

export interface IndianRegion {
  /** Canonical spelling used everywhere in the product. */
  name: string;
  /** Two-digit GST state code (first two characters of a GSTIN). */
  gstCode: string;
  kind: RegionKind;
  /**
   * Intra-state supplies here carry UTGST in place of SGST: union territories
   * without a legislature (Chandigarh, Ladakh, Lakshadweep, Andaman and Nicobar
   * Islands, Dadra and Nagar Haveli and Daman and Diu).
   */
  utgst: boolean;
  /** Special delivery zone: J&K, Ladakh, the north-east, the islands. */
  special: boolean;
}

const r = (name: string, gstCode: string, kind: RegionKind, special = false): IndianRegion => ({
  name,
  gstCode,
  kind,
  utgst: kind === 'ut',
  special,
});

/** All 28 states and 8 union territories, in GST state-code order. */
export const INDIAN_REGIONS: readonly IndianRegion[] = Object.freeze([
  r('Jammu and Kashmir', '01', 'ut_with_legislature', true),
  r('Himachal Pradesh', '02', 'state'),
  r('Punjab', '03', 'state'),
  r('Chandigarh', '04', 'ut'),
  r('Uttarakhand', '05', 'state'),
  r('Haryana', '06', 'state'),
  r('Delhi', '07', 'ut_with_legislature'),
  r('Rajasthan', '08', 'state'),
  r('Uttar Pradesh', '09', 'state'),
  r('Bihar', '10', 'state'),
  r('Sikkim', '11', 'state', true),
  r('Arunachal Pradesh', '12', 'state', true),
  r('Nagaland', '13', 'state', true),
  r('Manipur', '14', 'state', true),
  r('Mizoram', '15', 'state', true),
  r('Tripura', '16', 'state', true),
  r('Meghalaya', '17', 'state', true),
  r('Assam', '18', 'state', true),
  r('West Bengal', '19', 'state'),
  r('Jharkhand', '20', 'state'),
  r('Odisha', '21', 'state'),
  r('Chhattisgarh', '22', 'state'),
  r('Madhya Pradesh', '23', 'state'),
  r('Gujarat', '24', 'state'),
  // 25 (Daman and Diu) was merged into 26 in 2020.
  r('Dadra and Nagar Haveli and Daman and Diu', '26', 'ut'),
  r('Maharashtra', '27', 'state'),
  r('Karnataka', '29', 'state'),
  r('Goa', '30', 'state'),
  r('Lakshadweep', '31', 'ut', true),
  r('Kerala', '32', 'state'),
  r('Tamil Nadu', '33', 'state'),
  r('Puducherry', '34', 'ut_with_legislature'),
  r('Andaman and Nicobar Islands', '35', 'ut', true),
  r('Telangana', '36', 'state'),
  r('Andhra Pradesh', '37', 'state'),
  r('Ladakh', '38', 'ut', true),
]);

/** Canonical names, for select lists. */
export const INDIAN_STATE_NAMES: readonly string[] = Object.freeze(INDIAN_REGIONS.map((x) => x.name));

/** Lower-case, '&' -> 'and', letters and digits only. */
function key(s: string): string {
  return s
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]/g, '');
}

const ALIASES: Record<string, string> = {
  // old or alternative spellings seen in India Post, GeoNames and user input
  jammukashmir: 'Jammu and Kashmir',
  jandk: 'Jammu and Kashmir',
  jk: 'Jammu and Kashmir',
  chattisgarh: 'Chhattisgarh',
  chhatisgarh: 'Chhattisgarh',
  orissa: 'Odisha',
  uttaranchal: 'Uttarakhand',
  pondicherry: 'Puducherry',
  pondichery: 'Puducherry',
  newdelhi: 'Delhi',
  nctofdelhi: 'Delhi',
  nationalcapitalterritoryofdelhi: 'Delhi',
  delhinct: 'Delhi',
  andamanandnicobar: 'Andaman and Nicobar Islands',
  andamanandnicobarisland: 'Andaman and Nicobar Islands',
  andamanislands: 'Andaman and Nicobar Islands',
  aandnislands: 'Andaman and Nicobar Islands',
  aandn: 'Andaman and Nicobar Islands',
  damananddiu: 'Dadra and Nagar Haveli and Daman and Diu',
  dadraandnagarhaveli: 'Dadra and Nagar Haveli and Daman and Diu',
  dadranagarhaveli: 'Dadra and Nagar Haveli and Daman and Diu',
  dnhanddd: 'Dadra and Nagar Haveli and Daman and Diu',
  dadraandnagarhavelianddamananddiu: 'Dadra and Nagar Haveli and Daman and Diu',
  tamilnadu: 'Tamil Nadu',
  telengana: 'Telangana',
  laccadives: 'Lakshadweep',
};

const BY_KEY = new Map<string, IndianRegion>();
for (const reg of INDIAN_REGIONS) BY_KEY.set(key(reg.name), reg);
for (const [alias, name] of Object.entries(ALIASES)) BY_KEY.set(alias, BY_KEY.get(key(name))!);
const BY_CODE = new Map<string, IndianRegion>(INDIAN_REGIONS.map((x) => [x.gstCode, x]));
BY_CODE.set('25', BY_KEY.get(key('Dadra and Nagar Haveli and Daman and Diu'))!);

/** Districts that India Post still files under Jammu & Kashmir but are in Ladakh since 2019. */
const LADAKH_DISTRICTS = new Set(['leh', 'kargil', 'lehladakh', 'ladakh']);

/**
 * The canonical state/UT for any common spelling (case, '&' and spacing
 * insensitive), or a GST state code such as '27'. A district may be given to
 * correct pre-2019 data (Leh and Kargil are in Ladakh). Unknown -> null.
 */
export function findRegion(state: string | null | undefined, district?: string | null): IndianRegion | null {
  if (state == null) return null;
  const k = key(String(state));
  if (!k) return null;
  const reg = /^\d{1,2}$/.test(k) ? BY_CODE.get(k.padStart(2, '0')) : BY_KEY.get(k);
  if (!reg) return null;
  if (reg.gstCode === '01' && district && LADAKH_DISTRICTS.has(key(district))) return BY_CODE.get('38')!;
  return reg;
}

/** Canonical spelling of a state or UT, or null when it is not one. */
export function normaliseState(state: string | null | undefined, district?: string | null): string | null {
  return findRegion(state, district)?.name ?? null;
}

/** Two-digit GST state code of a state or UT, or null. */
export function gstStateCode(state: string | null | undefined): string | null {
  return findRegion(state)?.gstCode ?? null;
}

/** The state/UT a GSTIN is registered in (its first two digits), or null. */
export function stateOfGstin(gstin: string | null | undefined): string | null {
  const m = /^(\d{2})/.exec(String(gstin ?? '').trim());
  return m ? (BY_CODE.get(m[1])?.name ?? null) : null;
}

/** True for union territories without a legislature, where UTGST replaces SGST. */
export function usesUtgst(state: string | null | undefined): boolean {
  return findRegion(state)?.utgst ?? false;
}

/** True for the special delivery zones (J&K, Ladakh, north-east, A&N Islands, Lakshadweep). */
export function isSpecialState(state: string | null | undefined, district?: string | null): boolean {
  return findRegion(state, district)?.special ?? false;
}

/** Metro cities, keyed by the district spellings India Post and others use. */
const METRO_DISTRICTS: Record<string, string> = {
  mumbai: 'Mumbai',
  mumbaicity: 'Mumbai',
  mumbaisuburban: 'Mumbai',
  greatermumbai: 'Mumbai',
  kolkata: 'Kolkata',
  calcutta: 'Kolkata',
  chennai: 'Chennai',
  madras: 'Chennai',
  bengaluru: 'Bengaluru',
  bangalore: 'Bengaluru',
  bengaluruurban: 'Bengaluru',
  bangaloreurban: 'Bengaluru',
  hyderabad: 'Hyderabad',
  ahmedabad: 'Ahmedabad',
  ahmadabad: 'Ahmedabad',
  pune: 'Pune',
  poona: 'Pune',
};

/**
 * The metro city a district belongs to ('Delhi', 'Mumbai', 'Kolkata',
 * 'Chennai', 'Bengaluru', 'Hyderabad', 'Ahmedabad', 'Pune'), or null. Every
 * district of Delhi is metro.
 */
export function metroCity(district: string | null | undefined, state?: string | null): string | null {
  if (state && findRegion(state)?.gstCode === '07') return 'Delhi';
  const k = key(String(district ?? ''));
  if (!k) return null;
  if (k.endsWith('delhi')) return 'Delhi';
  return METRO_DISTRICTS[k] ?? null;
}

export function isMetroDistrict(district: string | null | undefined, state?: string | null): boolean {
  return metroCity(district, state) !== null;
}

/** Six digits, first not zero. */
export const PINCODE_RE = /^[1-9][0-9]{5}$/;

export function isValidPincode(pincode: string | number | null | undefined): boolean {
  return PINCODE_RE.test(String(pincode ?? '').trim());
}
