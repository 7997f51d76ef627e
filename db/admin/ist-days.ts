// The date filter of the admin lists (delivery orders, journeys): India days, both ends optional and inclusive.
import type { ReferenceExpression, SelectQueryBuilder } from 'kysely';
import { istDayEnd, istDayStart } from '../../domain/orders/ist-dates';

/** Keeps the rows whose `column` (ISO-8601 text) falls within the India days `start`..`end`. */
export function withinIstDays<DB, TB extends keyof DB, O>(
  q: SelectQueryBuilder<DB, TB, O>,
  column: ReferenceExpression<DB, TB>,
  f: { start?: string | null; end?: string | null },
): SelectQueryBuilder<DB, TB, O> {
  if (f.start) q = q.where(column, '>=', istDayStart(f.start));
  if (f.end) q = q.where(column, '<=', istDayEnd(f.end));
  return q;
}
