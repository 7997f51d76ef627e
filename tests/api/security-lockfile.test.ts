// `npm ci` on a clean clone needs a lock file that names every
// platform's optional packages; npm itself leaves some out (scripts/complete-lock.mjs).
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error a plain .mjs script without types
import { missingEntries, platformOf } from '../../scripts/complete-lock.mjs';

describe('package-lock.json', () => {
  it('names every optional dependency any package of it declares (so `npm ci` works on every platform)', () => {
    const lock = JSON.parse(fs.readFileSync('package-lock.json', 'utf8'));
    const missing = (missingEntries(lock) as [string, { version: string }][]).map(([p, e]) => `${p}@${e.version}`);
    expect(missing, 'run `node scripts/complete-lock.mjs`').toEqual([]);
  });

  it('reads the platform from a package name', () => {
    expect(platformOf('@rollup/rollup-linux-arm-musleabihf')).toEqual({ os: ['linux'], cpu: ['arm'], libc: ['musl'] });
    expect(platformOf('@rollup/rollup-win32-x64-msvc')).toEqual({ os: ['win32'], cpu: ['x64'] });
    expect(platformOf('@esbuild/darwin-arm64')).toEqual({ os: ['darwin'], cpu: ['arm64'] });
    expect(platformOf('lightningcss-linux-x64-gnu')).toEqual({ os: ['linux'], cpu: ['x64'], libc: ['glibc'] });
    expect(platformOf('@rolldown/binding-wasm32-wasi')).toEqual({ cpu: ['wasm32'] });
  });
});
