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

// ---------------------------------------------------------------------------
// The NDR workspace: what a seller needs to act on an undelivered order

/**
 * Hours after a failed attempt within which the seller's instruction reaches the courier in time: the
 * couriers' NDR windows (Delhivery and Shiprocket take an instruction until the next day's run; past it
 * the parcel is re-attempted once more or returned as the courier decides). Shown as 'Respond by'.
 */
export const NDR_RESPONSE_HOURS = 48;
export const NDR_CASE_IDS_MAX = 200;

/** GET /api/problem-orders/ndr?ids=a,b: the NDR facts of these orders (those in the caller's scope). */
export const ndrCasesQuerySchema = z.object({
  ids: z
    .string()
    .max(NDR_CASE_IDS_MAX * 65)
    .transform((s) => [...new Set(s.split(',').map((x) => x.trim()).filter(Boolean))])
    .pipe(z.array(z.string().max(64)).min(1, 'Select atleast 1 order!').max(NDR_CASE_IDS_MAX)),
});

export type NdrPendingKind = 'reattempt' | 'address';
export type NdrCase = {
  orderId: string;
  status: string;
  /** The courier's reason for the last failed attempt. */
  reason: string | null;
  attempts: number;
  lastAttemptAt: string | null;
  /** Respond by (ISO): NDR_RESPONSE_HOURS after the last attempt, while the order awaits an instruction. */
  respondBy: string | null;
  /** The buyer's last request from the tracking page, and where it stands. */
  request: { kind: string; status: string; createdAt: string; decidedAt: string | null } | null;
  /** An instruction sent after the last attempt that the courier has not answered yet (no courier event since). */
  pending: { kind: NdrPendingKind; text: string; at: string } | null;
  /** Why this order has no NDR action now (null when it has). */
  noActionReason: string | null;
};
export type NdrCasesResponse = { status: true; data: NdrCase[] };
export const NdrCasesResponse: z.ZodType<NdrCasesResponse> = okBody({
  data: z.array(
    z.object({
      orderId: z.string(), status: z.string(), reason: z.string().nullable(), attempts: z.number(), lastAttemptAt: z.string().nullable(), respondBy: z.string().nullable(),
      request: z.object({ kind: z.string(), status: z.string(), createdAt: z.string(), decidedAt: z.string().nullable() }).nullable(),
      pending: z.object({ kind: z.enum(['reattempt', 'address']), text: z.string(), at: z.string() }).nullable(),
      noActionReason: z.string().nullable(),
    }),
  ),
});

export type NdrTrail = { status: string; description: string; source: string; createdAt: string };

/** The descriptions the NDR actions write in the timeline (services/orders/ndr.ts) and how a pending one is known again. */
export const REATTEMPT_TRAIL_PREFIX = 'Re-attempt requested';
export const ADDRESS_TRAIL_MARK = 'updated for the re-attempt';

export const NO_ACTION_RTO_UNDELIVERED = 'On its way back to you: the courier could not deliver the return and tries again itself.';

/**
 * An order's NDR case from its timeline (oldest first) and the buyer's last request: failed attempts are the
 * courier's or system's NDR entries; an instruction is pending while no courier entry follows it.
 */
export function ndrCase(order: { id: string; status: string }, trails: readonly NdrTrail[], request: NdrCase['request']): NdrCase {
  const failed = trails.filter((t) => t.source !== 'user' && (t.status === 'UNDELIVERED' || t.status === 'RTO_UNDELIVERED'));
  const last = failed.at(-1) ?? null;
  const lastCourier = trails.filter((t) => t.source !== 'user').at(-1) ?? null;
  let pending: NdrCase['pending'] = null;
  for (const t of trails) {
    if (t.source !== 'user' || (lastCourier && t.createdAt < lastCourier.createdAt)) continue;
    if (t.description.startsWith(REATTEMPT_TRAIL_PREFIX)) pending = { kind: 'reattempt', text: t.description, at: t.createdAt };
    else if (t.description.includes(ADDRESS_TRAIL_MARK) && pending?.kind !== 'reattempt') pending = { kind: 'address', text: t.description, at: t.createdAt };
  }
  const awaiting = order.status === 'UNDELIVERED';
  if (!awaiting) pending = null;
  return {
    orderId: order.id,
    status: order.status,
    reason: last?.description ?? null,
    attempts: failed.length,
    lastAttemptAt: last?.createdAt ?? null,
    respondBy: awaiting && last && !pending ? new Date(Date.parse(last.createdAt) + NDR_RESPONSE_HOURS * 3_600_000).toISOString() : null,
    request,
    pending,
    noActionReason: order.status === 'RTO_UNDELIVERED' ? NO_ACTION_RTO_UNDELIVERED : null,
  };
}
