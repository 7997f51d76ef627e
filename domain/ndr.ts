// Problem orders (part 2 §4, part 1 §2): what a seller can do with an
// order the courier could not deliver (NDR) or cannot serve (unserviceable), and
// with a buyer's request. The rules are a transition table like ORDER_ACTIONS.
import { z } from 'zod';
import { okBody } from './api';
import type { Role } from './roles';
import { NDR_PHONE_INVALID, PHONE_RE, REATTEMPT_DATE_INVALID } from './tracking-rules';

export const REATTEMPT_SLOTS = ['morning', 'afternoon', 'evening'] as const;
export type ReattemptSlot = (typeof REATTEMPT_SLOTS)[number];
export const SLOT_LABELS: Record<ReattemptSlot, string> = { morning: '9 am to 12 noon', afternoon: '12 noon to 4 pm', evening: '4 pm to 8 pm' };

type Rule = { label: string; roles: readonly Role[]; from: readonly string[]; to?: string };
const SELLERS = ['admin', 'seller', 'warehouse'] as const satisfies readonly Role[];

/** Statuses after a failed delivery attempt. */
export const NDR_ORDER_STATUSES = ['UNDELIVERED'] as const;

export const PROBLEM_ACTIONS = {
  ndrReattempt: { label: 'Request Re-attempt', roles: SELLERS, from: NDR_ORDER_STATUSES },
  ndrUpdateAddress: { label: 'Change Address or Phone', roles: SELLERS, from: NDR_ORDER_STATUSES },
  ndrReturnToOrigin: { label: 'Return to Origin', roles: SELLERS, from: NDR_ORDER_STATUSES, to: 'RTO_IN_TRANSIT' },
  unserviceableRecheck: { label: 'Re-check Serviceability', roles: SELLERS, from: ['UNSERVICEABLE'], to: 'PLACED' },
  unserviceableChangeCourier: { label: 'Change Courier', roles: SELLERS, from: ['UNSERVICEABLE'] },
  unserviceableCancel: { label: 'Cancel Order', roles: SELLERS, from: ['UNSERVICEABLE'], to: 'CANCELLED' },
  // A buyer's request is the seller's to answer (the User Requests section of the seller's Orders page), or the admin's.
  requestAccept: { label: 'Accept Request', roles: ['seller', 'admin'], from: NDR_ORDER_STATUSES },
  requestDecline: { label: 'Decline Request', roles: ['seller', 'admin'], from: NDR_ORDER_STATUSES },
} as const satisfies Record<string, Rule>;
export type ProblemActionKey = keyof typeof PROBLEM_ACTIONS;

/** The problem-order actions this role may take on an order in this status now. */
export function problemActions(status: string, role: Role): ProblemActionKey[] {
  return (Object.keys(PROBLEM_ACTIONS) as ProblemActionKey[]).filter((k) => {
    const r: Rule = PROBLEM_ACTIONS[k];
    return r.roles.includes(role) && r.from.includes(status) && !k.startsWith('request');
  });
}

/** Why this action is refused now (null: allowed). */
export function problemRefusal(key: ProblemActionKey, status: string, role: Role): { kind: 'forbidden' | 'conflict'; message: string } | null {
  const r: Rule = PROBLEM_ACTIONS[key];
  if (!r.roles.includes(role)) return { kind: 'forbidden', message: 'You are not allowed to do this' };
  if (!r.from.includes(status)) return { kind: 'conflict', message: `${r.label} is not available for an order in status ${status}` };
  return null;
}

const ymd = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, REATTEMPT_DATE_INVALID).max(10);
const optionalText = (max: number) => z.string().trim().max(max).optional();

export const ndrReattemptSchema = z.object({ date: ymd, slot: z.enum(REATTEMPT_SLOTS) });
export const ndrAddressSchema = z
  .object({
    address1: optionalText(200),
    address2: optionalText(200),
    landmark: optionalText(120),
    phone: z.string().trim().max(10).refine((p) => p === '' || PHONE_RE.test(p), NDR_PHONE_INVALID).optional(),
  })
  .refine((a) => !!(a.address1 || a.address2 || a.landmark || a.phone), { message: 'Enter at least one change', path: ['address1'] });
export const ndrRtoSchema = z.object({ reason: z.string().trim().max(300).optional() });
export const changeCourierSchema = z.object({ partnerId: z.string().trim().min(1, 'Choose a courier').max(64) });
export const declineRequestSchema = z.object({ reason: z.string().trim().min(1, 'Enter a reason').max(300) });

export const REQUEST_NOT_OPEN = 'This request has already been answered';
export const REQUEST_NOT_FOUND = 'Request not found';

export type ProblemOrderResponse = { status: true; message: string; data: { orderId: string; status: string } };
/** The NDR, unserviceable and buyer-request actions on a problem order (same name as its type; listed in /api/openapi.json). */
export const ProblemOrderResponse: z.ZodType<ProblemOrderResponse> = okBody({
  message: z.string(), data: z.object({ orderId: z.string(), status: z.string() }),
});
/** POST /api/orders/:id/unserviceable/recheck and /courier: the action's answer and whether the order is serviceable now. */
export type ServiceabilityActionResponse = ProblemOrderResponse & { serviceable: boolean };
export const ServiceabilityActionResponse: z.ZodType<ServiceabilityActionResponse> = okBody({
  message: z.string(), data: z.object({ orderId: z.string(), status: z.string() }), serviceable: z.boolean(),
});
export type CourierOption = { id: string; name: string };
export type CourierOptionsResponse = { status: true; data: CourierOption[] };
/** GET /api/problem-orders/couriers (same name as its type; listed in /api/openapi.json). */
export const CourierOptionsResponse: z.ZodType<CourierOptionsResponse> = okBody({ data: z.array(z.object({ id: z.string(), name: z.string() })) });
