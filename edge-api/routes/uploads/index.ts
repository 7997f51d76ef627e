import { Readable } from 'node:stream';
import { Hono } from 'hono';
import { z } from 'zod';
import { MAX_UPLOAD_BYTES, ONLY_IMAGES, PresignResponse, presignSchema, UploadedResponse } from '../../../domain/uploads';
import type { AppEnv } from '../../env';
import { ApiFailure } from '../../lib/errors';
import { filesOf } from '../../lib/files';
import { verify } from '../../lib/signing';
import { responds } from '../../lib/responds';
import { v } from '../../lib/validate';
import { companyScope, requireSession } from '../../middleware/session';
import { KEY_RE } from '../../services/uploads';
import { presignUpload, readStoredFile, receiveUpload } from '../../services/uploads/store';

/**
 * Presigned uploads: the client asks for a URL (POST /uploads/presign), PUTs the
 * bytes to it, then names the returned key in the call that uses the file.
 */
export const uploadsRoutes = new Hono<AppEnv>()
  .post('/uploads/presign', responds(PresignResponse), v('json', presignSchema), async (c) => {
    const actor = { companyId: requireSession(c).companyId, scope: companyScope(c) };
    return c.json(presignUpload(c.var.config.signingKey, actor, c.req.valid('json')) satisfies PresignResponse);
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
      const bytes = Buffer.from(await c.req.arrayBuffer());
      if (!bytes.length) throw new ApiFailure(400, 'The file is empty');
      if (bytes.length > MAX_UPLOAD_BYTES) throw new ApiFailure(413, 'File must be 5 MB or smaller');
      const stored = await receiveUpload(c.var.dbh, filesOf(c.var.dbh, c.var.config), { key, contentType: q.ct, companyId: q.cid, bytes });
      return c.json(stored satisfies UploadedResponse);
    },
  )
  .get(
    '/files/:key',
    v('param', z.object({ key: z.string().max(80, 'Not found').regex(KEY_RE, 'Not found') })),
    v('query', z.object({ exp: z.coerce.number().optional(), sig: z.string().max(100).optional() })),
    async (c) => {
      const link = { signingKey: c.var.config.signingKey, ...c.req.valid('query') };
      const file = await readStoredFile(c.var.dbh, filesOf(c.var.dbh, c.var.config), c.req.valid('param').key, () => companyScope(c), link);
      c.header('content-type', file.contentType);
      c.header('content-length', String(file.size));
      c.header('cache-control', file.isPublic ? 'public, max-age=31536000, immutable' : 'private, no-store');
      return c.body(Readable.toWeb(file.body) as unknown as ReadableStream);
    },
  );
