// Local servers answering as Shiprocket's and Delhivery's documented APIs do
// (docs/integrations/*.md), with the documentation's example answers as
// fixtures, and modes to answer late, fail, refuse or expire a token.
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The label PDF both local couriers hand out (text: COURIER OWN LABEL). */
export const COURIER_LABEL_PDF = readFileSync(new URL('../fixtures/couriers/courier-label.pdf', import.meta.url));
const sendPdf = (res: ServerResponse) => res.writeHead(200, { 'content-type': 'application/pdf' }).end(COURIER_LABEL_PDF);

const fixture = (name: string) => JSON.parse(readFileSync(new URL(`../fixtures/couriers/${name}.json`, import.meta.url), 'utf8')) as Record<string, unknown>;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** How a courier answers its price (rate) call: as documented, a server error, after our timeout (1.6 s), or throttled (429). */
export type RateMode = 'ok' | 'fail' | 'late' | 'throttled';

export type Mode = 'ok' | 'fail' | 'late' | 'refuse' | 'expired';

/** Shiprocket as documented: auth/login, orders/create/adhoc, courier/assign/awb, orders?search=, courier/track/awb/{awb}. */
export function shiprocketServer() {
  const st = { mode: 'ok' as Mode, creates: 0, logins: 0, tracks: 0, noLabel: false, pickupRequests: [] as number[][], serviceability: [] as Record<string, string>[], serviceabilityDown: false, serviceabilityMode: 'ok' as RateMode,
    /** Every courier/assign/awb call's body; couriers (Shiprocket ids) that no longer take a shipment (refused in Shiprocket's words). */
    assigns: [] as { shipment_id: number; courier_id?: number }[], unavailableCouriers: new Set<number>(), pickupRefused: false, ndr: [] as { awb: string; action: string; comments: string }[], orders: new Map<string, { id: number; shipmentId: number; awb: string; assigned: boolean }>(), valid: new Set<string>() };
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    let raw = '';
    for await (const c of req) raw += c;
    const send = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    const url = new URL(req.url!, 'http://x');
    if (url.pathname === '/v1/external/auth/login') {
      st.logins++;
      const token = `tok-${st.logins}`;
      st.valid.add(token);
      return send(200, { id: 1, email: 'api@seller.in', token });
    }
    const token = (req.headers.authorization ?? '').replace('Bearer ', '');
    if (st.mode === 'expired') {
      st.valid.delete(token);
      st.mode = 'ok';
    }
    if (url.pathname.startsWith('/label-files/')) return sendPdf(res);
    if (!st.valid.has(token)) return send(401, { message: 'Token has expired', status_code: 401 });
    if (url.pathname === '/v1/external/orders/create/adhoc') {
      if (st.mode === 'fail') return send(503, { message: 'Service Unavailable' });
      const body = JSON.parse(raw) as { order_id: string; billing_pincode: string };
      if (st.mode === 'refuse') return send(422, { message: 'Oops! Invalid Data.', status_code: 422, errors: { billing_pincode: ['Delivery pincode is not serviceable'] } });
      st.creates++;
      const n = 1000 + st.creates;
      st.orders.set(body.order_id, { id: n, shipmentId: n + 5000, awb: `SRAWB${n}`, assigned: false });
      if (st.mode === 'late') await new Promise((r) => setTimeout(r, 1600));
      return send(200, { ...fixture('shiprocket-create-adhoc'), order_id: n, shipment_id: n + 5000 });
    }
    if (url.pathname === '/v1/external/courier/assign/awb') {
      const asked = JSON.parse(raw) as { shipment_id: number; courier_id?: number };
      st.assigns.push(asked);
      const { shipment_id, courier_id } = asked;
      // The courier named is no longer available for the shipment: refused (awb_assign_status 0) with its reason.
      if (courier_id !== undefined && st.unavailableCouriers.has(courier_id)) {
        return send(200, { awb_assign_status: 0, response: { data: { awb_assign_error: `Selected courier (${courier_id}) is not available for this shipment. Please select another courier.` } } });
      }
      const o = [...st.orders.values()].find((x) => x.shipmentId === shipment_id)!;
      o.assigned = true;
      const f = fixture('shiprocket-assign-awb') as { response: { data: Record<string, unknown> } };
      return send(200, { ...f, response: { data: { ...f.response.data, awb_code: o.awb, shipment_id, ...(courier_id !== undefined ? { courier_company_id: courier_id } : {}) } } });
    }
    if (url.pathname === '/v1/external/courier/serviceability/') {
      const pin = url.searchParams.get('delivery_postcode');
      st.serviceability.push(Object.fromEntries(url.searchParams));
      if (st.serviceabilityDown || st.serviceabilityMode === 'fail') return send(503, { message: 'Service Unavailable' });
      if (st.serviceabilityMode === 'late') await sleep(1600);
      if (pin === '999999') return send(404, { message: 'No courier serviceable for this pincode', status: 404 });
      // As documented: every courier Shiprocket would hand the parcel to, its rate in rupees, and the one it recommends.
      return send(200, { status: 200, data: fixture('shiprocket-serviceability').data });
    }
    const ndr = /^\/v1\/external\/ndr\/([^/]+)\/action$/.exec(url.pathname);
    if (ndr) {
      st.ndr.push({ awb: decodeURIComponent(ndr[1]!), ...(JSON.parse(raw) as { action: string; comments: string }) });
      if (st.mode === 'refuse') return send(422, { message: 'NDR action can not be taken on this AWB', status_code: 422 });
      return send(202, { status: 'Data Updated Sucessfully' });
    }
    if (url.pathname === '/v1/external/courier/generate/pickup') {
      const { shipment_id } = JSON.parse(raw) as { shipment_id: number[] };
      st.pickupRequests.push(shipment_id);
      if (st.pickupRefused) return send(400, { message: 'Already in Pickup Queue.', status_code: 400 });
      return send(200, { pickup_status: 1, response: { pickup_scheduled_date: '2026-11-28 12:39:46', pickup_token_number: 'Reference No: 194_BIGFOOT 1982575_28112026', status: 3, data: 'Pickup is scheduled for Nov 28, 2026 between 10:00 AM to 07:00 PM' } });
    }
    if (url.pathname === '/v1/external/courier/generate/label') {
      const { shipment_id } = JSON.parse(raw) as { shipment_id: number[] };
      if (st.noLabel) return send(200, { label_created: 0, response: 'Label could not be generated', not_created: shipment_id });
      return send(200, { label_created: 1, label_url: `http://${req.headers.host}/label-files/${shipment_id[0]}.pdf`, response: 'Label has been created and uploaded successfully!', not_created: [] });
    }
    if (url.pathname.startsWith('/v1/external/courier/track/awb/')) {
      st.tracks++;
      const awb = decodeURIComponent(url.pathname.split('/').pop()!);
      if (st.mode === 'fail') return send(503, { message: 'Service Unavailable' });
      const f = fixture('shiprocket-track') as { tracking_data: { shipment_track: Record<string, unknown>[] } };
      const mine = [...st.orders.values()].find((o) => o.awb === awb);
      return send(200, { tracking_data: { ...f.tracking_data, shipment_track: [{ ...f.tracking_data.shipment_track[0], awb_code: awb, ...(mine ? { shipment_id: mine.shipmentId, order_id: mine.id } : {}) }] } });
    }
    if (url.pathname === '/v1/external/orders/cancel/shipment/awbs') return send(200, { message: 'Bulk Shipment cancellation is in progress. Please wait for 24 hours.' });
    if (url.pathname === '/v1/external/orders') {
      const q = url.searchParams.get('search') ?? '';
      const o = st.orders.get(q);
      // A shipment whose AWB assignment was refused (or never asked) has none yet.
      return send(200, { data: o ? [{ id: o.id, channel_order_id: q, shipments: [{ id: o.shipmentId, awb: o.assigned ? o.awb : null }] }] : [] });
    }
    send(404, { message: 'Not found' });
  });
  return { server, st };
}

/** Delhivery as documented: cmu/create.json (format=json&data=...), packages/json by ref_ids or waybill. */
export function delhiveryServer() {
  const st = { mode: 'ok' as Mode, creates: 0, tracks: 0, pinChecks: 0, unserved: new Set<string>(), noLabel: false, pickups: [] as string[], pickupRequests: [] as { pickup_time: string; pickup_date: string; pickup_location: string; expected_package_count: number }[], ndr: [] as { waybill: string; act: string; action_data?: Record<string, string> }[], byRef: new Map<string, string>(), auth: [] as string[],
    /** Every price (invoice charges) call's query; how it answers. */
    rateRequests: [] as Record<string, string>[], rateMode: 'ok' as RateMode,
    /** The tracking answer's `ChargedWeight` per AWB once its hub weighed the parcel (null, as documented, until then). */
    charged: new Map<string, unknown>() };
  const server = createServer(async (req, res) => {
    let raw = '';
    for await (const c of req) raw += c;
    st.auth.push(String(req.headers.authorization));
    const send = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    const url = new URL(req.url!, 'http://x');
    if (url.pathname === '/api/cmu/create.json') {
      if (st.mode === 'fail') return send(500, { error: 'Internal Server Error' });
      const form = new URLSearchParams(raw);
      const data = JSON.parse(form.get('data')!) as { shipments: { order: string; weight: number }[]; pickup_location: { name: string } };
      const ref = data.shipments[0]!.order;
      st.pickups.push(data.pickup_location.name);
      if (st.mode === 'refuse') return send(200, { ...fixture('delhivery-create-refused') });
      st.creates++;
      const wbn = String(1234567890000 + st.creates);
      st.byRef.set(ref, wbn);
      if (st.mode === 'late') await new Promise((r) => setTimeout(r, 1600));
      const f = fixture('delhivery-create') as { packages: Record<string, unknown>[] };
      return send(200, { ...f, packages: [{ ...f.packages[0], waybill: wbn, refnum: ref }] });
    }
    if (url.pathname === '/c/api/pin-codes/json/') {
      const pin = url.searchParams.get('filter_codes') ?? '';
      st.pinChecks++;
      if (st.mode === 'fail') return send(500, { error: 'Internal Server Error' });
      if (pin === '999999' || st.unserved.has(pin)) return send(200, { delivery_codes: [] });
      return send(200, { delivery_codes: [{ postal_code: { pin: Number(pin), pre_paid: 'Y', cod: 'Y', pickup: 'Y', district: 'Bangalore', state_code: 'KA' } }] });
    }
    if (url.pathname === '/api/kinko/v1/invoice/charges/.json') {
      st.rateRequests.push({ ...Object.fromEntries(url.searchParams), authorization: String(req.headers.authorization) });
      if (st.rateMode === 'fail') return send(500, { error: 'Internal Server Error' });
      // Over 40 calls a minute: this IP is refused for the next minute.
      if (st.rateMode === 'throttled') return res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '60' }).end(JSON.stringify({ detail: 'Request was throttled.' }));
      if (st.rateMode === 'late') await sleep(1600);
      // As documented: one charge sheet; a COD parcel carries the COD charge (₹30 and its 18% tax) in its total.
      const [sheet] = fixture('delhivery-charges') as unknown as Record<string, number>[];
      const cod = url.searchParams.get('pt') === 'COD';
      return send(200, [cod ? { ...sheet, charge_COD: 30, gross_amount: 113.02, total_amount: 133.3636 } : sheet]);
    }
    if (url.pathname === '/fm/request/new/') {
      const body = JSON.parse(raw) as { pickup_time: string; pickup_date: string; pickup_location: string; expected_package_count: number };
      st.pickupRequests.push(body);
      if (st.mode === 'refuse') return send(400, { pr_exist: false, error: { message: 'ClientWarehouse matching query does not exist.' } });
      return send(201, { pickup_location_name: body.pickup_location, client_name: 'SELLER SURFACE', pickup_time: body.pickup_time, pickup_id: 90210 + st.pickupRequests.length, incoming_center_name: 'Okhla_Hub', expected_package_count: body.expected_package_count, pickup_date: body.pickup_date });
    }
    if (url.pathname === '/api/p/update') {
      const body = JSON.parse(raw) as { data: { waybill: string; act: string; action_data?: Record<string, string> }[] };
      st.ndr.push(body.data[0]!);
      if (st.mode === 'fail') return send(500, { error: 'Internal Server Error' });
      return send(200, { request_id: `req-${st.ndr.length}` });
    }
    if (url.pathname === '/api/p/packing_slip') {
      const wbn = url.searchParams.get('wbns') ?? '';
      if (st.noLabel) return send(200, { packages: [], packages_found: 0 });
      return send(200, { packages_found: 1, packages: [{ wbn, pdf_download_link: `http://${req.headers.host}/label-files/${wbn}.pdf`, pdf_encoding: '' }] });
    }
    if (url.pathname.startsWith('/label-files/')) return sendPdf(res);
    if (url.pathname === '/api/p/edit') return send(200, { status: true, remark: 'Shipment has been cancelled', waybill: (JSON.parse(raw) as { waybill: string }).waybill });
    if (url.pathname === '/api/v1/packages/json/') {
      const waybill = url.searchParams.get('waybill');
      if (waybill) {
        st.tracks++;
        if (st.mode === 'fail') return send(500, { error: 'Internal Server Error' });
        const f = fixture('delhivery-track') as { ShipmentData: { Shipment: Record<string, unknown> }[] };
        return send(200, { ShipmentData: [{ Shipment: { ...f.ShipmentData[0]!.Shipment, AWB: waybill, ChargedWeight: st.charged.has(waybill) ? st.charged.get(waybill) : null } }] });
      }
      const ref = url.searchParams.get('ref_ids') ?? '';
      const wbn = st.byRef.get(ref);
      return send(200, { ShipmentData: wbn ? [{ Shipment: { AWB: wbn, ReferenceNo: ref, Status: { Status: 'Manifested', StatusType: 'UD' } } }] : [] });
    }
    send(404, {});
  });
  return { server, st };
}

export const listen = (s: Server) => new Promise<string>((r) => s.listen(0, '127.0.0.1', () => r(`http://127.0.0.1:${(s.address() as AddressInfo).port}`)));

