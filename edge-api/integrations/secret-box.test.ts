import { describe, expect, it } from 'vitest';
import { secretBox, SecretBoxError } from './secret-box';

const KEY = 'a-test-encryption-key-of-32-bytes-or-more';

describe('partner credentials sealed at rest', () => {
  it('opens what it sealed for the same record, and the sealed text holds no part of the secret', () => {
    const box = secretBox(KEY);
    const sealed = box.seal('{"accessToken":"shpat_0123456789abcdef"}', 'connection:1');
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain('shpat');
    expect(box.open(sealed, 'connection:1')).toBe('{"accessToken":"shpat_0123456789abcdef"}');
  });

  it('seals the same value differently each time (a fresh nonce)', () => {
    const box = secretBox(KEY);
    expect(box.seal('same', 'c')).not.toBe(box.seal('same', 'c'));
  });

  it('refuses a value moved to another record, altered, or opened under another key', () => {
    const box = secretBox(KEY);
    const sealed = box.seal('secret', 'connection:1');
    expect(() => box.open(sealed, 'connection:2')).toThrow(SecretBoxError);
    const parts = sealed.split('.');
    const body = Buffer.from(parts[2]!, 'base64url');
    body[0] = body[0]! ^ 1;
    expect(() => box.open([parts[0], parts[1], body.toString('base64url'), parts[3]].join('.'), 'connection:1')).toThrow(SecretBoxError);
    expect(() => secretBox(`${KEY}-other`).open(sealed, 'connection:1')).toThrow(SecretBoxError);
    expect(() => box.open('not sealed', 'connection:1')).toThrow(SecretBoxError);
  });

  it('refuses a key shorter than 32 bytes', () => {
    expect(() => secretBox('short')).toThrow(/at least 32 bytes/);
  });
});
