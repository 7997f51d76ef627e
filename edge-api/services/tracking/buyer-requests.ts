// The buyer's NDR requests from the public page (no sign-in): prove to be the
// buyer, then ask for a re-attempt or an address correction. One function per action.
import { nowIso, uuidv7 } from '../../../domain/ids';
import type { DbHandle } from '../../../db/connect';
import { countBuyerAttempts, insertBuyerAttempt, insertCustomerRequest, openRequestPayloads, orderByAwbs } from '../../../db/tracking/buyer-requests';
import { conflict, invalid, notFound, rateLimited, Refusal } from '../../../domain/refusal';
import {
  BUYER_ATTEMPT_WINDOW_MS,
  BUYER_AWB_CEILING,
  BUYER_PACE_MS,
  BUYER_SLOW_DOWN,
  BUYER_DIGITS_WRONG,
  BUYER_TOKEN_INVALID,
  BUYER_TOKEN_TTL_MS,
  BUYER_TOO_MANY,
  LOOKUP_FAILED_MESSAGE,
  MAX_BUYER_ATTEMPTS,
  NDR_NOT_ALLOWED,
  NDR_REQUEST_OPEN,
  NDR_STATUSES,
  phoneLast4,
  REATTEMPT_DATE_INVALID,
  reattemptDates,
  REQUEST_RECEIVED,
  type CustomerRequestInput,
  type BuyerRequestCreatedResponse,
  type BuyerVerifiedResponse,
} from '../../../domain/tracking';
import { normaliseAwb } from '../../../domain/tracking-events';
import { sign, verify } from '../../lib/signing';

const buyerPayload = (orderId: string) => `tracking-buyer|${orderId}`;
const candidates = (awb: string) => [...new Set([normaliseAwb(awb), awb.trim(), awb.trim().toUpperCase()])];

/** A refusal the caller must see as "sign again" (401 on the API). */
export class BuyerTokenInvalid extends Error {
  constructor() {
    super(BUYER_TOKEN_INVALID);
  }
}

async function orderOf(dbh: DbHandle, awb: string) {
  const order = await orderByAwbs(dbh.db, candidates(awb));
  if (!order) throw notFound(LOOKUP_FAILED_MESSAGE);
  return order;
}

/**
 * Step 1: the last 4 digits of the phone on the order. Five wrong answers per AWB and client
 * (`client`: its address) per hour lock that client out; past BUYER_AWB_CEILING wrong answers
 * for the AWB from all clients, each client is paced to one try a minute after a wrong one. So
 * guesses from other addresses slow down and never lock out the buyer, whose first try goes through.
 */
export async function verifyBuyer(dbh: DbHandle, signingKey: string, input: { awb: string; phoneLast4: string; client: string }, now = Date.now()): Promise<BuyerVerifiedResponse> {
  const db = dbh.db;
  const awb = normaliseAwb(input.awb);
  const since = new Date(now - BUYER_ATTEMPT_WINDOW_MS).toISOString();
  const wrong = await countBuyerAttempts(db, awb, input.client, since);
  if (wrong.mine >= MAX_BUYER_ATTEMPTS) {
    throw rateLimited(BUYER_TOO_MANY, { attemptsLeft: 0, retryAfter: Math.ceil(BUYER_ATTEMPT_WINDOW_MS / 1000) });
  }
  const paceLeft = wrong.myLast ? Date.parse(wrong.myLast) + BUYER_PACE_MS - now : 0;
  if (wrong.all >= BUYER_AWB_CEILING && paceLeft > 0) {
    throw rateLimited(BUYER_SLOW_DOWN, { attemptsLeft: MAX_BUYER_ATTEMPTS - wrong.mine, retryAfter: Math.ceil(paceLeft / 1000) });
  }
  const order = await orderOf(dbh, input.awb);
  if (!NDR_STATUSES.includes(order.status)) throw conflict(NDR_NOT_ALLOWED);
  if (input.phoneLast4 !== phoneLast4(order.customer_phone)) {
    await insertBuyerAttempt(db, { id: uuidv7(), awb, client: input.client, createdAt: new Date(now).toISOString() });
    throw new Refusal('forbidden', BUYER_DIGITS_WRONG, undefined, { attemptsLeft: MAX_BUYER_ATTEMPTS - wrong.mine - 1 });
  }
  const { exp, sig } = sign(signingKey, buyerPayload(order.id), now + BUYER_TOKEN_TTL_MS);
  return { status: true as const, token: `${exp}.${sig}`, reattemptDates: reattemptDates(now) };
}

/** Step 2: the request itself, which lands in the seller's User Requests (NDR) list. One open request per kind. */
export async function createBuyerRequest(dbh: DbHandle, signingKey: string, awb: string, body: CustomerRequestInput): Promise<BuyerRequestCreatedResponse> {
  const db = dbh.db;
  const order = await orderOf(dbh, awb);
  const [exp, sig] = body.token.split('.');
  if (!sig || !verify(signingKey, buyerPayload(order.id), Number(exp), sig)) throw new BuyerTokenInvalid();
  if (!NDR_STATUSES.includes(order.status)) throw conflict(NDR_NOT_ALLOWED);
  let payload: Record<string, string>;
  if (body.kind === 'reattempt') {
    if (!reattemptDates().includes(body.date)) throw invalid(REATTEMPT_DATE_INVALID, [{ path: 'date', message: REATTEMPT_DATE_INVALID }]);
    payload = { date: body.date };
  } else {
    const { kind: _k, token: _t, ...changes } = body;
    payload = Object.fromEntries(Object.entries(changes).filter(([, val]) => !!val)) as Record<string, string>;
  }
  const open = await openRequestPayloads(db, order.id, body.kind);
  if (open.some((r) => r.payload === JSON.stringify(payload))) throw conflict(NDR_REQUEST_OPEN);
  await insertCustomerRequest(db, { id: uuidv7(), orderId: order.id, companyId: order.company_id, kind: body.kind, payload: JSON.stringify(payload), createdAt: nowIso() });
  return { status: true as const, message: REQUEST_RECEIVED };
}

