// Settings > GST and the seller's e-invoice queue (docs/integrations/gst.md):
// e-invoicing on or off with the turnover band, the invoices waiting for their
// IRN or refused, "Register" again, and Cancel IRN within 24 hours. The IRP
// credentials per GSTIN are connections of kind 'gst-irp' (/api/integrations).
import { Hono } from 'hono';
import { z } from 'zod';
import {
  CancelEwbInput, CancelIrnInput, EINVOICE_STATUSES, EwayBillInput, EinvoiceListResponse, EinvoiceResponse, GstSettingsInput, GstSettingsResponse,
} from '../../../domain/einvoice/connection';
import {
  ConsolidatedResponse, ConsolidateInput, EwayBillCancelResponse, EwayBillListResponse, EwayBillResponse, EwbGenerateInput, PartBInput,
} from '../../../domain/einvoice/ewb';
import type { AppEnv } from '../../env';
import { cancelInvoiceEwayBill, consolidateEwayBills, generateOwnEwayBill, listEwayBills, listPendingEwayBills, updatePartB } from '../../integrations/gst/eway-bills';
import { cancelEwayBill, cancelIrn, generateEwayBill } from '../../integrations/gst/register';
import { einvoiceView, listEinvoices, readGstSettings, requestIrn, updateGstSettings } from '../../services/billing/einvoice';
import { responds } from '../../lib/responds';
import { serviceActor } from '../../lib/route-actor';
import { v } from '../../lib/validate';

const invoiceParam = z.object({ invoiceId: z.string().min(1).max(64) });
const companyQuery = z.object({ companyId: z.string().max(64).optional() });
const statusQuery = z.object({
  status: z.string().max(100).optional().transform((s, ctx) => {
    const parts = (s || 'pending,failed').split(',').map((p) => p.trim()).filter(Boolean);
    const bad = parts.find((p) => !(EINVOICE_STATUSES as readonly string[]).includes(p));
    if (bad) ctx.addIssue({ code: 'custom', message: `Unknown status ${bad.slice(0, 32)}` });
    return parts as (typeof EINVOICE_STATUSES)[number][];
  }),
});

export const gstRoutes = new Hono<AppEnv>()
  .get('/gst/settings', responds(GstSettingsResponse), v('query', companyQuery), async (c) => {
    const settings = await readGstSettings(c.var.dbh, serviceActor(c), c.req.valid('query').companyId);
    return c.json({ status: true as const, settings } satisfies GstSettingsResponse);
  })
  .put('/gst/settings', responds(GstSettingsResponse), v('query', companyQuery), v('json', GstSettingsInput), async (c) => {
    const settings = await updateGstSettings(c.var.dbh, serviceActor(c), c.req.valid('json'), c.req.valid('query').companyId);
    return c.json({ status: true as const, settings } satisfies GstSettingsResponse);
  })
  .get('/gst/einvoices', responds(EinvoiceListResponse), v('query', statusQuery), async (c) => {
    const einvoices = await listEinvoices(c.var.dbh, serviceActor(c), c.req.valid('query').status);
    return c.json({ status: true as const, einvoices } satisfies EinvoiceListResponse);
  })
  .post('/gst/einvoices/:invoiceId/register', responds(EinvoiceResponse), v('param', invoiceParam), async (c) => {
    const einvoice = await requestIrn(c.var.dbh, serviceActor(c), c.req.valid('param').invoiceId);
    return c.json({ status: true as const, einvoice } satisfies EinvoiceResponse);
  })
  .post('/gst/einvoices/:invoiceId/cancel', responds(EinvoiceResponse), v('param', invoiceParam), v('json', CancelIrnInput), async (c) => {
    const { invoiceId } = c.req.valid('param');
    const { reason, remark } = c.req.valid('json');
    await cancelIrn(c.var.dbh, c.var.config, serviceActor(c), invoiceId, reason, remark);
    const einvoice = await einvoiceView(c.var.dbh, serviceActor(c), invoiceId);
    return c.json({ status: true as const, einvoice } satisfies EinvoiceResponse);
  })
  .post('/gst/einvoices/:invoiceId/ewaybill', responds(EinvoiceResponse), v('param', invoiceParam), v('json', EwayBillInput), async (c) => {
    const { invoiceId } = c.req.valid('param');
    await generateEwayBill(c.var.dbh, c.var.config, serviceActor(c), invoiceId, c.req.valid('json'));
    const einvoice = await einvoiceView(c.var.dbh, serviceActor(c), invoiceId);
    return c.json({ status: true as const, einvoice } satisfies EinvoiceResponse);
  })
  .post('/gst/einvoices/:invoiceId/ewaybill/cancel', responds(EinvoiceResponse), v('param', invoiceParam), v('json', CancelEwbInput), async (c) => {
    const { invoiceId } = c.req.valid('param');
    const { reason, remark } = c.req.valid('json');
    await cancelEwayBill(c.var.dbh, c.var.config, serviceActor(c), invoiceId, reason, remark);
    const einvoice = await einvoiceView(c.var.dbh, serviceActor(c), invoiceId);
    return c.json({ status: true as const, einvoice } satisfies EinvoiceResponse);
  })
  // E-way bills through the e-way bill system's own API: an invoice without an IRN, Part B, cancel, consolidate.
  .get('/gst/ewaybills', responds(EwayBillListResponse), async (c) => {
    const ewayBills = await listEwayBills(c.var.dbh, serviceActor(c));
    const pending = await listPendingEwayBills(c.var.dbh, serviceActor(c));
    return c.json({ status: true as const, ewayBills, pending } satisfies EwayBillListResponse);
  })
  .post('/gst/invoices/:invoiceId/ewaybill', responds(EwayBillResponse), v('param', invoiceParam), v('json', EwbGenerateInput), async (c) => {
    const ewayBill = await generateOwnEwayBill(c.var.dbh, c.var.config, serviceActor(c), c.req.valid('param').invoiceId, c.req.valid('json'));
    return c.json({ status: true as const, ewayBill } satisfies EwayBillResponse);
  })
  .post('/gst/invoices/:invoiceId/ewaybill/part-b', responds(EwayBillResponse), v('param', invoiceParam), v('json', PartBInput), async (c) => {
    const ewayBill = await updatePartB(c.var.dbh, c.var.config, serviceActor(c), c.req.valid('param').invoiceId, c.req.valid('json'));
    return c.json({ status: true as const, ewayBill } satisfies EwayBillResponse);
  })
  .post('/gst/invoices/:invoiceId/ewaybill/cancel', responds(EwayBillCancelResponse), v('param', invoiceParam), v('json', CancelEwbInput), async (c) => {
    const { reason, remark } = c.req.valid('json');
    const done = await cancelInvoiceEwayBill(c.var.dbh, c.var.config, serviceActor(c), c.req.valid('param').invoiceId, reason, remark);
    return c.json({ status: true as const, ...done } satisfies EwayBillCancelResponse);
  })
  .post('/gst/ewaybills/consolidate', responds(ConsolidatedResponse), v('json', ConsolidateInput), async (c) => {
    const made = await consolidateEwayBills(c.var.dbh, c.var.config, serviceActor(c), c.req.valid('json'));
    return c.json({ status: true as const, ...made } satisfies ConsolidatedResponse);
  });
