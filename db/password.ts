import { randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

type ScryptParams = { N: number; r: number; p: number };
const scrypt = promisify(scryptCb) as (pw: string, salt: Buffer, len: number, opts: ScryptParams & { maxmem: number }) => Promise<Buffer>;

/**
 * OWASP's Password Storage Cheat Sheet (2025) lists scrypt at N=2^17, r=8, p=1
 * and the equivalent N=2^16/p=2, N=2^15/p=3, N=2^14/p=5. N=2^15, r=8, p=3 needs
 * 32 MiB per hash (not 128), so a few run at once without starving the server.
 * Node runs scrypt on libuv's thread pool, off the event loop.
 */
export const PASSWORD_PARAMS: ScryptParams = { N: 32768, r: 8, p: 3 };
const maxmemFor = ({ N, r }: ScryptParams) => 128 * N * r * 2;

/** scrypt with a per-password salt; stored as `scrypt$N$r$p$salt$hash` (base64). */
export async function hashPassword(password: string, params: ScryptParams = PASSWORD_PARAMS): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(password, salt, 32, { ...params, maxmem: maxmemFor(params) });
  return `scrypt$${params.N}$${params.r}$${params.p}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

function parse(stored: string) {
  const [kind, n, r, p, salt, hash] = stored.split('$');
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  if (kind !== 'scrypt' || !salt || !hash || !Object.values(params).every((x) => Number.isInteger(x) && x > 0)) return null;
  return { params, salt: Buffer.from(salt, 'base64'), hash: Buffer.from(hash, 'base64') };
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const s = parse(stored);
  if (!s) return false;
  const got = await scrypt(password, s.salt, s.hash.length, { ...s.params, maxmem: maxmemFor(s.params) });
  return timingSafeEqual(s.hash, got);
}

/** True when a stored hash costs less than today's parameters (hashed again at the next sign-in). */
export function needsRehash(stored: string): boolean {
  const s = parse(stored);
  if (!s) return true;
  const cost = (x: ScryptParams) => x.N * x.r * x.p;
  return cost(s.params) < cost(PASSWORD_PARAMS);
}

/**
 * A hash of a password nobody holds, at today's parameters: an unknown e-mail is
 * checked against it, so it takes as long as a wrong password for a real account.
 * Its answer is never used.
 */
export const UNKNOWN_USER_HASH =
  'scrypt$32768$8$3$x1LwXvVoaVl6WwqMLz7A0g==$USFPSc84SB+rXJvbDZbl8UHZRZfz0qipsBV+2kLZ+ao=';
