/**
 * What the IRP answers for a registered document, built the way NIC describes
 * it (docs/integrations/gst.md, "Signed QR code"): the IRN, an Ack No and date,
 * the signed invoice and the signed QR code as RS256 JWS. The built-in demo
 * sandbox answers with it, signed by its demo key.
 */
import type { KeyLike } from 'node:crypto';
import { irnOf, type Inv01 } from '../../../domain/einvoice/inv01';
import type { IrnAnswer } from './irp';
import { signJws } from './crypto';

/** "yyyy-MM-dd HH:mm:ss" in India time. */
export function irpDateTime(ms: number): string {
  return new Date(ms + 330 * 60_000).toISOString().slice(0, 19).replace('T', ' ');
}

/** "dd/MM/yyyy hh:mm:ss AM" in India time, as the e-way bill system writes its dates (cancelDate). */
export function ewbDateTime(ms: number): string {
  const d = new Date(ms + 330 * 60_000);
  const p = (n: number) => String(n).padStart(2, '0');
  const h = d.getUTCHours();
  return `${p(d.getUTCDate())}/${p(d.getUTCMonth() + 1)}/${d.getUTCFullYear()} ${p(h % 12 || 12)}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())} ${h < 12 ? 'AM' : 'PM'}`;
}

export type Signer = { key: KeyLike; kid: string; issuer: string };

type Parties = { SellerDtls: { Gstin: string }; BuyerDtls: { Gstin: string }; ItemList: { HsnCd: string; AssAmt: number }[]; ValDtls: { TotInvVal: number } };

export function signedAnswer(doc: Inv01, signer: Signer, ackNo: number, atMs: number, extra: Record<string, unknown> = {}): IrnAnswer {
  const d = doc as Inv01 & Parties;
  const irn = irnOf(doc);
  const ackDt = irpDateTime(atMs);
  const main = [...d.ItemList].sort((a, b) => b.AssAmt - a.AssAmt)[0];
  const qr = {
    SellerGstin: d.SellerDtls.Gstin, BuyerGstin: d.BuyerDtls.Gstin, DocNo: doc.DocDtls.No, DocTyp: doc.DocDtls.Typ, DocDt: doc.DocDtls.Dt,
    TotInvVal: d.ValDtls.TotInvVal, ItemCnt: d.ItemList.length, MainHsnCode: main?.HsnCd ?? '', Irn: irn, IrnDt: ackDt, ...extra,
  };
  const signedInvoice = { AckNo: ackNo, AckDt: ackDt, Irn: irn, ...doc, ...extra };
  return {
    AckNo: ackNo, AckDt: ackDt, Irn: irn, Status: 'ACT',
    SignedInvoice: signJws(signer.key, { data: JSON.stringify(signedInvoice), iss: signer.issuer }, signer.kid),
    SignedQRCode: signJws(signer.key, { data: JSON.stringify(qr), iss: signer.issuer }, signer.kid),
  };
}
