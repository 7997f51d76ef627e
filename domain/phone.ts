// Phone numbers and pincodes as people paste them. Every
// phone schema (orders, stores, salesmen, signup, profile, NDR, admin,
// promoters, bulk rows) normalises through normalisePhone BEFORE validating.

/**
 * '+91 98450-12345', '091-9845012345', '(0)98450 12345', '98450 12345' ->
 * '9845012345'. Spaces, dashes, dots, brackets and a leading '+' are dropped;
 * then a country code 91 (12 digits) or a trunk 0 (11 digits) in front of ten
 * digits is dropped. Anything else is returned with only the separators
 * removed, so the validator still says what is wrong with it.
 */
export function normalisePhone(raw: unknown): string {
  if (raw == null) return '';
  const s = String(raw).trim();
  if (!s) return '';
  const compact = s.replace(/[\s\-().\u00a0]/g, '');
  const digits = compact.replace(/^\+/, '');
  if (!/^\d+$/.test(digits)) return compact;
  if (digits.length === 12 && digits.startsWith('91')) return digits.slice(2);
  if (digits.length === 13 && digits.startsWith('091')) return digits.slice(3);
  if (digits.length === 11 && digits.startsWith('0')) return digits.slice(1);
  if (digits.length === 14 && digits.startsWith('0091')) return digits.slice(4);
  return digits;
}

/** '560 001', ' 560001 ' -> '560001' (spaces and dashes dropped). */
export function normalisePincode(raw: unknown): string {
  if (raw == null) return '';
  return String(raw).trim().replace(/[\s\-\u00a0]/g, '');
}

/** Longest text a phone field accepts before normalising ('+91 98450 12345' and the like). */
export const PHONE_INPUT_MAX = 20;
