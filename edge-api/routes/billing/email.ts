import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { Hono } from 'hono';
import { z } from 'zod';
import { emailDownloadSchema, EMAIL_QUEUED, EXPORT_LINK_EXPIRED, type CsvEntity } from '../../../domain/downloads';
import { ORDER_NOT_FOUND } from '../../../domain/orders';
import { enqueueJob } from '../../jobs/runner';
import { downloadNameOf, EXPORT_FILE_RE, EXPORT_JOB, exportsDir, signedPayload, type ExportJobPayload } from '../../jobs/exports';
import type { AppEnv } from '../../env';
import { ApiFailure, notFound } from '../../lib/errors';
import { verify } from '../../lib/signing';
import { v } from '../../lib/validate';
import { companyScope, requireRole, requireSession } from '../../middleware/session';
import { emptyExportMessage, exportSource } from '../../services/billing/csv-export';
import { CSV, PDF } from './respond';
import { contentDisposition } from '../../lib/content-disposition';
import { checkMailRequest, recipientsFor } from '../../services/mail/recipients';
import { responds } from '../../lib/responds';
import { OutboxResponse } from '../../../domain/mail';
import { EmailDownloadQueued, MailRecipientsResponse } from '../../../domain/downloads';

const outboxQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});

export const emailRoutes = new Hono<AppEnv>()
  /**
   * Download-and-mail: queue a durable job that builds the file and e-mails a
   * signed link. The page polls GET /api/jobs/:id for the outcome.
   */
  .post('/download/email', requireRole(), responds(EmailDownloadQueued, 202), v('json', emailDownloadSchema), async (c) => {
    const s = requireSession(c);
    const body = c.req.valid('json');
    const to = await checkMailRequest(c.var.dbh, s, body.email, { jobKind: EXPORT_JOB, perHour: c.var.config.mailPerUserPerHour });
    const scope = companyScope(c);
    let total: number;
    if (body.kind === 'label' || body.kind === 'invoice') {
      const ids = [...new Set(body.ids ?? [])];
      total = 0;
      for (let i = 0; i < ids.length; i += 500) {
        let q = c.var.dbh.db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).where('id', 'in', ids.slice(i, i + 500));
        if (scope) q = q.where('company_id', 'in', scope.length ? scope : ['']);
        total += Number((await q.executeTakeFirstOrThrow()).n);
      }
      if (!total) throw notFound(ORDER_NOT_FOUND);
    } else {
      const entity = body.kind.slice('csv:'.length) as CsvEntity;
      total = await exportSource(c.var.dbh, scope, entity, body.filter ?? {}).count();
      if (!total) throw notFound(emptyExportMessage(entity));
    }
    const payload: ExportJobPayload = {
      kind: body.kind, ids: body.ids, filter: body.filter, email: to, scope, actor: { id: s.userId, name: s.name },
    };
    // Owned by the requesting user (not a company), so only they (and admins) can follow it.
    const jobId = await enqueueJob(c.var.dbh, { kind: EXPORT_JOB, payload, companyId: null, userId: s.userId, total });
    return c.json({ status: true, jobId, message: EMAIL_QUEUED, total } satisfies EmailDownloadQueued, 202);
  })
  /** The addresses the download form may offer (the user's own, the company's). */
  .get('/download/email/recipients', requireRole(), responds(MailRecipientsResponse), async (c) => {
    return c.json({ status: true, recipients: await recipientsFor(c.var.dbh, requireSession(c)) } satisfies MailRecipientsResponse);
  })
  /** The e-mailed link: no session needed, the signature and expiry are the key. */
  .get(
    '/exports/:file',
    v('param', z.object({ file: z.string().max(200, EXPORT_LINK_EXPIRED).regex(EXPORT_FILE_RE, EXPORT_LINK_EXPIRED) })),
    v('query', z.object({ exp: z.coerce.number().int(), sig: z.string().min(10).max(100) })),
    async (c) => {
      const { file } = c.req.valid('param');
      const { exp, sig } = c.req.valid('query');
      if (!verify(c.var.config.signingKey, signedPayload(file), exp, sig)) throw new ApiFailure(403, EXPORT_LINK_EXPIRED);
      const full = path.join(exportsDir(c.var.config.dataDir), file);
      if (!fs.existsSync(full)) throw new ApiFailure(410, EXPORT_LINK_EXPIRED);
      const name = downloadNameOf(file);
      const type = name.endsWith('.pdf') ? PDF : name.endsWith('.csv') ? CSV : 'application/octet-stream';
      return new Response(Readable.toWeb(fs.createReadStream(full)) as unknown as ReadableStream, {
        headers: {
          'content-type': type,
          'content-length': String(fs.statSync(full).size),
          'content-disposition': contentDisposition(name),
          'cache-control': 'private, no-store',
        },
      });
    },
  )
  /** Mails stored instead of (or as well as) sent: the admin's view of what the system e-mailed. */
  .get('/admin/outbox', requireRole('admin'), responds(OutboxResponse), v('query', outboxQuery), async (c) => {
    const { page, pageSize } = c.req.valid('query');
    const db = c.var.dbh.db;
    const [rows, count] = await Promise.all([
      db.selectFrom('mail_outbox').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(pageSize).offset((page - 1) * pageSize).execute(),
      db.selectFrom('mail_outbox').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return c.json({
      status: true,
      smtpConfigured: Boolean(c.var.config.smtpUrl),
      currentCount: Number(count.n),
      mails: rows.map((m) => ({ id: m.id, to: m.to_address, subject: m.subject, body: m.body, sent: m.sent === 1, error: m.error, createdAt: m.created_at })),
    } satisfies OutboxResponse);
  });
