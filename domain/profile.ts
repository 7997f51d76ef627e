import { z } from 'zod';
import { okBody } from './api';
import { SessionProfile } from './auth';
import { LONG_TEXT_MAX, TEXT_MAX, tooLongMsg } from './limits';
import { EMAIL_INVALID, PASSWORD_LENGTH, PHONE_INVALID, PINCODE_INVALID, requiredMsg, selectMsg } from './messages';
import { normalisePhone, normalisePincode, PHONE_INPUT_MAX } from './phone';

/** One rule per field of part 1 §5, shared by the signup/profile forms and the API. */
const required = (label: string) =>
  z.string({ error: requiredMsg(label) }).trim().min(1, requiredMsg(label)).max(TEXT_MAX, tooLongMsg(label, TEXT_MAX));

/** A format rule that stays quiet on an empty value, so an empty field says only that it is required. */
const format = (test: (v: string) => boolean) => (v: string) => v === "" || test(v);
const EMAIL = z.email();

export const PASSWORD_MISMATCH = 'The two passwords that you entered do not match!';
export { EMAIL_INVALID, PHONE_INVALID };
export const PAN_INVALID = 'PAN must be exactly 10 characters!';
export const GST_INVALID = 'GST must be exactly 15 characters!';
export const WEBSITE_INVALID = 'Please enter a valid website!';
export { PASSWORD_LENGTH };
export const PASSWORD_STRENGTH = 'Password must contain a special character and a digit!';
export { PINCODE_INVALID };

const WEBSITE_RE = /^(https?:\/\/)?(www\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*\.[a-z]{2,}(\/\S*)?$/i;
/** Phones are normalised (+91, 0, spaces, dashes) before they are checked. */
export const phoneField = (label = 'Phone') =>
  required(label).max(PHONE_INPUT_MAX).transform(normalisePhone).pipe(z.string().refine(format((v) => /^[1-9][0-9]{9}$/.test(v)), PHONE_INVALID));
export const emailField = (label = 'Email') => required(label).refine(format((v) => EMAIL.safeParse(v).success), EMAIL_INVALID);
const panField = required('PAN').refine(format((v) => v.length === 10), PAN_INVALID);
const gstField = required('GST').refine(format((v) => v.length === 15), GST_INVALID);
const websiteField = required('Website').refine(format((v) => WEBSITE_RE.test(v)), WEBSITE_INVALID);

const baseAddress = {
  line1: required('Address Line 1'),
  line2: required('Address Line 2'),
  city: required('City'),
  state: z.string({ error: selectMsg('State') }).trim().min(1, selectMsg('State')).max(60, selectMsg('State')),
  pincode: required('Pincode').max(12).transform(normalisePincode).pipe(z.string().refine(format((v) => /^[1-9][0-9]{5}$/.test(v)), PINCODE_INVALID)),
};
export const companyAddressSchema = z.object(baseAddress);
export const warehouseAddressSchema = z.object({
  ...baseAddress,
  landmark: required('Landmark'),
  country: required('Country'),
});

const common = {
  name: required('Company Name'),
  email: emailField(),
  phone: phoneField(),
  pan: panField,
  gst: gstField,
  website: websiteField,
};

export const companyProfileSchema = z.object({
  ...common,
  poc: required('PoC'),
  pocPhone: phoneField('PoC Phone'),
  address: companyAddressSchema,
  warehouseRequirement: z.string().trim().max(LONG_TEXT_MAX, tooLongMsg('Warehouse requirement', LONG_TEXT_MAX)).optional(),
});

export const warehouseProfileSchema = z.object({
  ...common,
  /** The form labels it 'Warehouse Name', so its message says so (§5 'Please enter your {label}!'). */
  name: required('Warehouse Name'),
  address: warehouseAddressSchema,
});

const passwordFields = {
  password: z
    .string({ error: requiredMsg('Password') })
    .min(1, requiredMsg('Password'))
    .max(100, PASSWORD_LENGTH)
    .refine(format((p) => p.length >= 8 && p.length <= 20), PASSWORD_LENGTH)
    .refine((p) => p.length < 8 || p.length > 20 || (/[0-9]/.test(p) && /[^A-Za-z0-9]/.test(p)), PASSWORD_STRENGTH),
  confirmPassword: z.string({ error: requiredMsg('Confirm Password') }).min(1, requiredMsg('Confirm Password')).max(100, PASSWORD_MISMATCH),
};

function passwordsMatch(v: { password: string; confirmPassword: string }, ctx: z.RefinementCtx) {
  if (v.confirmPassword && v.password !== v.confirmPassword) {
    ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: PASSWORD_MISMATCH });
  }
}

export const companySignupSchema = companyProfileSchema.extend(passwordFields).superRefine(passwordsMatch);
export const warehouseSignupSchema = warehouseProfileSchema.extend(passwordFields).superRefine(passwordsMatch);

export type CompanyProfile = z.infer<typeof companyProfileSchema>;
export type WarehouseProfile = z.infer<typeof warehouseProfileSchema>;
export type CompanySignup = z.infer<typeof companySignupSchema>;
export type WarehouseSignup = z.infer<typeof warehouseSignupSchema>;

export const SIGNUP_KINDS = ['company', 'warehouse'] as const;
export type SignupKind = (typeof SIGNUP_KINDS)[number];

// ---- Responses ----

/** GET /api/profile: the signed-in user's own profile (the same shape as the session's). */
export const ProfileResponse = okBody({ profile: SessionProfile });
export type ProfileResponse = z.infer<typeof ProfileResponse>;

/** PUT /api/profile/company and /api/profile/warehouse: the profile as saved. */
export const ProfileSavedResponse = ProfileResponse.extend({ message: z.string() });
export type ProfileSavedResponse = z.infer<typeof ProfileSavedResponse>;
