/**
 * Shiprocket (apiv2 external API) behind the `Carrier` interface. Every
 * endpoint, field and status code used here is listed with its source in
 * docs/integrations/shiprocket.md.
 *
 * - A token from POST auth/login is kept (per connection, in this process)
 *   until it expires; a 401 renews it once and the call is made again.
 * - A booking is orders/create/adhoc (our order id as `order_id`) then
 *   courier/assign/awb naming the courier the quote priced (`courier_id`, the
 *   offer's `courier_company_id` from serviceability): that courier or
 *   Shiprocket's refusal, never another one. Shiprocket has no idempotency
 *   key: `findBooking` searches the orders by our order id.
 */
import { z } from 'zod';
import { rupeesToNearestPaisa } from '../../../domain/money';
import type { Zone } from '../../../domain/zones';
import { zoneBetween } from '../../../db/carriers/queries';
import { defineKind, type OpenConnection } from '../../integrations/connections';
import { createHttpClient, PartnerError, type OutboundRequest } from '../../integrations/http';
import { shiprocketTables } from '../shiprocket';
import { liveHttpOptions, type LiveCarrierContext } from './context';
import { jsonOrNull } from './json';
import { shiprocketTrackScans } from './scans';
import type { Carrier, Serviceability, Shipment } from '../types';

export const SHIPROCKET_PRODUCTION = 'https://apiv2.shiprocket.in';
/** Shiprocket's tokens last 240 hours; we renew a little before. */
const TOKEN_LIFE_MS = 239 * 3600_000;

const pickupName = z.string().trim().min(1).max(60);
export const shiprocketSettings = z.object({
  /** The pickup location's nickname at Shiprocket for each of our warehouses. */
  pickupLocations: z.record(z.string().max(40), pickupName).refine((r) => Object.keys(r).length <= 200, 'At most 200 warehouses').default({}),
  defaultPickupLocation: pickupName.optional(),
  /** Seconds we wait for a booking's answer before it is looked up instead (1 to 60). */
  timeoutS: z.number().int().min(1).max(60).optional(),
});
export const shiprocketSecrets = z.object({
  email: z.string().trim().min(1, 'Please enter the API user e-mail').max(200),
  password: z.string().min(1, 'Please enter the API user password').max(200),
  /** The security token set in Shiprocket's webhook settings; sent back in the `x-api-key` header. */
  webhookToken: z.string().trim().min(16, 'The webhook token must be at least 16 characters').max(200).optional(),
});
type Settings = z.infer<typeof shiprocketSettings>;
type Secrets = z.infer<typeof shiprocketSecrets>;

const tokens = new Map<string, { token: string; until: number; secret: string }>();

export function shiprocketApi(conn: OpenConnection<Settings, Secrets>, ctx: LiveCarrierContext = {}): Carrier {
  const http = createHttpClient({ partner: 'Shiprocket', log: ctx.log, ...liveHttpOptions(conn.settings, ctx) });
  const base = `${conn.baseUrl}/v1/external`;
  const secretTag = `${conn.secrets.email}\u0000${conn.secrets.password}`;
  const fallback = shiprocketTables;

  async function login(): Promise<string> {
    const res = await http.request({
      method: 'POST', url: `${base}/auth/login`, name: 'auth.login', idempotent: true,
      headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: conn.secrets.email, password: conn.secrets.password }),
    });
    const body = res.json<{ token?: string; message?: string }>();
    if (res.status !== 200 || !body.token) throw new PartnerError('Shiprocket', 'http', `Shiprocket refused the sign-in: ${body.message ?? res.status}`, res.status);
    tokens.set(conn.id, { token: body.token, until: Date.now() + TOKEN_LIFE_MS, secret: secretTag });
    return body.token;
  }

  async function token(): Promise<string> {
    const t = tokens.get(conn.id);
    return t && t.until > Date.now() && t.secret === secretTag ? t.token : login();
  }

  /** A call with the kept token; a 401 (expired or revoked token) renews it once and calls again. */
  async function call(req: Omit<OutboundRequest, 'url' | 'headers'> & { path: string; json?: unknown }) {
    const send = async (tk: string) => http.request({
      ...req, url: `${base}/${req.path}`,
      headers: { authorization: `Bearer ${tk}`, ...(req.json !== undefined ? { 'content-type': 'application/json' } : {}) },
      body: req.json !== undefined ? JSON.stringify(req.json) : undefined,
    });
    let res = await send(await token());
    if (res.status === 401) {
      tokens.delete(conn.id);
      res = await send(await login());
    }
    return res;
  }

  const reasonOf = (body: unknown, status: number) => {
    const b = body as { message?: string; errors?: Record<string, string[]>; response?: { data?: { awb_assign_error?: string } } };
    const errs = b?.errors ? Object.values(b.errors).flat().join('; ') : '';
    return (b?.response?.data?.awb_assign_error || errs || b?.message || `Shiprocket answered ${status}`).slice(0, 300);
  };
  const parse = jsonOrNull;

  async function serviceability(db: Parameters<Carrier['serviceability']>[0], lane: Parameters<Carrier['serviceability']>[1]): Promise<Serviceability> {
    const zone: Zone = await zoneBetween(db, lane.originPincode, lane.destPincode);
    const kg = lane.weightG && lane.weightG > 0 ? Math.max(0.01, lane.weightG / 1000) : 0.5;
    const q = new URLSearchParams({ pickup_postcode: lane.originPincode, delivery_postcode: lane.destPincode, weight: String(kg), cod: lane.paymentMode === 'cod' ? '1' : '0' });
    const res = await call({ method: 'GET', path: `courier/serviceability/?${q}`, name: 'courier.serviceability' });
    if (res.status >= 500) throw new PartnerError('Shiprocket', 'http', `Shiprocket answered ${res.status}`, res.status);
    type Offer = { courier_company_id?: number; courier_name?: string; cod?: number; rate?: number | string };
    const body = parse(res.text()) as { data?: { available_courier_companies?: Offer[]; recommended_courier_company_id?: number } } | null;
    const list = body?.data?.available_courier_companies ?? [];
    if (res.status !== 200 || list.length === 0) return { serviceable: false, codAvailable: false, zone, reason: reasonOf(body, res.status) };
    const codAvailable = list.some((c) => c.cod === 1);
    if (lane.paymentMode === 'cod' && !codAvailable) return { serviceable: false, codAvailable, zone, reason: `Shiprocket does not collect cash on delivery at pincode ${lane.destPincode}` };
    // The price is that of the courier Shiprocket recommends, else its cheapest offer; that courier is named again at booking.
    // Its rates are rupees, at times with more than two decimals: rounded to the paisa on their digits.
    const offers = list
      .filter((c) => (lane.paymentMode !== 'cod' || c.cod === 1) && typeof c.courier_company_id === 'number')
      .map((c) => ({ id: String(c.courier_company_id), name: (c.courier_name || `courier ${c.courier_company_id}`).slice(0, 80), ratePaise: rupeesToNearestPaisa(c.rate) }))
      .filter((c): c is { id: string; name: string; ratePaise: number } => !!c.ratePaise);
    const recommended = String(body?.data?.recommended_courier_company_id ?? '');
    const chosen = offers.find((c) => c.id === recommended) ?? [...offers].sort((a, b) => a.ratePaise - b.ratePaise)[0];
    if (!chosen) return { serviceable: true, codAvailable, zone, reason: null, ratePaise: null, via: null };
    return { serviceable: true, codAvailable, zone, reason: null, ratePaise: chosen.ratePaise, via: { id: chosen.id, name: chosen.name } };
  }

  function adhoc(s: Shipment) {
    const kg = Math.max(0.01, s.weightG / 1000);
    const d = s.dimensionsCm ?? { l: 10, b: 10, h: 10 };
    const pickup = (s.warehouseId && conn.settings.pickupLocations[s.warehouseId]) || conn.settings.defaultPickupLocation || 'Primary';
    const [first, ...rest] = s.consignee.name.trim().split(/\s+/);
    return {
      order_id: s.orderId, order_date: new Date().toISOString().slice(0, 16).replace('T', ' '), pickup_location: pickup,
      billing_customer_name: first ?? s.consignee.name, billing_last_name: rest.join(' '), billing_address: s.consignee.address || s.consignee.city,
      billing_city: s.consignee.city, billing_pincode: s.destPincode, billing_state: s.consignee.state, billing_country: 'India',
      billing_email: '', billing_phone: s.consignee.phone, shipping_is_billing: true,
      order_items: [{ name: `Order ${s.shopOrderId}`, sku: s.shopOrderId, units: 1, selling_price: Math.max(1, s.codPaise / 100) }],
      payment_method: s.paymentMode === 'cod' ? 'COD' : 'Prepaid', sub_total: Math.max(1, s.codPaise / 100),
      length: d.l, breadth: d.b, height: d.h, weight: kg,
    };
  }

  /** The AWB for a shipment, from the courier that was priced (`courier_id`) when there is one: never another one instead. */
  async function assignAwb(shipmentId: number, courierId?: string | null): Promise<{ ok: true; awb: string } | { ok: false; reason: string }> {
    const json = courierId ? { shipment_id: shipmentId, courier_id: Number(courierId) } : { shipment_id: shipmentId };
    const res = await call({ method: 'POST', path: 'courier/assign/awb', name: 'courier.assign.awb', json });
    const body = parse(res.text()) as { awb_assign_status?: number; response?: { data?: { awb_code?: string } } } | null;
    const awb = body?.response?.data?.awb_code;
    if (res.status === 200 && body?.awb_assign_status === 1 && awb) return { ok: true, awb };
    if (res.status >= 500) throw new PartnerError('Shiprocket', 'http', `Shiprocket answered ${res.status}`, res.status);
    return { ok: false, reason: reasonOf(body, res.status) };
  }

  return {
    code: 'shiprocket',
    serviceability,
    rate: (db, input) => fallback.rate(db, input),
    async book(_db, s) {
      const res = await call({ method: 'POST', path: 'orders/create/adhoc', name: 'orders.create.adhoc', json: adhoc(s) });
      const body = parse(res.text()) as { shipment_id?: number; awb_code?: string } | null;
      if (res.status !== 200 || !body?.shipment_id) return { ok: false, reason: reasonOf(body, res.status) };
      if (body.awb_code) return { ok: true, awb: body.awb_code };
      return assignAwb(body.shipment_id, s.viaCourierId);
    },
    async findBooking(_db, s) {
      const res = await call({ method: 'GET', path: `orders?${new URLSearchParams({ search: s.orderId })}`, name: 'orders.list' });
      if (res.status !== 200) throw new PartnerError('Shiprocket', 'http', `Shiprocket answered ${res.status} to the order search`, res.status);
      const body = parse(res.text()) as { data?: { channel_order_id?: string; shipments?: { id: number; awb?: string | null }[] }[] } | null;
      const mine = (body?.data ?? []).find((o) => o.channel_order_id === s.orderId);
      const shipment = mine?.shipments?.[0];
      if (!shipment) return null;
      if (shipment.awb) return { awb: shipment.awb };
      // The order reached Shiprocket but no AWB was assigned: assign it now, on the same shipment.
      const r = await assignAwb(shipment.id, s.viaCourierId);
      if (!r.ok) throw new PartnerError('Shiprocket', 'http', r.reason, 400);
      return { awb: r.awb };
    },
    async cancel(_db, awb) {
      const res = await call({ method: 'POST', path: 'orders/cancel/shipment/awbs', name: 'orders.cancel.awbs', json: { awbs: [awb] } });
      return res.status === 200 ? { ok: true, reason: null } : { ok: false, reason: reasonOf(parse(res.text()), res.status) };
    },
    async requestPickup(_db, p) {
      // Shiprocket schedules pickups by its shipment ids (found by AWB); the pickup location is the shipment's own.
      const ids: number[] = [];
      for (const awb of p.awbs.slice(0, 100)) {
        const found = await call({ method: 'GET', path: `courier/track/awb/${encodeURIComponent(awb)}`, name: 'courier.track.awb' });
        const id = (parse(found.text()) as { tracking_data?: { shipment_track?: { shipment_id?: number }[] } } | null)?.tracking_data?.shipment_track?.[0]?.shipment_id;
        if (id) ids.push(id);
      }
      if (!ids.length) return { ok: false, message: 'Shiprocket knows none of these parcels' };
      const res = await call({ method: 'POST', path: 'courier/generate/pickup', name: 'courier.generate.pickup', json: { shipment_id: ids } });
      if (res.status >= 500) throw new PartnerError('Shiprocket', 'http', `Shiprocket answered ${res.status}`, res.status);
      const body = parse(res.text()) as { pickup_status?: number; response?: { data?: string; pickup_scheduled_date?: string } } | null;
      if (res.status === 200 && body?.pickup_status === 1) return { ok: true, message: (body.response?.data || `Shiprocket scheduled the pickup of ${ids.length} parcel(s)`).slice(0, 300) };
      return { ok: false, message: `Shiprocket refused the pickup: ${reasonOf(body, res.status)}` };
    },
    async ndrAction(_db, awb, ndr) {
      // Shiprocket's NDR action is `re-attempt` or `return`, with comments: an address or phone change rides on a re-attempt.
      const change = ndr.kind === 'address' ? [ndr.address && `new address: ${ndr.address}`, ndr.phone && `new phone: ${ndr.phone}`].filter(Boolean).join('; ') : '';
      const json = ndr.kind === 'rto'
        ? { action: 'return', comments: 'Return to origin requested by the seller' }
        : { action: 're-attempt', comments: (ndr.kind === 'reattempt' ? `Re-attempt on ${ndr.date}` : `Re-attempt with ${change}`).slice(0, 250) };
      const res = await call({ method: 'POST', path: `ndr/${encodeURIComponent(awb)}/action`, name: 'ndr.action', json });
      if (res.status >= 500) throw new PartnerError('Shiprocket', 'http', `Shiprocket answered ${res.status}`, res.status);
      const body = parse(res.text()) as { status?: string; message?: string } | null;
      if (res.status === 200 || res.status === 202) return { ok: true, message: (body?.status || body?.message || '').slice(0, 200) };
      return { ok: false, message: reasonOf(body, res.status) };
    },
    async track(_db, awb) {
      const res = await call({ method: 'GET', path: `courier/track/awb/${encodeURIComponent(awb)}`, name: 'courier.track.awb' });
      if (res.status !== 200) throw new PartnerError('Shiprocket', 'http', `Shiprocket answered ${res.status} to tracking`, res.status);
      // Its answer's weight is not documented as the charged one (docs/integrations/weight-reconciliation.md): none read.
      return { scans: shiprocketTrackScans(awb, parse(res.text())), billed: [] };
    },
    labelData(awb) {
      return fallback.labelData(awb);
    },
    async labelPdf(_db, awb) {
      const found = await call({ method: 'GET', path: `courier/track/awb/${encodeURIComponent(awb)}`, name: 'courier.track.awb' });
      const shipmentId = (parse(found.text()) as { tracking_data?: { shipment_track?: { shipment_id?: number }[] } } | null)?.tracking_data?.shipment_track?.[0]?.shipment_id;
      if (!shipmentId) return null;
      const res = await call({ method: 'POST', path: 'courier/generate/label', name: 'courier.generate.label', json: { shipment_id: [shipmentId] } });
      const url = (parse(res.text()) as { label_created?: number; label_url?: string } | null)?.label_url;
      if (!url) return null;
      const pdf = await http.request({ method: 'GET', url, name: 'label.pdf' });
      return pdf.status === 200 ? pdf.bytes : null;
    },
  };
}

export const SHIPROCKET_KIND = defineKind<Settings, Secrets>({
  kind: 'shiprocket',
  title: 'Shiprocket',
  settings: shiprocketSettings as z.ZodType<Settings>,
  secrets: shiprocketSecrets,
  defaultBaseUrl: () => SHIPROCKET_PRODUCTION,
  async test(conn, { log }) {
    tokens.delete(conn.id);
    const api = shiprocketApi(conn, { log, timeoutMs: 10_000 });
    await api.findBooking!(undefined as never, { orderId: '__connection_test__' } as Shipment);
    return { ok: true, message: 'Signed in to Shiprocket' };
  },
});
