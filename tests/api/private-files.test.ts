// Uploaded files: a brand logo is public (the tracking page shows it); a signature, a proof photo or a
// product image only to the owning company's session (its seller, its linked warehouse, an admin) or
// through a signed link that works for 15 minutes.
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultConfig } from '../../edge-api/app';
import { sampleImage } from '../../edge-api/documents/fixtures';
import { FILE_LINK_TTL_MS, signedFileLink } from '../../edge-api/services/uploads/store';
import { anonymous, makeTestApp, signIn, signInDemo, type Agent } from './helpers';
import { DEMO_LOGINS } from '../../db/seed-data';

let ctx: Awaited<ReturnType<typeof makeTestApp>>;
let seller: Agent;
let otherSeller: Agent;
let warehouse: Agent;
let admin: Agent;

async function upload(agent: Agent, purpose: 'logo' | 'signature' | 'proof' | 'product') {
  const png = await sampleImage(purpose === 'logo' ? 'logo' : 'signature');
  const p = await agent.json('/api/uploads/presign', { method: 'POST', body: { purpose, fileName: `${purpose}.png`, contentType: 'image/png', size: png.length } });
  expect(p.status).toBe(200);
  const put = await agent.request(p.body.uploadUrl, { method: 'PUT', body: new Uint8Array(png), headers: { 'content-type': 'image/png' } });
  expect(put.status).toBe(200);
  return p.body.key as string;
}

beforeAll(async () => {
  ctx = await makeTestApp({ orders: 20 });
  seller = await signInDemo(ctx.app, 'seller');
  warehouse = await signInDemo(ctx.app, 'warehouse');
  admin = await signInDemo(ctx.app, 'admin');
  const other = DEMO_LOGINS.find((l) => l.role === 'seller' && 'company' in l)!;
  otherSeller = await signIn(ctx.app, other.email, other.password, other.appType);
});

describe('uploaded files', () => {
  it('serves a logo to anyone', async () => {
    const logo = await upload(seller, 'logo');
    const r = await anonymous(ctx.app).request(`/api/files/${logo}`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('image/png');
  });

  for (const purpose of ['signature', 'proof', 'product'] as const) {
    it(`serves a ${purpose} only to the owning company's session`, async () => {
      const file = await upload(seller, purpose);
      expect((await anonymous(ctx.app).request(`/api/files/${file}`)).status).toBe(401);
      expect((await otherSeller.request(`/api/files/${file}`)).status).toBe(404);
      for (const agent of [seller, warehouse, admin]) {
        const r = await agent.request(`/api/files/${file}`);
        expect(r.status).toBe(200);
        expect(r.headers.get('cache-control')).toBe('private, no-store');
      }
    });
  }
});

describe('a signed link to a private file', () => {
  it('opens the file without a session for 15 minutes, and not after, nor for another file, nor with a forged signature', async () => {
    const k = defaultConfig().signingKey; // the test app's key: the same settings, read from the same environment
    const file = await upload(seller, 'signature');
    const other = await upload(seller, 'proof');
    const link = signedFileLink(k, file);
    expect((await anonymous(ctx.app).request(link)).status).toBe(200);
    const stale = signedFileLink(k, file, Date.now() - FILE_LINK_TTL_MS - 1000);
    expect((await anonymous(ctx.app).request(stale)).status).toBe(401);
    const borrowed = link.replace(file, other);
    expect((await anonymous(ctx.app).request(borrowed)).status).toBe(401);
    const forged = link.replace(/sig=[^&]+/, 'sig=AAAA');
    expect((await anonymous(ctx.app).request(forged)).status).toBe(401);
  });
});
