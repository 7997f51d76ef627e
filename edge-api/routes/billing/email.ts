import { Readable } from 'node:stream';
import { Hono } from 'hono';
import { z } from 'zod';
import { emailDownloadSchema, EXPORT_LINK_EXPIRED } from '../../../domain/downloads';
import { downloadNameOf, EXPORT_FILE_RE, exportFileKey, signedPayload } from '../../services/billing/email-exports';
import { filesOf } from '../../lib/files';
import type { AppEnv } from '../../env';
import { ApiFailure } from '../../lib/errors';
import { verify } from '../../lib/signing';
import { v } from '../../lib/validate';
import { companyScope, requireSession } from '../../middleware/session';
import { requestEmailDownload } from '../../services/billing/email-download';
import { mailOutbox } from '../../services/mail/outbox';
import { CSV, PDF } from './respond';
import { contentDisposition } from '../../lib/content-disposition';
import { recipientsFor } from '../../services/mail/recipients';
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
  .post('/download/email', responds(EmailDownloadQueued, 202), v('json', emailDownloadSchema), async (c) => {
    const queued = await requestEmailDownload(c.var.dbh, c.var.config, requireSession(c), companyScope(c), c.req.valid('json'));
    return c.json(queued satisfies EmailDownloadQueued, 202);
  })
  /** The addresses the download form may offer (the user's own, the company's). */
  .get('/download/email/recipients', responds(MailRecipientsResponse), async (c) => {
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
      const stored = await filesOf(c.var.dbh, c.var.config).get(exportFileKey(file));
      if (!stored) throw new ApiFailure(410, EXPORT_LINK_EXPIRED);
      const name = downloadNameOf(file);
      const type = name.endsWith('.pdf') ? PDF : name.endsWith('.csv') ? CSV : 'application/octet-stream';
      return new Response(Readable.toWeb(stored.body) as unknown as ReadableStream, {
        headers: {
          'content-type': type,
          'content-length': String(stored.size),
          'content-disposition': contentDisposition(name),
          'cache-control': 'private, no-store',
        },
      });
    },
  )
  /** Mails stored instead of (or as well as) sent: the admin's view of what the system e-mailed. */
  .get('/admin/outbox', responds(OutboxResponse), v('query', outboxQuery), async (c) => {
    const { page, pageSize } = c.req.valid('query');
    const outbox = await mailOutbox(c.var.dbh, page, pageSize);
    return c.json({ status: true, smtpConfigured: Boolean(c.var.config.smtpUrl), ...outbox } satisfies OutboxResponse);
  });
