// Promoters (part 2 §7): POST /admin/promoter/list, POST /admin/promoter,
// GET /admin/promoter/{id}, and the stock-details and credit-note reports
// (paged JSON, or every row as CSV with csvFlag=true).
import { Hono } from 'hono';
import { z } from 'zod';
import {
  createPromoterSchema,
  PROMOTER_CREATED,
  promoterListSchema,
  promoterReportSchema,
  CreatePromoterResponse,
  PromoterCreditNoteResponse,
  PromoterListResponse,
  PromoterResponse,
  PromoterStockResponse,
} from '../../../domain/promoters';
import type { AppEnv } from '../../env';
import { v } from '../../lib/validate';
import { createPromoter, creditNoteCsv, creditNotes, findPromoters, getPromoter, stockCsv, stockDetails } from '../../services/promoters';
import { actorOf } from '../preferences';
import { contentDisposition } from '../../lib/content-disposition';
import { responds } from '../../lib/responds';

const csv = (text: string, name: string) =>
  new Response(text, { headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': contentDisposition(name) } });

export const promotersRoutes = new Hono<AppEnv>()
  .post('/admin/promoter/list', responds(PromoterListResponse), v('json', promoterListSchema), async (c) => {
    const { rows, total } = await findPromoters(c.var.dbh.db, actorOf(c), c.req.valid('json'));
    return c.json({ status: true as const, data: rows, totalRecords: total } satisfies PromoterListResponse);
  })
  .post('/admin/promoter', responds(CreatePromoterResponse, 201), v('json', createPromoterSchema), async (c) => {
    const data = await createPromoter(c.var.dbh.db, actorOf(c), c.req.valid('json'));
    return c.json({ status: true as const, message: PROMOTER_CREATED, data } satisfies CreatePromoterResponse, 201);
  })
  .get('/admin/promoter/stock-details', responds(PromoterStockResponse), v('query', promoterReportSchema), async (c) => {
    const q = c.req.valid('query');
    const { rows, total } = await stockDetails(c.var.dbh.db, actorOf(c), q);
    if (q.csvFlag) return csv(stockCsv(rows), 'promoter-stock.csv');
    return c.json({ status: true as const, data: rows, totalRecords: total } satisfies PromoterStockResponse);
  })
  .get('/admin/promoter/credit-note', responds(PromoterCreditNoteResponse), v('query', promoterReportSchema), async (c) => {
    const q = c.req.valid('query');
    const { rows, total } = await creditNotes(c.var.dbh.db, actorOf(c), q);
    if (q.csvFlag) return csv(creditNoteCsv(rows), 'promoter-credit-notes.csv');
    return c.json({ status: true as const, data: rows, totalRecords: total } satisfies PromoterCreditNoteResponse);
  })
  .get('/admin/promoter/:id{[0-9a-fA-F-]+}', responds(PromoterResponse), v('param', z.object({ id: z.string().max(64) })), async (c) => {
    const data = await getPromoter(c.var.dbh.db, actorOf(c), c.req.valid('param').id);
    return c.json({ status: true as const, data } satisfies PromoterResponse);
  });
