/**
 * Trusted devices (OWASP "slow brute-force protection using device cookies").
 * A browser that signed in to an account gets a signed cookie naming that
 * account; its later attempts draw on a budget of their own, so somebody
 * spending the account's budget with wrong passwords from elsewhere slows
 * themselves down, not the account's owner on the device they use.
 */
import { randomBytes } from 'node:crypto';
import { sign, verify } from '../../lib/signing';

export const DEVICE_COOKIE = 'sd_device';

const payload = (deviceId: string, userId: string) => `device|${deviceId}|${userId}`;

export function issueDeviceToken(key: string, userId: string, days: number, now = Date.now()): { value: string; expires: Date } {
  const deviceId = randomBytes(12).toString('base64url');
  const { exp, sig } = sign(key, payload(deviceId, userId), now + days * 86_400_000);
  return { value: `${deviceId}.${userId}.${exp}.${sig}`, expires: new Date(exp * 1000) };
}

/** The device id when `token` is a valid, unexpired device cookie for `userId`; else null. */
export function trustedDevice(key: string, token: string | undefined, userId: string): string | null {
  if (!token || token.length > 300) return null;
  const [deviceId, owner, exp, sig] = token.split('.');
  if (!deviceId || owner !== userId || !exp || !sig) return null;
  return verify(key, payload(deviceId, userId), Number(exp), sig) ? deviceId : null;
}
