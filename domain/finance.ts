// The finance role (part 2 §1, §6): a finance user downloads the brands CSV,
// which needs a date range when the chosen statuses include DTO statuses.
import { z } from 'zod';
import { isoDay } from './iso-day';
import { ORDER_STATUSES, type OrderStatus } from './statuses';

export const BRANDS_CSV_DATE_RANGE_REQUIRED = 'Date range is required when DTO statuses are selected';
export const isDtoStatus = (s: string) => s.startsWith('DTO_');

const isoDate = isoDay();

/** Query of GET /finance/brands/csv: statuses comma separated. */
export const brandsCsvSchema = z
  .object({
    statuses: z
      .string()
      .max(1000)
      .default('')
      .transform((s) => s.split(',').map((x) => x.trim()).filter(Boolean))
      .pipe(z.array(z.enum(ORDER_STATUSES as unknown as [OrderStatus, ...OrderStatus[]], { error: 'Unknown status' })).max(60)),
    startDate: isoDate.optional(),
    endDate: isoDate.optional(),
  })
  .superRefine((q, ctx) => {
    if (q.statuses.some(isDtoStatus) && (!q.startDate || !q.endDate)) ctx.addIssue({ code: 'custom', path: ['startDate'], message: BRANDS_CSV_DATE_RANGE_REQUIRED });
    if (q.startDate && q.endDate && q.startDate > q.endDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'End date cannot be before start date' });
  });
export type BrandsCsvInput = z.output<typeof brandsCsvSchema>;

export const BRANDS_CSV_HEADER = ['Brand', 'Status', 'Orders', 'Order Value (INR)', 'COD Value (INR)'] as const;
