import { createHmac, timingSafeEqual } from 'node:crypto';

/** HMAC-signed, expiring links (presigned uploads, e-mailed downloads). */
export function sign(key: string, payload: string, expiresAtMs: number) {
  const exp = Math.floor(expiresAtMs / 1000);
  const sig = createHmac('sha256', key).update(`${payload}|${exp}`).digest('base64url');
  return { exp, sig };
}

export function verify(key: string, payload: string, exp: number, sig: string): boolean {
  if (!Number.isFinite(exp) || exp * 1000 < Date.now()) return false;
  const expected = createHmac('sha256', key).update(`${payload}|${exp}`).digest();
  let got: Buffer;
  try {
    got = Buffer.from(sig, 'base64url');
  } catch {
    return false;
  }
  return got.length === expected.length && timingSafeEqual(got, expected);
}
