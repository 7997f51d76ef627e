/**
 * Inbound webhooks are verified before anything in them is read: an HMAC over
 * the raw body, compared in constant time. Shopify and WooCommerce send the
 * base64 HMAC-SHA256 of the body (docs/integrations/).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export function hmacSha256(secret: string, raw: Uint8Array | string, encoding: 'base64' | 'hex'): string {
  return createHmac('sha256', secret).update(raw).digest(encoding);
}

/** True when `signature` is the HMAC-SHA256 of `raw` under `secret` (constant time; false for a missing or malformed header). */
export function verifyHmacSha256(secret: string, raw: Uint8Array | string, signature: string | null | undefined, encoding: 'base64' | 'hex'): boolean {
  if (!secret || !signature || signature.length > 256) return false;
  const expected = Buffer.from(hmacSha256(secret, raw, encoding), 'utf8');
  const given = Buffer.from(signature.trim(), 'utf8');
  return expected.length === given.length && timingSafeEqual(expected, given);
}
