import { randomBytes, scrypt as scryptCb, scryptSync, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

type ScryptParams = { N: number; r: number; p: number };
const scrypt = promisify(scryptCb) as (pw: string, salt: Buffer, len: number, opts: ScryptParams & { maxmem: number }) => Promise<Buffer>;

/**
 * OWASP's Password Storage Cheat Sheet (2025) lists scrypt at N=2^17, r=8, p=1
 * and the equivalent N=2^16/p=2, N=2^15/p=3, N=2^14/p=5. N=2^15, r=8, p=3 needs
 * 32 MiB per hash (not 128), so a few run at once without starving the server.
 * Node runs scrypt on libuv's thread pool, off the event loop.
 */
export const PRODUCTION_PASSWORD_PARAMS: ScryptParams = { N: 32768, r: 8, p: 3 };
/** The same scrypt at about a millisecond a hash, for test runs: hundreds of sign-ins and seeded databases per run. */
export const TEST_PASSWORD_PARAMS: ScryptParams = { N: 1024, r: 8, p: 1 };

/**
 * The parameters of this process: the cheap ones only inside a test run (vitest sets VITEST, and the
 * servers a test starts inherit it), never with NODE_ENV=production; everything else, `npm start`
 * and `npm run bench` included, hashes at PRODUCTION_PASSWORD_PARAMS.
 */
export function passwordParamsFor(env: Record<string, string | undefined>): ScryptParams {
  return env.VITEST === 'true' && env.NODE_ENV !== 'production' ? TEST_PASSWORD_PARAMS : PRODUCTION_PASSWORD_PARAMS;
}
export const PASSWORD_PARAMS: ScryptParams = passwordParamsFor(process.env);
const maxmemFor = ({ N, r }: ScryptParams) => 128 * N * r * 2;

/** scrypt with a per-password salt; stored as `scrypt$N$r$p$salt$hash` (base64). */
export async function hashPassword(password: string, params: ScryptParams = PASSWORD_PARAMS): Promise<string> {
  const salt = randomBytes(16);
  return encode(params, salt, await scrypt(password, salt, 32, { ...params, maxmem: maxmemFor(params) }));
}

const encode = (params: ScryptParams, salt: Buffer, hash: Buffer) =>
  `scrypt$${params.N}$${params.r}$${params.p}$${salt.toString('base64')}$${hash.toString('base64')}`;

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
 * A hash of a password nobody holds, at this process's parameters: an unknown e-mail is
 * checked against it, so it takes as long as a wrong password for a real account.
 * Its answer is never used.
 */
export const UNKNOWN_USER_HASH =
  PASSWORD_PARAMS === PRODUCTION_PASSWORD_PARAMS
    ? 'scrypt$32768$8$3$x1LwXvVoaVl6WwqMLz7A0g==$USFPSc84SB+rXJvbDZbl8UHZRZfz0qipsBV+2kLZ+ao='
    : hashPasswordSync(randomBytes(24).toString('base64'), PASSWORD_PARAMS);

/** hashPassword, synchronously: only for the stand-in hash of a test run (its parameters cost about a millisecond). */
function hashPasswordSync(password: string, params: ScryptParams): string {
  const salt = randomBytes(16);
  return encode(params, salt, scryptSync(password, salt, 32, { ...params, maxmem: maxmemFor(params) }));
}
