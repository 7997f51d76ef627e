/**
 * Delhivery (B2C express API) behind the `Carrier` interface. Every endpoint,
 * field and status code used here is listed with its source in
 * docs/integrations/delhivery.md. Calls carry `Authorization: Token <token>`.
 * A booking is POST /api/cmu/create.json with our order id as `order`;
 * `findBooking` asks the tracking API by that reference (`ref_ids`). Its price
 * for a parcel is its shipping-charge API (`courierRate`), asked while the
 * seller waits for the courier choice (once: its rate table answers instead).
 */
import { z } from 'zod';
import { paiseToRupees, rupeesToNearestPaisa } from '../../../domain/money';
import { zoneBetween } from '../../../db/carriers/queries';
import { defineKind, type OpenConnection } from '../../integrations/connections';
import { createHttpClient, PartnerError } from '../../integrations/http';
import { tableCarrier } from '../table-carrier';
import { liveHttpOptions, type LiveCarrierContext } from './context';
import { jsonOrNull } from './json';
import { delhiveryTrackScans, delhiveryTrackWeights } from './scans';
import type { Carrier, Shipment } from '../types';

export const DELHIVERY_PRODUCTION = 'https://track.delhivery.com';
export const DELHIVERY_STAGING = 'https://staging-express.delhivery.com';

const pickupName = z.string().trim().min(1).max(60);
export const delhiverySettings = z.object({
  /** The registered pickup location (warehouse) name at Delhivery for each of our warehouses. */
  pickupLocations: z.record(z.string().max(40), pickupName).refine((r) => Object.keys(r).length <= 200, 'At most 200 warehouses').default({}),
  defaultPickupLocation: pickupName.optional(),
  timeoutS: z.number().int().min(1).max(60).optional(),
});
export const delhiverySecrets = z.object({
  token: z.string().trim().min(1, 'Please enter the API token').max(200),
  /** The value Delhivery's scan push sends in its `x-api-key` header (the seller names it in Delhivery's webhook form). */
  webhookToken: z.string().trim().min(16, 'The webhook token must be at least 16 characters').max(200).optional(),
});
type Settings = z.infer<typeof delhiverySettings>;
type Secrets = z.infer<typeof delhiverySecrets>;

type Package = { status?: string; waybill?: string; remarks?: string[] | string; refnum?: string };

export function delhiveryApi(conn: OpenConnection<Settings, Secrets>, ctx: LiveCarrierContext = {}): Carrier {
  const http = createHttpClient({ partner: 'Delhivery', log: ctx.log, ...liveHttpOptions(conn.settings, ctx) });
  const auth = { authorization: `Token ${conn.secrets.token}`, accept: 'application/json' };
  const fallback = tableCarrier({ code: 'delhivery', name: 'Delhivery', awbPrefix: '', awbDigits: 13, routingCode: (awb) => `DL/${awb.slice(-3)}` });
  const parse = jsonOrNull;
  const get = (path: string, name: string) => http.request({ method: 'GET', url: `${conn.baseUrl}${path}`, headers: auth, name });
  const postJson = (path: string, name: string, json: unknown) =>
    http.request({ method: 'POST', url: `${conn.baseUrl}${path}`, headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify(json), name });

  function shipmentOf(s: Shipment) {
    return {
      name: s.consignee.name, add: s.consignee.address || s.consignee.city, pin: s.destPincode, city: s.consignee.city, state: s.consignee.state, country: 'India',
      phone: s.consignee.phone, order: s.orderId, payment_mode: s.paymentMode === 'cod' ? 'COD' : 'Prepaid', cod_amount: s.codPaise / 100,
      total_amount: s.codPaise / 100, weight: s.weightG, products_desc: `Order ${s.shopOrderId}`, quantity: 1, shipping_mode: 'Surface',
      ...(s.dimensionsCm ? { shipment_length: s.dimensionsCm.l, shipment_width: s.dimensionsCm.b, shipment_height: s.dimensionsCm.h } : {}),
    };
  }

  return {
    code: 'delhivery',
    async serviceability(db, lane) {
      const zone = await zoneBetween(db, lane.originPincode, lane.destPincode);
      const res = await get(`/c/api/pin-codes/json/?${new URLSearchParams({ filter_codes: lane.destPincode })}`, 'pin-codes');
      if (res.status === 401 || res.status === 403) throw new PartnerError('Delhivery', 'http', 'Delhivery refused the API token', res.status);
      const body = parse(res.text()) as { delivery_codes?: { postal_code?: { pin?: number | string; pre_paid?: string; cod?: string } }[] } | null;
      const pin = body?.delivery_codes?.map((d) => d.postal_code).find((p) => String(p?.pin) === lane.destPincode);
      if (!pin || pin.pre_paid !== 'Y' && pin.cod !== 'Y') return { serviceable: false, codAvailable: false, zone, reason: `Delhivery does not deliver to pincode ${lane.destPincode}` };
      const codAvailable = pin.cod === 'Y';
      if (lane.paymentMode === 'cod' && !codAvailable) return { serviceable: false, codAvailable, zone, reason: `Delhivery does not collect cash on delivery at pincode ${lane.destPincode}` };
      return { serviceable: true, codAvailable, zone, reason: null };
    },
    rate: (db, input) => fallback.rate(db, input),
    async courierRate(_db, p) {
      const cod = p.paymentMode === 'cod';
      // Surface billing (md=S), as our bookings are (shipping_mode Surface); charges as delivered (ss=Delivered).
      const q = new URLSearchParams({
        md: 'S', ss: 'Delivered', d_pin: p.destPincode, o_pin: p.originPincode, cgm: String(Math.max(1, Math.ceil(p.weightG))), pt: cod ? 'COD' : 'Pre-paid',
        ...(cod ? { cod: String(paiseToRupees(p.codPaise)) } : {}),
      });
      const res = await http.request({ method: 'GET', url: `${conn.baseUrl}/api/kinko/v1/invoice/charges/.json?${q}`, headers: auth, name: 'invoice.charges' });
      if (res.status !== 200) throw new PartnerError('Delhivery', 'http', `Delhivery answered ${res.status} to the price request`, res.status);
      // An array with one charge sheet; `total_amount` (rupees) is `gross_amount` plus tax, possibly with more than two decimals.
      const body = parse(res.text()) as { total_amount?: number | string }[] | null;
      const paise = Array.isArray(body) ? rupeesToNearestPaisa(body[0]?.total_amount) : null;
      if (!paise) throw new PartnerError('Delhivery', 'http', 'Delhivery answered no price', res.status);
      return { ok: true, ratePaise: paise };
    },
    async book(_db, s) {
      const pickup = (s.warehouseId && conn.settings.pickupLocations[s.warehouseId]) || conn.settings.defaultPickupLocation || '';
      const data = JSON.stringify({ shipments: [shipmentOf(s)], pickup_location: { name: pickup } });
      const res = await http.request({
        method: 'POST', url: `${conn.baseUrl}/api/cmu/create.json`, name: 'cmu.create',
        headers: { ...auth, 'content-type': 'application/x-www-form-urlencoded' }, body: `format=json&data=${encodeURIComponent(data)}`,
      });
      const body = parse(res.text()) as { success?: boolean; rmk?: string; packages?: Package[] } | null;
      const p = body?.packages?.[0];
      if (res.status === 200 && body?.success && p?.waybill && p.status === 'Success') return { ok: true, awb: p.waybill };
      const remarks = Array.isArray(p?.remarks) ? p.remarks.join('; ') : p?.remarks;
      return { ok: false, reason: (remarks || body?.rmk || `Delhivery answered ${res.status}`).slice(0, 300) };
    },
    async findBooking(_db, s) {
      const res = await get(`/api/v1/packages/json/?${new URLSearchParams({ ref_ids: s.orderId })}`, 'packages.track');
      if (res.status !== 200) throw new PartnerError('Delhivery', 'http', `Delhivery answered ${res.status} to the order search`, res.status);
      const body = parse(res.text()) as { ShipmentData?: { Shipment?: { AWB?: string; ReferenceNo?: string; Status?: { Status?: string } } }[] } | null;
      const mine = (body?.ShipmentData ?? []).map((d) => d.Shipment).find((x) => x?.ReferenceNo === s.orderId && x.AWB && x.Status?.Status !== 'Cancelled');
      return mine?.AWB ? { awb: mine.AWB } : null;
    },
    async cancel(_db, awb) {
      const res = await postJson('/api/p/edit', 'p.edit.cancel', { waybill: awb, cancellation: 'true' });
      const body = parse(res.text()) as { status?: boolean; remark?: string } | null;
      return res.status === 200 && body?.status ? { ok: true, reason: null } : { ok: false, reason: (body?.remark ?? `Delhivery answered ${res.status}`).slice(0, 300) };
    },
    async requestPickup(_db, p) {
      const res = await postJson('/fm/request/new/', 'fm.request.new', { pickup_time: p.time, pickup_date: p.date, pickup_location: p.location, expected_package_count: p.awbs.length });
      if (res.status >= 500) throw new PartnerError('Delhivery', 'http', `Delhivery answered ${res.status}`, res.status);
      const body = parse(res.text()) as { pickup_id?: number | string; pickup_date?: string; error?: { message?: string } | string; message?: string } | null;
      if (res.status < 300 && body?.pickup_id) return { ok: true, message: `Delhivery will collect ${p.awbs.length} parcel(s) on ${body.pickup_date ?? p.date} (pickup id ${String(body.pickup_id).slice(0, 40)})` };
      const err = typeof body?.error === 'string' ? body.error : body?.error?.message;
      return { ok: false, message: `Delhivery refused the pickup: ${(err || body?.message || `it answered ${res.status}`).slice(0, 300)}` };
    },
    async ndrAction(_db, awb, ndr) {
      // Delhivery's NDR API takes RE-ATTEMPT, DEFER_DLV and EDIT_DETAILS; a return to origin is not among them.
      if (ndr.kind === 'rto') return { ok: false, message: 'Delhivery takes no return-to-origin request through its API: ask its support desk' };
      const item = ndr.kind === 'reattempt'
        ? { waybill: awb, act: 'RE-ATTEMPT' }
        : { waybill: awb, act: 'EDIT_DETAILS', action_data: { ...(ndr.address ? { add: ndr.address } : {}), ...(ndr.phone ? { phone: ndr.phone } : {}) } };
      const res = await postJson('/api/p/update', 'p.update.ndr', { data: [item] });
      const body = parse(res.text()) as { request_id?: string; error?: string; message?: string } | null;
      if (res.status >= 500) throw new PartnerError('Delhivery', 'http', `Delhivery answered ${res.status}`, res.status);
      if (res.status === 200 && body?.request_id) return { ok: true, message: `request id ${String(body.request_id).slice(0, 80)}` };
      return { ok: false, message: (body?.error || body?.message || `Delhivery answered ${res.status}`).slice(0, 300) };
    },
    async track(_db, awb) {
      const res = await get(`/api/v1/packages/json/?${new URLSearchParams({ waybill: awb })}`, 'packages.track');
      if (res.status !== 200) throw new PartnerError('Delhivery', 'http', `Delhivery answered ${res.status} to tracking`, res.status);
      const body = parse(res.text());
      return { scans: delhiveryTrackScans(body), billed: delhiveryTrackWeights(body) };
    },
    labelData: (awb) => fallback.labelData(awb),
    async labelPdf(_db, awb) {
      const res = await get(`/api/p/packing_slip?${new URLSearchParams({ wbns: awb, pdf: 'true' })}`, 'packing_slip');
      const url = (parse(res.text()) as { packages?: { pdf_download_link?: string }[] } | null)?.packages?.[0]?.pdf_download_link;
      if (res.status !== 200 || !url) return null;
      const pdf = await http.request({ method: 'GET', url, name: 'label.pdf' });
      return pdf.status === 200 ? pdf.bytes : null;
    },
  };
}

export const DELHIVERY_KIND = defineKind<Settings, Secrets>({
  kind: 'delhivery',
  title: 'Delhivery',
  settings: delhiverySettings as z.ZodType<Settings>,
  secrets: delhiverySecrets,
  defaultBaseUrl: () => DELHIVERY_PRODUCTION,
  async test(conn, { log }) {
    const res = await createHttpClient({ partner: 'Delhivery', log, retries: 0 }).request({
      method: 'GET', url: `${conn.baseUrl}/c/api/pin-codes/json/?filter_codes=110001`, headers: { authorization: `Token ${conn.secrets.token}` }, timeoutMs: 10_000,
    });
    return res.status === 200 ? { ok: true, message: 'Delhivery accepted the API token' } : { ok: false, message: `Delhivery answered ${res.status}` };
  },
});
