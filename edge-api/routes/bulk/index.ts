// The bulk submits (spec part 2 §7 'Bulk submits'), the sample templates and
// the reads that show what the uploads fed (beats, store D2R prices, shipping
// adjustments). Routes parse, call services/bulk and respond.
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { BULK_DEFS, BULK_TYPES, isBulkType, BeatsResponse, type BulkType, ShippingAdjustmentsResponse, StorePricesResponse } from '../../../domain/bulk/types';
import { bulkSubmitSchema, BulkResponse, type BulkJobStarted } from '../../../domain/bulk/validate';
import type { AppEnv } from '../../env';
import { notFound } from '../../lib/errors';
import { v } from '../../lib/validate';
import { companyScope, requireSession } from '../../middleware/session';
import type { BulkActor } from '../../services/bulk/context';
import { beatsOf, shippingAdjustmentsOf, storePricesOf } from '../../services/bulk/reads';
import { queueBulkUpload, runBulk } from '../../services/bulk/run';
import { bulkTemplate, templateFileName } from '../../services/bulk/template';
import { targetCompany } from '../catalogue/company';
import { contentDisposition } from '../../lib/content-disposition';
import { responds } from '../../lib/responds';

type Body = z.output<typeof bulkSubmitSchema>;

function actorOf(c: Context<AppEnv>, type: BulkType, companyId?: string): BulkActor {
  const s = requireSession(c);
  const admin = BULK_DEFS[type].roles.includes('admin') && s.role === 'admin';
  return {
    id: s.userId, name: s.name, role: s.role, companyId: admin && !companyId ? null : targetCompany(c, companyId), warehouseId: s.warehouseId ?? null,
    scope: companyScope(c),
  };
}

/** Runs the submit now, or (long types, `async: true`) as a durable job whose result is the same response. */
async function submit(c: Context<AppEnv>, type: BulkType, body: Body, extra: { companyId?: string; storeId?: string } = {}) {
  const actor = actorOf(c, type, extra.companyId ?? body.companyId);
  const input = { rows: body.rows, fileId: body.fileId, storeId: extra.storeId };
  if (body.async && BULK_DEFS[type].long) {
    const jobId = await queueBulkUpload(c.var.dbh, actor, type, input);
    return c.json({ status: true, jobId } satisfies BulkJobStarted, 202);
  }
  const result = await runBulk(c.var.dbh, actor, type, input, { log: c.var.log });
  return c.json(result satisfies BulkResponse);
}

/** A submit answers a BulkResponse (200); an `async: true` long submit answers BulkJobStarted with 202. */
const answers = responds(BulkResponse);
const companyParam = z.object({ companyId: z.string().min(1).max(64) });
const pricingParam = z.object({ companyId: z.string().min(1).max(64), shopId: z.string().min(1).max(64) });
const idParam = z.object({ id: z.string().min(1).max(64) });

export const bulkRoutes = new Hono<AppEnv>()
  .post('/catalogue/bulk', answers, v('json', bulkSubmitSchema), (c) => submit(c, 'catalogues', c.req.valid('json')))
  .post('/order/bulk', answers, v('json', bulkSubmitSchema), (c) => submit(c, 'orders', c.req.valid('json')))
  .post('/inventory/bulk', answers, v('json', bulkSubmitSchema), (c) => submit(c, 'inventory', c.req.valid('json')))
  .post('/wsin/bulk/generate', answers, v('json', bulkSubmitSchema), (c) => submit(c, 'wsin-upload', c.req.valid('json')))
  .post('/catalogue/bulk/map-wsin', answers, v('json', bulkSubmitSchema), (c) => submit(c, 'wsin-map', c.req.valid('json')))
  .post('/lightning/orders/bulk', answers, v('json', bulkSubmitSchema), (c) => submit(c, 'lightning-orders', c.req.valid('json')))
  .post('/cod-remittance/status/bulk', answers, v('json', bulkSubmitSchema), (c) => submit(c, 'cod-remittance', c.req.valid('json')))
  .post('/charges/adjust-shipping-charges', answers, v('json', bulkSubmitSchema), (c) =>
    submit(c, 'shipping-charge-adjustment', c.req.valid('json')))
  .post('/bulk/external-retailers', answers, v('json', bulkSubmitSchema), (c) => submit(c, 'external-retailers', c.req.valid('json')))
  .post('/catalogue/pricing/:companyId/:shopId', answers, v('param', pricingParam), v('json', bulkSubmitSchema), (c) => {
    const p = c.req.valid('param');
    return submit(c, 'd2r-discount', c.req.valid('json'), { companyId: p.companyId, storeId: p.shopId });
  })
  .post('/d2r/bulk-upload-beats/:companyId', answers, v('param', companyParam), v('json', bulkSubmitSchema), (c) =>
    submit(c, 'd2r-beats', c.req.valid('json'), { companyId: c.req.valid('param').companyId }))
  /** The sample template of a type (.xlsx). */
  .get('/bulk/templates/:type', v('param', z.object({ type: z.enum(BULK_TYPES) })), async (c) => {
    const type = c.req.valid('param').type;
    if (!isBulkType(type)) throw notFound();
    const file = await bulkTemplate(type);
    return new Response(new Uint8Array(file), {
      headers: {
        'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        'content-disposition': contentDisposition(templateFileName(type)),
      },
    });
  })
  /** Beats of the caller's companies (the manual D2R order's beat choice). */
  .get('/d2r/beats', responds(BeatsResponse), async (c) => c.json({ status: true, beats: await beatsOf(c.var.dbh, companyScope(c)) } satisfies BeatsResponse))
  /** A store's D2R discounts per catalogue item. */
  .get('/catalogue/pricing/:companyId/:shopId', responds(StorePricesResponse), v('param', pricingParam), async (c) => {
    const p = c.req.valid('param');
    return c.json({ status: true, prices: await storePricesOf(c.var.dbh, companyScope(c), p.companyId, p.shopId) } satisfies StorePricesResponse);
  })
  /** Shipping-charge adjustments of an order, newest first, with who and when. */
  .get('/orders/:id/shipping-adjustments', responds(ShippingAdjustmentsResponse), v('param', idParam), async (c) => {
    const adjustments = await shippingAdjustmentsOf(c.var.dbh, companyScope(c), c.req.valid('param').id);
    return c.json({ status: true, adjustments } satisfies ShippingAdjustmentsResponse);
  });
