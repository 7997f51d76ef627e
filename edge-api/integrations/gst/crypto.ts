/**
 * The IRP's encryption (docs/integrations/gst.md), with node:crypto only:
 * RSA PKCS#1 v1.5 with the IRP's public key for the AppKey and the password,
 * AES-256-ECB (PKCS#7 padding) for the Sek and every payload, and RS256 JWS
 * for the signed invoice and QR code.
 */
import { constants, createCipheriv, createDecipheriv, createSign, createVerify, publicEncrypt, randomBytes, type KeyLike } from 'node:crypto';

/** A fresh 32-byte AppKey for one session. */
export const newAppKey = (): Buffer => randomBytes(32);

/** RSA PKCS#1 v1.5 encryption with the IRP's public key (PEM), base64. */
export const rsaEncrypt = (publicKeyPem: string, data: Buffer): string =>
  publicEncrypt({ key: publicKeyPem, padding: constants.RSA_PKCS1_PADDING }, data).toString('base64');

/** AES-256-ECB with PKCS#7 padding, base64. */
export function aesEncrypt(key: Buffer, data: Buffer): string {
  const c = createCipheriv('aes-256-ecb', key, null);
  return Buffer.concat([c.update(data), c.final()]).toString('base64');
}

export function aesDecrypt(key: Buffer, base64: string): Buffer {
  const d = createDecipheriv('aes-256-ecb', key, null);
  return Buffer.concat([d.update(Buffer.from(base64, 'base64')), d.final()]);
}

const b64url = (b: Buffer | string) => Buffer.from(b).toString('base64url');

/** A compact JWS signed RS256 over `payload`. */
export function signJws(privateKey: KeyLike, payload: unknown, kid: string): string {
  const head = `${b64url(JSON.stringify({ alg: 'RS256', kid, typ: 'JWT' }))}.${b64url(JSON.stringify(payload))}`;
  const signature = createSign('RSA-SHA256').update(head).sign(privateKey);
  return `${head}.${b64url(signature)}`;
}

/** The payload of a compact JWS (without checking its signature). */
export function jwsPayload<T = Record<string, unknown>>(jws: string): T {
  const part = jws.split('.')[1];
  if (!part) throw new Error('Not a JWS');
  return JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as T;
}

/** Whether a compact JWS is signed RS256 by the key. */
export function verifyJws(publicKey: KeyLike, jws: string): boolean {
  const [h, p, s] = jws.split('.');
  if (!h || !p || !s) return false;
  return createVerify('RSA-SHA256').update(`${h}.${p}`).verify(publicKey, Buffer.from(s, 'base64url'));
}
