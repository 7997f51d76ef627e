import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD_HASHES } from './demo-password-hashes';
import { needsRehash, verifyPassword } from './password';
import { DEMO_LOGINS } from './seed-data';

describe('precomputed demo password hashes', () => {
  it.each(Object.entries(DEMO_PASSWORD_HASHES))('%s: matches its demo password at today\'s cost', async (email, hash) => {
    const login = DEMO_LOGINS.find((l) => l.email === email);
    expect(login, `${email} is not a demo login any more: remove its hash`).toBeTruthy();
    expect(await verifyPassword(login!.password, hash)).toBe(true);
    expect(needsRehash(hash)).toBe(false);
  });
});
