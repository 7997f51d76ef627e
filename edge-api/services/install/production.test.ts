import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signingKeyProblem } from './production';

describe('signingKeyProblem (SIGNING_KEY in production)', () => {
  it('refuses a key that is missing, whitespace, short, or one character repeated, saying why', () => {
    expect(signingKeyProblem(undefined)).toMatch(/SIGNING_KEY is not set/);
    expect(signingKeyProblem(' '.repeat(32))).toMatch(/SIGNING_KEY is only whitespace/);
    expect(signingKeyProblem('\t\n'.repeat(20))).toMatch(/only whitespace/);
    expect(signingKeyProblem('too-short-key')).toMatch(/SIGNING_KEY is 13 bytes long: it must be at least 32 bytes/);
    expect(signingKeyProblem('a'.repeat(64))).toMatch(/SIGNING_KEY has only 1 distinct byte: a secret needs at least 12/);
    expect(signingKeyProblem('abab'.repeat(10))).toMatch(/only 2 distinct bytes/);
    expect(signingKeyProblem('password'.repeat(4))).toMatch(/only 7 distinct bytes/);
  });

  it('accepts random keys as openssl makes them (base64 and hex)', () => {
    for (let i = 0; i < 50; i++) {
      expect(signingKeyProblem(randomBytes(48).toString('base64'))).toBeNull();
      expect(signingKeyProblem(randomBytes(32).toString('hex'))).toBeNull();
    }
  });
});
