/**
 * The NIC IRP e-invoice API v1.03 (docs/integrations/gst.md): authentication
 * (AppKey and password encrypted with the IRP's public key, the Sek decrypted
 * with the AppKey, the token kept until 10 minutes before it expires), then
 * Generate IRN, Get IRN by document, Cancel IRN and e-way bill by IRN, each
 * payload and answer encrypted with the Sek. Calls go through the one outbound
 * HTTP client; a POST is never retried here (the IRP may have applied it): the
 * durable task tries again later and a duplicate (2150) is reconciled there.
 */
import type { Logger } from 'pino';
import type { Inv01 } from '../../../domain/einvoice/inv01';
import { createHttpClient, PartnerError, type HttpClient } from '../http';
import type { OpenConnection } from '../connections';
import { aesDecrypt, aesEncrypt, newAppKey, rsaEncrypt } from './crypto';
import { ewbAction, type EwbCancelAnswer } from './ewb';
import { IrpRefusal, type IrpErrorDetail } from './irp-refusal';

export type IrpSettings = { gstin: string; clientId: string; username: string; publicKeyPem: string; mode?: 'demo' | 'irp' };
export type IrpSecrets = { clientSecret: string; password: string };
export type IrpConn = OpenConnection<IrpSettings, IrpSecrets>;

/** What Generate IRN and Get IRN by document answer. */
export type IrnAnswer = {
  AckNo: number | string; AckDt: string; Irn: string; SignedInvoice: string; SignedQRCode: string; Status?: string;
  EwbNo?: number | string | null; EwbDt?: string | null; EwbValidTill?: string | null;
};
export type EwbRequest = {
  Irn: string; Distance: number; TransMode?: '1' | '2' | '3' | '4'; TransId?: string; TransName?: string;
  TransDocNo?: string; TransDocDt?: string; VehNo?: string; VehType?: 'R' | 'O';
};
export type EwbAnswer = { EwbNo: number | string; EwbDt: string; EwbValidTill: string; Remarks?: string | null };

export interface Irp {
  readonly demo: boolean;
  generate(doc: Inv01): Promise<IrnAnswer>;
  /** The IRN of a document registered before (the IRP refuses when it has none; the demo answers null). */
  byDocument(docType: string, docNo: string, docDate: string): Promise<IrnAnswer | null>;
  cancel(irn: string, reason: string, remark: string): Promise<{ Irn: string; CancelDate: string }>;
  ewayBillByIrn(req: EwbRequest): Promise<EwbAnswer>;
  /** Cancel E-way Bill (CANEWB) within 24 hours, through the e-invoice system's e-way bill API with the same session. */
  cancelEwayBill(ewbNo: string, reason: string, remark: string): Promise<EwbCancelAnswer>;
}

export type { EwbCancelAnswer } from './ewb';

export { IrpRefusal, type IrpErrorDetail } from './irp-refusal';

export const DUPLICATE_IRN = '2150';
export const INVALID_TOKEN = '1005';

type Envelope = { Status?: number | string; status?: number | string; Data?: unknown; ErrorDetails?: unknown; InfoDtls?: unknown };

function errorsOf(env: Envelope): IrpErrorDetail[] {
  let raw = env.ErrorDetails;
  if (typeof raw === 'string') {
    try {
      raw = JSON.parse(Buffer.from(raw, 'base64').toString('utf8'));
    } catch {
      raw = [{ ErrorCode: '', ErrorMessage: raw }];
    }
  }
  const list = Array.isArray(raw) ? raw : [];
  const out = list.map((e: { ErrorCode?: unknown; ErrorMessage?: unknown }) => ({ code: String(e.ErrorCode ?? '').slice(0, 20), message: String(e.ErrorMessage ?? '').slice(0, 300) }));
  return out.length ? out : [{ code: '', message: 'The IRP refused the request without a reason' }];
}

const ok = (env: Envelope) => String(env.Status ?? env.status) === '1';

type Session = { token: string; sek: Buffer; expiresAt: number };
/** Sessions per connection, in memory only (never stored, never logged). */
const sessions = new Map<string, Session>();
const REFRESH_BEFORE_MS = 10 * 60_000;

/** "yyyy-MM-dd HH:mm:ss" in India time as epoch ms; a missing or odd value counts as 6 hours from now. */
function expiryMs(text: unknown, now: number): number {
  const m = typeof text === 'string' ? /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})/.exec(text) : null;
  if (!m) return now + 6 * 3600_000;
  return Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]) - 330 * 60_000;
}

export type IrpOptions = { log?: Pick<Logger, 'info' | 'warn'>; timeoutMs?: number; now?: () => number; http?: HttpClient };

/** The IRP at the connection's base URL. */
export function httpIrp(conn: IrpConn, opts: IrpOptions = {}): Irp {
  const http = opts.http ?? createHttpClient({ partner: 'irp', log: opts.log, timeoutMs: opts.timeoutMs ?? 30_000, retries: 2 });
  const now = opts.now ?? Date.now;
  const base = conn.baseUrl.replace(/\/+$/, '');
  const sessionKey = `${conn.id}|${base}|${conn.settings.username}`;
  const common = { 'content-type': 'application/json', accept: 'application/json', client_id: conn.settings.clientId, client_secret: conn.secrets.clientSecret, Gstin: conn.settings.gstin };

  async function authenticate(): Promise<Session> {
    const appKey = newAppKey();
    const body = {
      UserName: conn.settings.username,
      Password: rsaEncrypt(conn.settings.publicKeyPem, Buffer.from(conn.secrets.password, 'utf8')),
      AppKey: rsaEncrypt(conn.settings.publicKeyPem, appKey),
      ForceRefreshAccessToken: false,
    };
    const res = await http.request({ method: 'POST', url: `${base}/eivital/v1.03/auth`, headers: common, body: JSON.stringify(body), idempotent: true, name: 'auth', maxBytes: 100_000 });
    const env = parse(res.text(), res.status);
    if (!ok(env)) throw new IrpRefusal(errorsOf(env));
    const data = env.Data as { AuthToken?: string; Sek?: string; TokenExpiry?: string } | undefined;
    if (!data?.AuthToken || !data.Sek) throw new PartnerError('irp', 'http', 'The IRP answered the authentication without a token', res.status);
    const session = { token: data.AuthToken, sek: aesDecrypt(appKey, data.Sek), expiresAt: expiryMs(data.TokenExpiry, now()) };
    sessions.set(sessionKey, session);
    return session;
  }

  async function session(): Promise<Session> {
    const s = sessions.get(sessionKey);
    if (s && s.expiresAt - REFRESH_BEFORE_MS > now()) return s;
    return authenticate();
  }

  function parse(text: string, status: number): Envelope {
    try {
      const env = JSON.parse(text) as Envelope;
      if (env && typeof env === 'object') return env;
    } catch {
      /* below */
    }
    throw new PartnerError('irp', 'http', `The IRP answered ${status} with a body that is not JSON`, status, text.slice(0, 500));
  }

  /** One call with the session; an expired token (1005) authenticates again once. */
  async function call<T>(method: 'GET' | 'POST', path: string, payload: unknown, name: string, again = true): Promise<T> {
    const s = await session();
    const res = await http.request({
      method, url: `${base}${path}`, name, maxBytes: 2_000_000,
      headers: { ...common, user_name: conn.settings.username, AuthToken: s.token },
      body: payload === undefined ? undefined : JSON.stringify({ Data: aesEncrypt(s.sek, Buffer.from(JSON.stringify(payload), 'utf8')) }),
    });
    const env = parse(res.text(), res.status);
    if (!ok(env)) {
      const refusal = new IrpRefusal(errorsOf(env));
      if (again && refusal.has(INVALID_TOKEN)) {
        sessions.delete(sessionKey);
        return call(method, path, payload, name, false);
      }
      throw refusal;
    }
    if (typeof env.Data !== 'string') throw new PartnerError('irp', 'http', 'The IRP answered without data', res.status);
    return JSON.parse(aesDecrypt(s.sek, env.Data).toString('utf8')) as T;
  }

  /** The e-way bill API of the e-invoice system (its sandbox): the e-way bill system's envelope under the IRP session. */
  async function ewbCall<T>(action: string, payload: unknown, name: string): Promise<T> {
    const s = await session();
    const headers = { 'client-id': conn.settings.clientId, 'client-secret': conn.secrets.clientSecret, gstin: conn.settings.gstin, authtoken: s.token };
    return ewbAction<T>(http, `${base}/ewaybillapi/v1.03/ewayapi`, headers, s.sek, action, payload, name);
  }

  return {
    demo: false,
    generate: (doc) => call<IrnAnswer>('POST', '/eicore/v1.03/Invoice', doc, 'invoice.generate'),
    async byDocument(docType, docNo, docDate) {
      const q = new URLSearchParams({ doctype: docType, docnum: docNo, docdate: docDate });
      return call<IrnAnswer>('GET', `/eicore/v1.03/Invoice/irnbydocdetails?${q}`, undefined, 'invoice.byDocument');
    },
    cancel: (irn, reason, remark) => call('POST', '/eicore/v1.03/Invoice/Cancel', { Irn: irn, CnlRsn: reason, CnlRem: remark }, 'invoice.cancel'),
    ewayBillByIrn: (req) => call<EwbAnswer>('POST', '/eiewb/v1.03/ewaybill', req, 'ewaybill.generate'),
    cancelEwayBill: (ewbNo, reason, remark) =>
      ewbCall<EwbCancelAnswer>('CANEWB', { ewbNo: Number(ewbNo), cancelRsnCode: Number(reason), cancelRmrk: remark }, 'ewaybill.cancel'),
  };
}

/** Forgets every cached session (tests). */
export const forgetIrpSessions = () => sessions.clear();
