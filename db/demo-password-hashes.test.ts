import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD_HASHES } from './demo-password-hashes';
import { PRODUCTION_PASSWORD_PARAMS, verifyPassword } from './password';
import { DEMO_LOGINS } from './seed-data';

describe('precomputed demo password hashes', () => {
  it.each(Object.entries(DEMO_PASSWORD_HASHES))('%s: matches its demo password at production\'s cost', async (email, hash) => {
    const login = DEMO_LOGINS.find((l) => l.email === email);
    expect(login, `${email} is not a demo login any more: remove its hash`).toBeTruthy();
    expect(await verifyPassword(login!.password, hash)).toBe(true);
    const { N, r, p } = PRODUCTION_PASSWORD_PARAMS;
    expect(hash.startsWith(`scrypt$${N}$${r}$${p}$`)).toBe(true);
  });
});
