// High-margin D2R orders (part 2 §6 'approve high margin order', §8): a
// distributor-to-retailer order sold at more than HIGH_MARGIN_PERCENT below the
// catalogue price needs an admin's approval before it is shipped.
import { z } from 'zod';
import { okBody } from './api';

export const HIGH_MARGIN_PERCENT = 30;
export const APPROVE_D2R_FAILED = 'Failed to Approve D2R Order';
export const D2R_APPROVED = 'D2R order approved';
export const NEEDS_HIGH_MARGIN_APPROVAL = 'This high-margin D2R order needs an admin approval before it can be shipped';
export const NOT_HIGH_MARGIN = 'Only a high-margin D2R order needs approval';
export const ALREADY_APPROVED = 'This D2R order is approved already';

/** Share (percent) given away below the catalogue price over all lines; 0 when nothing is known. */
export function marginPercent(lines: readonly { quantity: number; finalPricePaise: number; cataloguePricePaise: number | null }[]): number {
  let list = 0;
  let sold = 0;
  for (const l of lines) {
    if (l.cataloguePricePaise === null || l.cataloguePricePaise <= 0) continue;
    list += l.cataloguePricePaise * l.quantity;
    sold += l.finalPricePaise * l.quantity;
  }
  return list > 0 ? ((list - sold) * 100) / list : 0;
}

export const isHighMargin = (orderType: number, percent: number) => orderType === 2 && percent > HIGH_MARGIN_PERCENT;

export const HighMarginStatus = z.object({
  highMargin: z.boolean(),
  marginPercent: z.number(),
  approved: z.boolean(),
  approvedBy: z.string().nullable(),
  approvedAt: z.string().nullable(),
});
export type HighMarginStatus = z.infer<typeof HighMarginStatus>;

/** GET /api/orders/:id/high-margin */
export const HighMarginResponse = okBody({ data: HighMarginStatus });
export type HighMarginResponse = z.infer<typeof HighMarginResponse>;

/** PATCH /api/orders/:id/approve-d2r */
export const HighMarginApprovedResponse = HighMarginResponse.extend({ message: z.string() });
export type HighMarginApprovedResponse = z.infer<typeof HighMarginApprovedResponse>;
