/**
 * A local server that answers as NIC's IRP e-invoice API v1.03 does
 * (docs/integrations/gst.md), for tests: its own RSA key pair (the client
 * encrypts the AppKey and password with its public key), a Sek per session,
 * payloads and answers under AES-256-ECB with the Sek, signed answers (RS256),
 * and its errors: 2150 for a document registered before, a refused buyer
 * GSTIN or HSN, 1005 for an unknown token, the portal down (503) or silent.
 */
import { constants, createHash, generateKeyPairSync, privateDecrypt, randomBytes, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { financialYear, type Inv01 } from '../../../domain/einvoice/inv01';
import { ewbValidityDays } from '../../../domain/einvoice/rules';
import { aesDecrypt, aesEncrypt } from './crypto';
import { irpDateTime, signedAnswer } from './answer';
import type { IrnAnswer } from './irp';

export type FakeIrpCredentials = { clientId: string; clientSecret: string; username: string; password: string };

export type FakeIrp = {
  url: string;
  publicKeyPem: string;
  publicKey: KeyObject;
  credentials: FakeIrpCredentials;
  /** Every request: method, path and the decrypted payload. */
  calls: { method: string; path: string; payload: unknown }[];
  registered: Map<string, IrnAnswer & { cancelled?: boolean }>;
  /** Buyer GSTINs the IRP refuses, HSN codes it does not know. */
  invalidGstins: Set<string>;
  unknownHsn: Set<string>;
  /** The next calls: 'down' answers 503, 'silent' never answers, 'lost' registers and then answers 502. */
  failures: ('down' | 'silent' | 'lost')[];
  /** Tokens it forgets (the next call with them gets 1005). */
  expireTokens(): void;
  close(): Promise<void>;
};

/** RSA PKCS#1 v1.5 decryption done by hand: Node 20 refuses that padding for private decryption (CVE-2023-46809). */
function pkcs1Decrypt(key: KeyObject, base64: string): Buffer {
  const em = privateDecrypt({ key, padding: constants.RSA_NO_PADDING }, Buffer.from(base64, 'base64'));
  if (em[0] !== 0 || em[1] !== 2) throw new Error('bad padding');
  const sep = em.indexOf(0, 2);
  if (sep < 10) throw new Error('bad padding');
  return em.subarray(sep + 1);
}

const read = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
  });

export async function startFakeIrp(credentials: FakeIrpCredentials = { clientId: 'AAACLIENT01', clientSecret: 'client-secret-01', username: 'API_ACME', password: 'p@ss word 1' }): Promise<FakeIrp> {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const sessions = new Map<string, Buffer>();
  const registered = new Map<string, IrnAnswer & { cancelled?: boolean }>();
  const calls: FakeIrp['calls'] = [];
  const invalidGstins = new Set<string>();
  const unknownHsn = new Set<string>();
  const failures: FakeIrp['failures'] = [];
  const hanging: ServerResponse[] = [];
  let ack = 112610000000000;
  const signer = { key: privateKey, kid: 'FAKE-IRP', issuer: 'NIC' };

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const refuse = (res: ServerResponse, code: string, message: string) => send(res, 200, { Status: 0, ErrorDetails: [{ ErrorCode: code, ErrorMessage: message }], Data: null });

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
    if (h['client_id'] !== credentials.clientId || h['client_secret'] !== credentials.clientSecret) return refuse(res, '1006', 'Invalid client id or client secret');

    if (url.pathname === '/eivital/v1.03/auth' && req.method === 'POST') {
      const body = JSON.parse(text) as { UserName: string; Password: string; AppKey: string };
      calls.push({ method: 'POST', path: url.pathname, payload: { UserName: body.UserName } });
      let appKey: Buffer;
      let password: string;
      try {
        appKey = pkcs1Decrypt(privateKey, body.AppKey);
        password = pkcs1Decrypt(privateKey, body.Password).toString('utf8');
      } catch {
        return refuse(res, '1007', 'Could not decrypt the request');
      }
      if (body.UserName !== credentials.username || password !== credentials.password || appKey.length !== 32) return refuse(res, '1005', 'Invalid username or password');
      const token = randomBytes(16).toString('hex');
      const sek = randomBytes(32);
      sessions.set(token, sek);
      return send(res, 200, {
        Status: 1,
        Data: { ClientId: credentials.clientId, UserName: body.UserName, AuthToken: token, Sek: aesEncrypt(appKey, sek), TokenExpiry: irpDateTime(Date.now() + 6 * 3600_000) },
      });
    }

    const sek = sessions.get(String(h['authtoken'] ?? ''));
    if (!sek || h['user_name'] !== credentials.username) return refuse(res, '1005', 'Invalid Token');
    const gstin = String(h['gstin'] ?? '');
    const payload = text ? JSON.parse(aesDecrypt(sek, (JSON.parse(text) as { Data: string }).Data).toString('utf8')) : null;
    calls.push({ method: req.method ?? '', path: url.pathname, payload });
    const answer = (data: unknown) => send(res, 200, { Status: 1, Data: aesEncrypt(sek, Buffer.from(JSON.stringify(data))), InfoDtls: null });
    const keyOf = (typ: string, no: string, dt: string) => `${gstin}|${typ}|${no.toUpperCase()}|${financialYear(dt)}`;

    if (url.pathname === '/eicore/v1.03/Invoice' && req.method === 'POST') {
      const doc = payload as Inv01 & { SellerDtls: { Gstin: string }; BuyerDtls: { Gstin: string }; ItemList: { HsnCd: string }[] };
      if (doc.SellerDtls.Gstin !== gstin) return refuse(res, '2163', 'The supplier GSTIN is not the GSTIN of the token');
      if (invalidGstins.has(doc.BuyerDtls.Gstin)) return refuse(res, '3028', `GSTIN - ${doc.BuyerDtls.Gstin} is invalid`);
      const badHsn = doc.ItemList.find((i) => unknownHsn.has(i.HsnCd));
      if (badHsn) return refuse(res, '2265', `HSN code(s)-${badHsn.HsnCd} is invalid`);
      const key = keyOf(doc.DocDtls.Typ, doc.DocDtls.No, doc.DocDtls.Dt);
      if (registered.has(key)) return send(res, 200, { Status: 0, ErrorDetails: [{ ErrorCode: '2150', ErrorMessage: 'Duplicate IRN' }], InfoDtls: [{ InfCd: 'DUPIRN', Desc: { AckNo: registered.get(key)!.AckNo, Irn: registered.get(key)!.Irn } }] });
      const a = signedAnswer(doc, signer, ++ack, Date.now());
      registered.set(key, a);
      if (failure === 'lost') return send(res, 502, { message: 'Bad Gateway' });
      return answer(a);
    }
    if (url.pathname === '/eicore/v1.03/Invoice/irnbydocdetails' && req.method === 'GET') {
      const a = registered.get(keyOf(url.searchParams.get('doctype') ?? '', url.searchParams.get('docnum') ?? '', url.searchParams.get('docdate') ?? ''));
      return a ? answer(a) : refuse(res, '2148', 'Requested IRN data is not available');
    }
    if (url.pathname === '/eicore/v1.03/Invoice/Cancel' && req.method === 'POST') {
      const { Irn, CnlRsn } = payload as { Irn: string; CnlRsn: string };
      const a = [...registered.values()].find((r) => r.Irn === Irn);
      if (!a) return refuse(res, '2154', 'IRN details are not found');
      if (!['1', '2', '3', '4'].includes(CnlRsn)) return refuse(res, '2182', 'Invalid cancel reason');
      if (a.cancelled) return refuse(res, '9999', 'Invoice is already cancelled');
      a.cancelled = true;
      return answer({ Irn, CancelDate: irpDateTime(Date.now()) });
    }
    if (url.pathname === '/eiewb/v1.03/ewaybill' && req.method === 'POST') {
      const r = payload as { Irn: string; Distance: number };
      const a = [...registered.values()].find((x) => x.Irn === r.Irn);
      if (!a || a.cancelled) return refuse(res, '2302', 'Status of IRN is not active');
      const at = Date.now();
      return answer({ EwbNo: 351000000000 + (ack % 1000000), EwbDt: irpDateTime(at), EwbValidTill: irpDateTime(at + ewbValidityDays(r.Distance) * 86400_000) });
    }
    send(res, 404, { message: 'Not found' });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`, publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(), publicKey, credentials, calls, registered,
    invalidGstins, unknownHsn, failures,
    expireTokens: () => sessions.clear(),
    close: () =>
      new Promise<void>((r) => {
        for (const h of hanging) h.destroy();
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/** The IRN as NIC documents it, computed apart from the code under test. */
export const documentedIrn = (gstin: string, fy: string, typ: string, no: string) => createHash('sha256').update(`${gstin}${fy}${typ}${no}`).digest('hex');
