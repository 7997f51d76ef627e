/**
 * A local server that answers as NIC's e-way bill system API v1.03 does (docs/integrations/gst.md, "E-way
 * bill system"), for tests: its own RSA key pair (the client encrypts its Base64 credentials JSON with the
 * public key), a sek per session under the app_key, `{action, data}` under the sek, and its refusals as
 * `{status: "0", error: Base64({errorCodes})}`: 604 a second e-way bill for the same document, 212 a
 * consignee GSTIN it does not know, 238 an unknown token, 312 cancelled already, 315 cancel after 24 hours,
 * 311 Part B after the validity; and the portal down (503) or silent. Its own distances between PIN codes
 * and its own validity count (one day per 200 km, ending 11:59 PM India time) stand apart from the code
 * under test.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type Server, type ServerResponse } from 'node:http';
import { aesDecrypt, aesEncrypt } from './crypto';
import { listenOnLoopback, pkcs1Decrypt, read, sendJson } from './irp-test-server';

export type FakeEwbCredentials = { clientId: string; clientSecret: string; username: string; password: string };
export type FakeEwayBill = {
  ewbNo: number; gstin: string; docNo: string; at: number; distance: number; validUpto: number | null;
  vehicleNo: string; transDocNo: string; transMode: string; cancelled?: boolean; cancelReason?: number; partBUpdates: number;
};

export type FakeEwb = {
  url: string;
  publicKeyPem: string;
  credentials: FakeEwbCredentials;
  /** Every call: the action (or 'auth') and its decrypted payload (auth: the user name only). */
  calls: { action: string; payload: unknown }[];
  bills: Map<string, FakeEwayBill>;
  consolidated: Map<string, number[]>;
  /** Road distances it knows, "fromPin-toPin" in km. */
  distances: Map<string, number>;
  invalidGstins: Set<string>;
  /** The next calls: 'down' answers 503, 'silent' never answers. */
  failures: ('down' | 'silent')[];
  /** Its clock (a test moves it forward to pass the 24 hours). */
  clock: { offsetMs: number };
  expireTokens(): void;
  close(): Promise<void>;
};

const IST = 330 * 60_000;
const p2 = (n: number) => String(n).padStart(2, '0');
/** "dd/MM/yyyy hh:mm:ss AM", India time, as its answers write dates. */
function portalDate(ms: number): string {
  const d = new Date(ms + IST);
  const h = d.getUTCHours();
  return `${p2(d.getUTCDate())}/${p2(d.getUTCMonth() + 1)}/${d.getUTCFullYear()} ${p2(h % 12 || 12)}:${p2(d.getUTCMinutes())}:${p2(d.getUTCSeconds())} ${h < 12 ? 'AM' : 'PM'}`;
}
/** 11:59 PM India time of the day `days` after the generation day. */
function validity(fromMs: number, km: number): number {
  const days = Math.max(1, Math.ceil(km / 200));
  const d = new Date(fromMs + IST);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + days, 23, 59, 0) - IST;
}

export async function startFakeEwb(credentials: FakeEwbCredentials = { clientId: 'EWBCLIENT01', clientSecret: 'ewb-secret-01', username: 'EWB_ACME', password: 'ewb p@ss 1' }): Promise<FakeEwb> {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const sessions = new Map<string, Buffer>();
  const calls: FakeEwb['calls'] = [];
  const bills = new Map<string, FakeEwayBill>();
  const consolidated = new Map<string, number[]>();
  const distances = new Map<string, number>();
  const invalidGstins = new Set<string>();
  const failures: FakeEwb['failures'] = [];
  const clock = { offsetMs: 0 };
  const hanging: ServerResponse[] = [];
  let serial = 0;
  const now = () => Date.now() + clock.offsetMs;

  const send = sendJson;
  const refuse = (res: ServerResponse, codes: string) => send(res, 200, { status: '0', error: Buffer.from(JSON.stringify({ errorCodes: `${codes},` })).toString('base64') });

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const text = await read(req);
    const failure = failures.shift();
    if (failure === 'silent') {
      hanging.push(res);
      return;
    }
    if (failure === 'down') return send(res, 503, { message: 'Service Unavailable' });
    const h = req.headers;
    if (h['client-id'] !== credentials.clientId || h['client-secret'] !== credentials.clientSecret) return refuse(res, '110');
    const gstin = String(h['gstin'] ?? '');

    if (url.pathname === '/ewaybillapi/v1.03/auth' && req.method === 'POST') {
      let creds: { action: string; username: string; password: string; app_key: string };
      try {
        const base64 = pkcs1Decrypt(privateKey, (JSON.parse(text) as { Data: string }).Data).toString('utf8');
        creds = JSON.parse(Buffer.from(base64, 'base64').toString('utf8'));
      } catch {
        return refuse(res, '109');
      }
      calls.push({ action: 'auth', payload: { username: creds.username } });
      const appKey = Buffer.from(creds.app_key ?? '', 'base64');
      if (creds.action !== 'ACCESSTOKEN' || creds.username !== credentials.username || creds.password !== credentials.password || appKey.length !== 32) return refuse(res, '108');
      const token = randomBytes(16).toString('hex');
      const sek = randomBytes(32);
      sessions.set(token, sek);
      return send(res, 200, { status: '1', authtoken: token, sek: aesEncrypt(appKey, sek) });
    }
    if (url.pathname !== '/ewaybillapi/v1.03/ewayapi' || req.method !== 'POST') return send(res, 404, { message: 'Not found' });
    const sek = sessions.get(String(h['authtoken'] ?? ''));
    if (!sek) return refuse(res, '238');
    const body = JSON.parse(text) as { action: string; data: string };
    let payload: Record<string, unknown>;
    try {
      payload = JSON.parse(aesDecrypt(sek, body.data).toString('utf8'));
    } catch {
      return refuse(res, '109');
    }
    calls.push({ action: body.action, payload });
    const answer = (data: unknown) => send(res, 200, { status: '1', data: aesEncrypt(sek, Buffer.from(JSON.stringify(data))) });

    if (body.action === 'GENEWAYBILL') {
      const p = payload as { docNo: string; fromGstin: string; toGstin: string; fromPincode: number; toPincode: number; transDistance: string; vehicleNo: string; transDocNo: string; transMode: string };
      if (p.fromGstin !== gstin) return refuse(res, '359');
      if (invalidGstins.has(p.toGstin)) return refuse(res, '212');
      if ([...bills.values()].some((b) => b.gstin === gstin && b.docNo === p.docNo.toUpperCase() && !b.cancelled)) return refuse(res, '604');
      const known = distances.get(`${p.fromPincode}-${p.toPincode}`) ?? distances.get(`${p.toPincode}-${p.fromPincode}`);
      let distance = Number(p.transDistance);
      let alert = '';
      if (p.fromPincode === p.toPincode) {
        if (!distance || distance > 100) return refuse(res, '221');
      } else if (distance === 0) {
        if (known === undefined) return refuse(res, '221');
        distance = known;
        alert = `Distance between these two pincodes is ${known}, `;
      } else if (known !== undefined && distance > known * 1.1) return refuse(res, '221');
      const at = now();
      const ewbNo = 321000000000 + ++serial;
      const partB = !!(p.vehicleNo || p.transDocNo);
      const validUpto = partB ? validity(at, distance) : null;
      bills.set(String(ewbNo), { ewbNo, gstin, docNo: p.docNo.toUpperCase(), at, distance, validUpto, vehicleNo: p.vehicleNo, transDocNo: p.transDocNo, transMode: p.transMode, partBUpdates: 0 });
      return answer({ ewayBillNo: ewbNo, ewayBillDate: portalDate(at), validUpto: validUpto === null ? '' : portalDate(validUpto), alert });
    }
    if (body.action === 'VEHEWB') {
      const p = payload as { ewbNo: number; vehicleNo: string; transDocNo: string; transMode: string; reasonCode: string; reasonRem: string; fromPlace: string; fromState: number };
      const bill = bills.get(String(p.ewbNo));
      if (!bill || bill.cancelled || bill.gstin !== gstin) return refuse(res, '312');
      if (!['1', '2', '3', '4'].includes(String(p.reasonCode)) || !p.reasonRem) return refuse(res, '307');
      if (!p.fromPlace || !p.fromState) return refuse(res, '305');
      if (p.transMode === '1' && !/^[A-Z0-9]{7,15}$/.test(p.vehicleNo)) return refuse(res, '304');
      if (bill.validUpto !== null && now() > bill.validUpto) return refuse(res, '311');
      const at = now();
      if (bill.validUpto === null) bill.validUpto = validity(at, bill.distance);
      Object.assign(bill, { vehicleNo: p.vehicleNo, transDocNo: p.transDocNo, transMode: p.transMode, partBUpdates: bill.partBUpdates + 1 });
      return answer({ vehUpdDate: portalDate(at), validUpto: portalDate(bill.validUpto) });
    }
    if (body.action === 'CANEWB') {
      const p = payload as { ewbNo: number; cancelRsnCode: number; cancelRmrk: string };
      const bill = bills.get(String(p.ewbNo));
      if (!bill || bill.cancelled || bill.gstin !== gstin) return refuse(res, '312');
      if (![1, 2, 3, 4].includes(p.cancelRsnCode)) return refuse(res, '307');
      if (now() - bill.at >= 24 * 3600_000) return refuse(res, '315');
      bill.cancelled = true;
      bill.cancelReason = p.cancelRsnCode;
      return answer({ ewayBillNo: p.ewbNo, cancelDate: portalDate(now()) });
    }
    if (body.action === 'GENCEWB') {
      const p = payload as { tripSheetEwbBills: { ewbNo: number }[]; vehicleNo: string; transMode: string; fromState: number; fromPlace: string };
      if (p.transMode === '1' && !/^[A-Z0-9]{7,15}$/.test(p.vehicleNo)) return refuse(res, '304');
      const list = p.tripSheetEwbBills.map((b) => bills.get(String(b.ewbNo)));
      if (!list.length || list.some((b) => !b || b.cancelled || b.gstin !== gstin)) return refuse(res, '322');
      const no = 3810000000 + ++serial;
      consolidated.set(String(no), list.map((b) => b!.ewbNo));
      return answer({ cEwbNo: String(no), cEwbDate: portalDate(now()) });
    }
    return refuse(res, '239');
  });
  const listening = await listenOnLoopback(server, hanging);
  return {
    url: listening.url, publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(), credentials, calls, bills, consolidated,
    distances, invalidGstins, failures, clock,
    expireTokens: () => sessions.clear(),
    close: listening.close,
  };
}

