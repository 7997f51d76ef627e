// Problem orders: NDR and unserviceable actions and the buyer's
// requests, for sellers, warehouse users and admins. Routes only parse, call the
// use case (edge-api/services/orders/ndr.ts, unserviceable.ts) and respond.
import { Hono } from 'hono';
import { z } from 'zod';
import {
  changeCourierSchema,
  declineRequestSchema,
  ndrAddressSchema,
  ndrReattemptSchema,
  ndrRtoSchema,
  ndrCasesQuerySchema,
  NdrCasesResponse,
  REATTEMPT_SLOTS,
  CourierOptionsResponse,
  ProblemOrderResponse,
  ServiceabilityActionResponse,
} from '../../../domain/ndr';
import { cancelOrderSchema } from '../../../domain/orders/action-inputs';
import type { AppEnv } from '../../env';
import { responds } from '../../lib/responds';
import { idParam, ORDER_PATH as ORDER, serviceActor as actorOf } from '../../lib/route-actor';
import { v } from '../../lib/validate';
import { acceptCustomerRequest, declineCustomerRequest, ndrCases, requestReattempt, returnToOrigin, updateNdrAddress } from '../../services/orders/ndr';
import { cancelUnserviceable, changeCourier, courierOptions, recheckServiceability } from '../../services/orders/unserviceable';

const done = (message: string, data: { orderId: string; status: string }) => ({ status: true as const, message, data }) satisfies ProblemOrderResponse;

export const problemOrderRoutes = new Hono<AppEnv>()
  /** The NDR workspace: reason, attempts, last attempt, respond-by, the buyer's request and any instruction still pending, per order. */
  .get('/problem-orders/ndr', responds(NdrCasesResponse), v('query', ndrCasesQuerySchema), async (c) => {
    const data = await ndrCases(c.var.dbh.db, actorOf(c), c.req.valid('query').ids);
    return c.json({ status: true as const, data } satisfies NdrCasesResponse);
  })
  .post(`${ORDER}/ndr/reattempt`, responds(ProblemOrderResponse), v('param', idParam), v('json', ndrReattemptSchema), async (c) => {
    const r = await requestReattempt(c.var.dbh.db, actorOf(c), { orderId: c.req.valid('param').id, ...c.req.valid('json') });
    return c.json(done('Re-attempt requested', r));
  })
  .post(`${ORDER}/ndr/address`, responds(ProblemOrderResponse), v('param', idParam), v('json', ndrAddressSchema), async (c) => {
    const r = await updateNdrAddress(c.var.dbh.db, actorOf(c), { orderId: c.req.valid('param').id, ...c.req.valid('json') });
    return c.json(done('Address updated for the re-attempt', r));
  })
  .post(`${ORDER}/ndr/rto`, responds(ProblemOrderResponse), v('param', idParam), v('json', ndrRtoSchema), async (c) => {
    const r = await returnToOrigin(c.var.dbh.db, actorOf(c), { orderId: c.req.valid('param').id, ...c.req.valid('json') });
    return c.json(done('Return to origin requested', r));
  })
  .post(`${ORDER}/unserviceable/recheck`, responds(ServiceabilityActionResponse), v('param', idParam), async (c) => {
    const r = await recheckServiceability(c.var.dbh.db, actorOf(c), { orderId: c.req.valid('param').id });
    return c.json({ ...done(r.serviceable ? 'The order is serviceable again' : (r.reason ?? 'Still not serviceable'), r), serviceable: r.serviceable } satisfies ServiceabilityActionResponse);
  })
  .post(`${ORDER}/unserviceable/courier`, responds(ServiceabilityActionResponse), v('param', idParam), v('json', changeCourierSchema), async (c) => {
    const r = await changeCourier(c.var.dbh.db, actorOf(c), { orderId: c.req.valid('param').id, ...c.req.valid('json') });
    return c.json({ ...done(r.serviceable ? 'Courier changed; the order is serviceable again' : `Courier changed; ${r.reason ?? 'still not serviceable'}`, r), serviceable: r.serviceable } satisfies ServiceabilityActionResponse);
  })
  .post(`${ORDER}/unserviceable/cancel`, responds(ProblemOrderResponse), v('param', idParam), v('json', cancelOrderSchema), async (c) => {
    const r = await cancelUnserviceable(c.var.dbh.db, actorOf(c), { orderId: c.req.valid('param').id, reason: c.req.valid('json').reason });
    return c.json(done('Order cancelled', r));
  })
  .get('/problem-orders/couriers', responds(CourierOptionsResponse), async (c) => {
    return c.json({ status: true as const, data: await courierOptions(c.var.dbh.db) } satisfies CourierOptionsResponse);
  })
  .post('/customerRequests/:id/accept', responds(ProblemOrderResponse), v('param', idParam), v('json', z.object({ slot: z.enum(REATTEMPT_SLOTS).optional() })), async (c) => {
    const r = await acceptCustomerRequest(c.var.dbh.db, actorOf(c), { requestId: c.req.valid('param').id, slot: c.req.valid('json').slot });
    return c.json(done('Request accepted and applied', r));
  })
  .post('/customerRequests/:id/decline', responds(ProblemOrderResponse), v('param', idParam), v('json', declineRequestSchema), async (c) => {
    const r = await declineCustomerRequest(c.var.dbh.db, actorOf(c), { requestId: c.req.valid('param').id, reason: c.req.valid('json').reason });
    return c.json(done('Request declined', r));
  });
