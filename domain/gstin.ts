// GSTIN validation: 15 characters, the state code
// of the state it is for, and the check character (GSTN's mod-36 checksum).
import { z } from 'zod';
import { okBody } from './api';
import { findRegion } from './india';

export const GSTIN_LENGTH = 15;
export const GSTIN_LENGTH_MESSAGE = 'GSTIN must be 15 characters';
export const GSTIN_FORMAT_MESSAGE = 'GSTIN is not valid: 2-digit state code, 10-character PAN, entity number, Z and a check character';
export const GSTIN_CHECKSUM_MESSAGE = 'GSTIN is not valid: its check character does not match';
export const gstinStateMismatch = (state: string, code: string) => `GSTIN for ${state} must start with ${code}`;

const CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** 2-digit state code, PAN (5 letters, 4 digits, 1 letter), entity number, 'Z', check character. */
export const GSTIN_FORMAT = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/** The check character of the first 14 characters of a GSTIN. */
export function gstinCheckChar(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = CHARS.indexOf(first14[i]) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return CHARS[(36 - (sum % 36)) % 36];
}

export const normaliseGstin = (raw: unknown) => (raw == null ? '' : String(raw).trim().toUpperCase().replace(/\s+/g, ''));

/**
 * Why a GSTIN is not valid (null when it is): length, format, check
 * character, and (when `state` is given) that its state code is that state's.
 */
export function gstinProblem(raw: unknown, state?: string | null): string | null {
  const g = normaliseGstin(raw);
  if (g.length !== GSTIN_LENGTH) return GSTIN_LENGTH_MESSAGE;
  if (!GSTIN_FORMAT.test(g)) return GSTIN_FORMAT_MESSAGE;
  if (gstinCheckChar(g.slice(0, 14)) !== g[14]) return GSTIN_CHECKSUM_MESSAGE;
  if (state) {
    const region = findRegion(state);
    if (region && g.slice(0, 2) !== region.gstCode && !(region.gstCode === '26' && g.startsWith('25'))) {
      return gstinStateMismatch(region.name, region.gstCode);
    }
  }
  return null;
}

/** A valid GSTIN built from a state code and a PAN (seed data and tests). */
export function makeGstin(stateCode: string, pan: string, entity = '1'): string {
  const first14 = `${stateCode}${pan}${entity}Z`;
  return first14 + gstinCheckChar(first14);
}

// ---- A company's GSTIN per state (Settings > Invoicing) -------------------------------


export const GSTIN_STATE_REQUIRED = 'Please select the state of this GSTIN';
export const GSTIN_SAVED = 'GSTIN saved';
export const GSTIN_REMOVED = 'GSTIN removed';
/** The refusal of an invoice whose warehouse's state has no GSTIN recorded. */
export const gstinMissingFor = (state: string) =>
  `No GSTIN recorded for ${state}: add the company's ${state} GSTIN in Settings > Invoicing before invoicing from a warehouse in ${state}`;

/** The place of business registered under a GSTIN (its state is the GSTIN's). */
export const gstinAddressSchema = z.object({
  line1: z.string().trim().min(1, 'Please input the address').max(200),
  line2: z.string().trim().max(200).optional().default(''),
  city: z.string().trim().min(2, 'Please input the city').max(80),
  pincode: z.string().trim().max(6, 'Pincode must be exactly 6 digits').regex(/^\d{6}$/, 'Pincode must be exactly 6 digits'),
});
export type GstinAddress = z.output<typeof gstinAddressSchema>;

export const companyGstinSchema = z
  .object({
    companyId: z.string().max(64).optional(),
    address: gstinAddressSchema.nullable().optional(),
    state: z.string({ error: GSTIN_STATE_REQUIRED }).trim().min(1, GSTIN_STATE_REQUIRED).max(100),
    gstin: z.string({ error: GSTIN_LENGTH_MESSAGE }).max(20).transform((s) => normaliseGstin(s)),
  })
  .superRefine((v, ctx) => {
    if (!findRegion(v.state)) ctx.addIssue({ code: 'custom', path: ['state'], message: GSTIN_STATE_REQUIRED });
    const problem = gstinProblem(v.gstin, v.state);
    if (problem) ctx.addIssue({ code: 'custom', path: ['gstin'], message: problem });
  });
export type CompanyGstinInput = z.input<typeof companyGstinSchema>;

export interface CompanyGstinEntry {
  stateCode: string;
  state: string;
  gstin: string;
  /** True for the company's registration GSTIN (its home state), which counts until a GSTIN is recorded for that state. */
  fromProfile: boolean;
  /** The place of business registered under it; null when not recorded (the profile's address for the home state). */
  address: GstinAddress | null;
}
export type CompanyGstinsResponse = { status: true; gstins: CompanyGstinEntry[]; message?: string };

/** GET, PUT /api/ums/invoices/gstins, DELETE /api/ums/invoices/gstins/:stateCode (same name as its type). */
export const CompanyGstinsResponse: z.ZodType<CompanyGstinsResponse> = okBody({
  gstins: z.array(z.object({
    stateCode: z.string(), state: z.string(), gstin: z.string(), fromProfile: z.boolean(),
    address: z.object({ line1: z.string(), line2: z.string(), city: z.string(), pincode: z.string() }).nullable(),
  })),
  message: z.string().optional(),
});
