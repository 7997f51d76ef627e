// The finance role's one download (part 2 §1, §6): orders per brand and
// status over the chosen statuses and date range, as CSV.
import type { Db } from '../../../db/connect';
import { brandOrderTotals } from '../../../db/finance/brands';
import { csvLine } from '../../../domain/csv';
import { BRANDS_CSV_HEADER, type BrandsCsvInput } from '../../../domain/finance';
import { forbidden } from '../../../domain/refusal';
import type { ServiceActor } from '../audit/actor';
import { paiseToDecimalText } from '../../../domain/money';

const rupees = paiseToDecimalText;

export async function brandsCsv(db: Db, actor: ServiceActor, input: BrandsCsvInput): Promise<string> {
  if (actor.role !== 'finance' && actor.role !== 'admin') throw forbidden();
  const rows = await brandOrderTotals(db, input);
  return csvLine(BRANDS_CSV_HEADER) + rows.map((r) => csvLine([r.brand, r.status, r.orders, rupees(r.totalPaise), rupees(r.codPaise)])).join('');
}
