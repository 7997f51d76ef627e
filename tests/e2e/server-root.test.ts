// The built server's root (edge-api/server.ts): the web app's files with the security headers the API
// sets on its own answers, hashed assets cached for a year and everything else revalidated on each use (so
// that after a deploy no browser keeps an old shell, which names assets that are gone, from its heuristic
// cache), and the API answered as the app answers it. No browser needed: what a browser is told is in the headers.
import fs from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import { LOOKUP_FAILED_MESSAGE } from '../../domain/tracking';

const baseURL = inject('baseURL');

async function headersOf(path: string) {
  const res = await fetch(`${baseURL}${path}`, { headers: { 'accept-encoding': 'br, gzip' } });
  await res.arrayBuffer();
  return { status: res.status, get: (name: string) => res.headers.get(name) ?? '' };
}

/** A script the built shell loads: a hashed file under /assets/. */
function hashedAsset(): string {
  const src = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(fs.readFileSync('dist/index.html', 'utf8'))?.[1];
  if (!src) throw new Error('dist/index.html names no script under /assets/');
  return src;
}

describe('the web app\'s files', () => {
  it('carry the security headers of the API\'s answers', async () => {
    for (const path of ['/', '/orders', hashedAsset(), '/sw.js', '/manifest.webmanifest', '/track/NOSUCHAWB123']) {
      const h = await headersOf(path);
      expect(h.status, path).toBe(200);
      expect(h.get('content-security-policy'), path).toContain("frame-ancestors 'none'");
      expect(h.get('x-content-type-options'), path).toBe('nosniff');
      expect(h.get('referrer-policy'), path).toBe('no-referrer');
    }
  });

  it('are cached for a year when hashed, and revalidated on each use otherwise', async () => {
    expect((await headersOf(hashedAsset())).get('cache-control')).toBe('public, max-age=31536000, immutable');
    for (const path of ['/', '/orders', '/sw.js', '/manifest.webmanifest', '/track/NOSUCHAWB123']) {
      expect((await headersOf(path)).get('cache-control'), path).toBe('no-cache');
    }
    // An asset that is not there (an old shell's) is answered by the shell, and not kept for a year.
    expect((await headersOf('/assets/no-such-file-0000.js')).get('cache-control')).not.toContain('immutable');
  });
});

describe('the server\'s root', () => {
  it('answers the API as the app does: the public lookup first, an unknown route a JSON 404 for anyone', async () => {
    const unknown = await fetch(`${baseURL}/api/does-not-exist`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ status: false, message: 'Not found' });
    const lookup = await fetch(`${baseURL}/api/order/NOSUCHAWB123`);
    expect(lookup.status).toBe(404);
    expect(await lookup.json()).toMatchObject({ status: false, message: LOOKUP_FAILED_MESSAGE });
    expect(lookup.headers.get('x-request-id')).toBeTruthy();
    expect(lookup.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    // A signed-in route still asks for a session.
    expect((await fetch(`${baseURL}/api/orders`)).status).toBe(401);
  });
});
