/**
 * Partner credentials at rest: AES-256-GCM under a key derived from
 * ENCRYPTION_KEY (HKDF-SHA256), a fresh 96-bit nonce per value, and the row the
 * value belongs to as additional data, so a sealed value copied into another
 * row (another company's connection) does not open there.
 *
 * Sealed form: `v1.<nonce>.<ciphertext>.<tag>`, each base64url.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

export type SecretBox = {
  /** Seals `plain` for the record named by `context` (e.g. `connection:<id>`). */
  seal(plain: string, context: string): string;
  /** Opens a value sealed for `context`; throws if it was altered, sealed for another record or under another key. */
  open(sealed: string, context: string): string;
};

export const MIN_ENCRYPTION_KEY_BYTES = 32;

export class SecretBoxError extends Error {}

export function secretBox(encryptionKey: string): SecretBox {
  if (Buffer.byteLength(encryptionKey, 'utf8') < MIN_ENCRYPTION_KEY_BYTES) {
    throw new SecretBoxError(`ENCRYPTION_KEY must be at least ${MIN_ENCRYPTION_KEY_BYTES} bytes`);
  }
  const key = Buffer.from(hkdfSync('sha256', Buffer.from(encryptionKey, 'utf8'), 'shipdesk', 'partner-credentials v1', 32));
  return {
    seal(plain, context) {
      const nonce = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, nonce);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', nonce, body, cipher.getAuthTag()].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
    },
    open(sealed, context) {
      const [version, nonce, body, tag] = sealed.split('.');
      if (version !== 'v1' || nonce === undefined || body === undefined || tag === undefined) throw new SecretBoxError('not a sealed value');
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'));
        decipher.setAAD(Buffer.from(context, 'utf8'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        throw new SecretBoxError('the sealed value does not open with this key for this record');
      }
    },
  };
}
