// Promoters (part 2 §2, §7, §8): create with retailers, list, one promoter,
// and the stock-details and credit-note reports (paged, or all rows as CSV).
import type { Db } from '../../../db/connect';
import { insertPromoter, listPromoters, promoterById, promoterCreditNotes, promoterPhoneTaken, promoterStock } from '../../../db/promoters/queries';
import { csvLine } from '../../../domain/csv';
import {
  CREDIT_NOTE_CSV_HEADER,
  PROMOTER_NOT_FOUND,
  PROMOTER_PHONE_TAKEN,
  STOCK_CSV_HEADER,
  type CreatePromoterInput,
  type Promoter,
  type PromoterCreditNoteRow,
  type PromoterListInput,
  type PromoterReportInput,
  type PromoterStockRow,
} from '../../../domain/promoters';
import { conflict, forbidden, notFound } from '../../../domain/refusal';
import type { ServiceActor } from '../audit/actor';
import { indiaCsvDateTime } from '../../../domain/india-time';
import { paiseToDecimalText } from '../../../domain/money';

const adminOnly = (a: ServiceActor) => {
  if (a.role !== 'admin') throw forbidden();
};
const rupees = paiseToDecimalText;

export async function createPromoter(db: Db, actor: ServiceActor, input: CreatePromoterInput): Promise<Promoter> {
  adminOnly(actor);
  if (await promoterPhoneTaken(db, input.phone)) throw conflict(PROMOTER_PHONE_TAKEN);
  const id = await insertPromoter(db, input, input.user || actor.name);
  return (await promoterById(db, id))!;
}

export async function findPromoters(db: Db, actor: ServiceActor, input: PromoterListInput) {
  adminOnly(actor);
  return listPromoters(db, input);
}

export async function getPromoter(db: Db, actor: ServiceActor, id: string): Promise<Promoter> {
  adminOnly(actor);
  const p = await promoterById(db, id);
  if (!p) throw notFound(PROMOTER_NOT_FOUND);
  return p;
}

export async function stockDetails(db: Db, actor: ServiceActor, f: PromoterReportInput): Promise<{ rows: PromoterStockRow[]; total: number }> {
  adminOnly(actor);
  return promoterStock(db, f, { all: f.csvFlag });
}

export async function creditNotes(db: Db, actor: ServiceActor, f: PromoterReportInput): Promise<{ rows: PromoterCreditNoteRow[]; total: number }> {
  adminOnly(actor);
  return promoterCreditNotes(db, f, { all: f.csvFlag });
}

export const stockCsv = (rows: readonly PromoterStockRow[]) =>
  csvLine(STOCK_CSV_HEADER) +
  rows.map((r) => csvLine([r.promoterName, r.retailerName, r.retailerPhone, r.sku, r.product, r.quantity, r.returnedQuantity, rupees(r.valuePaise), indiaCsvDateTime(r.lastOrderAt)])).join('');

export const creditNoteCsv = (rows: readonly PromoterCreditNoteRow[]) =>
  csvLine(CREDIT_NOTE_CSV_HEADER) +
  rows.map((r) => csvLine([r.promoterName, r.retailerName, r.retailerPhone, r.orderId, r.creditNoteNumber, rupees(r.amountPaise), r.reason, indiaCsvDateTime(r.createdAt)])).join('');
