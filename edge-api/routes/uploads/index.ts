import fs from 'node:fs';
import path from 'node:path';
import { Hono } from 'hono';
import { z } from 'zod';
import { uuidv7, nowIso } from '../../../domain/ids';
import { MAX_UPLOAD_BYTES, ONLY_IMAGES, PresignResponse, presignSchema, UploadedResponse } from '../../../domain/uploads';
import type { AppEnv } from '../../env';
import { ApiFailure, notFound } from '../../lib/errors';
import { sign, verify } from '../../lib/signing';
import { responds } from '../../lib/responds';
import { v } from '../../lib/validate';
import { companyScope, inScope, requireRole, requireSession } from '../../middleware/session';
import { KEY_RE, uploadsDir } from '../../services/uploads';

const EXT: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };
/** Public purposes can be read by anyone with the link (brand logos on the tracking page, product images). */
const PUBLIC = new Set(['logo', 'product', 'signature']);

/**
 * Presigned uploads: the client asks for a URL (POST /uploads/presign), PUTs the
 * bytes to it, then names the returned key in the call that uses the file.
 */
export const uploadsRoutes = new Hono<AppEnv>()
  .post('/uploads/presign', requireRole(), responds(PresignResponse), v('json', presignSchema), async (c) => {
    const s = requireSession(c);
    const body = c.req.valid('json');
    const scope = companyScope(c);
    const companyId = body.companyId ?? s.companyId ?? scope?.[0] ?? '';
    if (companyId && !inScope(c, companyId)) throw notFound('Company not found');
    const key = `${body.purpose}-${uuidv7()}.${EXT[body.contentType]}`;
    const { exp, sig } = sign(c.var.config.signingKey, `${key}|${body.contentType}|${companyId}`, Date.now() + 15 * 60_000);
    const qs = new URLSearchParams({ ct: body.contentType, cid: companyId, exp: String(exp), sig });
    return c.json({ status: true, key, uploadUrl: `/api/uploads/${key}?${qs}`, url: `/api/files/${key}`, method: 'PUT' } satisfies PresignResponse);
  })
  .put(
    '/uploads/:key',
    responds(UploadedResponse),
    v('param', z.object({ key: z.string().max(80, 'Unknown upload').regex(KEY_RE, 'Unknown upload') })),
    v('query', z.object({ ct: z.string().max(100), cid: z.string().max(64), exp: z.coerce.number(), sig: z.string().max(100) })),
    async (c) => {
      const { key } = c.req.valid('param');
      const q = c.req.valid('query');
      if (!verify(c.var.config.signingKey, `${key}|${q.ct}|${q.cid}`, q.exp, q.sig)) throw new ApiFailure(403, 'Upload link expired or invalid');
      if ((c.req.header('content-type') ?? '').split(';')[0].trim() !== q.ct) throw new ApiFailure(400, ONLY_IMAGES);
      const buf = Buffer.from(await c.req.arrayBuffer());
      if (!buf.length) throw new ApiFailure(400, 'The file is empty');
      if (buf.length > MAX_UPLOAD_BYTES) throw new ApiFailure(413, 'File must be 5 MB or smaller');
      if (!looksLikeImage(buf, q.ct)) throw new ApiFailure(400, ONLY_IMAGES);
      const dbh = c.var.dbh;
      if (await dbh.db.selectFrom('uploads').select('id').where('key', '=', key).executeTakeFirst()) {
        return c.json({ status: true, key, url: `/api/files/${key}` } satisfies UploadedResponse); // a retried PUT is harmless
      }
      const dir = uploadsDir(c.var.config.dataDir);
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, key), buf);
      await dbh.db.insertInto('uploads').values({
        id: uuidv7(), key, company_id: q.cid || null, purpose: key.split('-')[0], content_type: q.ct, size: buf.length, created_at: nowIso(),
      }).execute();
      return c.json({ status: true, key, url: `/api/files/${key}` } satisfies UploadedResponse);
    },
  )
  .get('/files/:key', v('param', z.object({ key: z.string().max(80, 'Not found').regex(KEY_RE, 'Not found') })), async (c) => {
    const { key } = c.req.valid('param');
    const row = await c.var.dbh.db.selectFrom('uploads').selectAll().where('key', '=', key).executeTakeFirst();
    if (!row) throw notFound();
    if (!PUBLIC.has(row.purpose)) {
      requireSession(c);
      if (row.company_id && !inScope(c, row.company_id)) throw notFound();
    }
    const file = path.join(uploadsDir(c.var.config.dataDir), key);
    if (!fs.existsSync(file)) throw notFound();
    c.header('content-type', row.content_type);
    c.header('cache-control', PUBLIC.has(row.purpose) ? 'public, max-age=31536000, immutable' : 'private, max-age=3600');
    return c.body(fs.readFileSync(file));
  });

/** Magic bytes, so a renamed file is not taken for an image. */
function looksLikeImage(b: Buffer, ct: string) {
  if (ct === 'image/png') return b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  if (ct === 'image/jpeg') return b[0] === 0xff && b[1] === 0xd8;
  if (ct === 'image/webp') return b.subarray(0, 4).toString() === 'RIFF' && b.subarray(8, 12).toString() === 'WEBP';
  return false;
}
