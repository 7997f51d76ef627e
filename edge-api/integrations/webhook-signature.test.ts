import { describe, expect, it } from 'vitest';
import { hmacSha256, verifyHmacSha256 } from './webhook-signature';

// RFC 4231, test case 2: key "Jefe", data "what do ya want for nothing?".
const RFC4231_HEX = '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843';

describe('webhook signatures (HMAC-SHA256 over the raw body)', () => {
  it('computes the published HMAC-SHA256 test vector, in hex and base64', () => {
    expect(hmacSha256('Jefe', 'what do ya want for nothing?', 'hex')).toBe(RFC4231_HEX);
    expect(hmacSha256('Jefe', 'what do ya want for nothing?', 'base64')).toBe(Buffer.from(RFC4231_HEX, 'hex').toString('base64'));
  });

  it('accepts the right signature and refuses a wrong, missing, truncated or oversized one', () => {
    const good = Buffer.from(RFC4231_HEX, 'hex').toString('base64');
    expect(verifyHmacSha256('Jefe', 'what do ya want for nothing?', good, 'base64')).toBe(true);
    expect(verifyHmacSha256('Jefe', 'what do ya want for nothing!', good, 'base64')).toBe(false);
    expect(verifyHmacSha256('jefe', 'what do ya want for nothing?', good, 'base64')).toBe(false);
    expect(verifyHmacSha256('Jefe', 'what do ya want for nothing?', null, 'base64')).toBe(false);
    expect(verifyHmacSha256('Jefe', 'what do ya want for nothing?', good.slice(0, -2), 'base64')).toBe(false);
    expect(verifyHmacSha256('Jefe', 'what do ya want for nothing?', good.repeat(10), 'base64')).toBe(false);
    expect(verifyHmacSha256('', 'what do ya want for nothing?', good, 'base64')).toBe(false);
  });
});
