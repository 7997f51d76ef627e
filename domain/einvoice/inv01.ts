/**
 * GST e-invoicing rules (docs/integrations/gst.md): the INV-01 JSON of a B2B
 * invoice, its IRN, the financial year, the turnover bands and the HSN digits
 * each band requires. Pure: money comes in as integer paise already split by
 * the one GST core (domain/gst.ts) and leaves as rupees with two decimals.
 */
import { createHash } from 'node:crypto';
import { indiaDateParts } from '../india-time';
import type { DocType } from './rules';

export type { DocType } from './rules';

/** dd/mm/yyyy in India time, as DocDtls.Dt wants. */
export function docDate(when: string | number): string {
  const p = indiaDateParts(when);
  return `${String(p.day).padStart(2, '0')}/${String(p.month).padStart(2, '0')}/${p.year}`;
}

/** The financial year (April to March) of a dd/mm/yyyy date, as YYYY-YY ("2019-20" for 03/01/2020). */
export function financialYear(ddmmyyyy: string): string {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(ddmmyyyy);
  if (!m) throw new RangeError(`Not a dd/mm/yyyy date: ${ddmmyyyy}`);
  const month = Number(m[2]);
  const year = Number(m[3]);
  const start = month >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** The IRN: SHA-256 (hex) of supplier GSTIN + financial year + document type + document number. */
export function computeIrn(supplierGstin: string, docType: DocType, docNo: string, ddmmyyyy: string): string {
  return createHash('sha256').update(`${supplierGstin}${financialYear(ddmmyyyy)}${docType}${docNo}`, 'utf8').digest('hex');
}

/** A party of the invoice (seller, buyer, dispatch from, ship to). */
export type EinvParty = {
  gstin: string | null;
  legalName: string;
  tradeName?: string | null;
  addr1: string;
  addr2?: string | null;
  city: string;
  pincode: string;
  /** GST state code, e.g. '29'. */
  stateCode: string;
  phone?: string | null;
  email?: string | null;
};

/** One line, already split by the GST core (paise). */
export type EinvLine = {
  description: string;
  hsn: string;
  quantity: number;
  taxablePaise: number;
  /** Combined rate in percent (CGST + SGST/UTGST, or IGST), cess apart. */
  gstRate: number;
  cessRate: number;
  igstPaise: number;
  cgstPaise: number;
  /** SGST or UTGST: INV-01 has one field for both. */
  sgstPaise: number;
  cessPaise: number;
};

export type EinvInput = {
  docType: DocType;
  docNo: string;
  /** dd/mm/yyyy */
  docDate: string;
  seller: EinvParty;
  buyer: EinvParty & { placeOfSupply: string };
  dispatchFrom?: EinvParty | null;
  shipTo?: EinvParty | null;
  lines: EinvLine[];
  /** A discount on the whole invoice after tax (paise), reported as ValDtls.Discount. */
  discountPaise?: number;
};

const r2 = (paise: number) => Math.round(paise) / 100;
const r3 = (n: number) => Math.round(n * 1000) / 1000;
const text = (value: string | null | undefined, max: number) => {
  const t = (value ?? '').replace(/\s+/g, ' ').trim().slice(0, max);
  return t || undefined;
};
/** INV-01 wants names and places of at least 3 characters. */
const atLeast3 = (value: string, max: number) => (text(value, max) ?? '').padEnd(3, '.');

/** An optional field of at least 3 characters: present only when the value has them. */
function optional3(name: string, value: string | null | undefined, max: number): Record<string, string> {
  const t = text(value, max);
  return t && t.length >= 3 ? { [name]: t } : {};
}

function party(p: EinvParty) {
  return {
    Addr1: text(p.addr1, 100) ?? atLeast3(p.city, 100),
    ...optional3('Addr2', p.addr2, 100),
    Loc: atLeast3(p.city, 50),
    Pin: Number(p.pincode),
    Stcd: p.stateCode,
  };
}

const contact = (p: EinvParty) => ({
  ...(p.phone && /^[0-9]{6,12}$/.test(p.phone.replace(/\D/g, '').slice(-10)) ? { Ph: p.phone.replace(/\D/g, '').slice(-10) } : {}),
  ...(p.email && p.email.length >= 6 && p.email.length <= 100 ? { Em: p.email } : {}),
});

export type Inv01 = Record<string, unknown> & { Version: string; DocDtls: { Typ: DocType; No: string; Dt: string } };

/** The INV-01 JSON (schema version 1.1) of a B2B invoice of goods. */
export function buildInv01(input: EinvInput): Inv01 {
  const items = input.lines.map((l, i) => {
    const tax = l.igstPaise + l.cgstPaise + l.sgstPaise + l.cessPaise;
    return {
      SlNo: String(i + 1),
      PrdDesc: atLeast3(l.description, 300),
      IsServc: 'N',
      HsnCd: l.hsn.trim(),
      Qty: l.quantity,
      Unit: 'NOS',
      UnitPrice: r3(l.taxablePaise / 100 / l.quantity),
      TotAmt: r2(l.taxablePaise),
      Discount: 0,
      AssAmt: r2(l.taxablePaise),
      GstRt: l.gstRate,
      IgstAmt: r2(l.igstPaise),
      CgstAmt: r2(l.cgstPaise),
      SgstAmt: r2(l.sgstPaise),
      CesRt: l.cessRate,
      CesAmt: r2(l.cessPaise),
      TotItemVal: r2(l.taxablePaise + tax),
    };
  });
  const sum = (f: (l: EinvLine) => number) => input.lines.reduce((a, l) => a + f(l), 0);
  const discount = input.discountPaise ?? 0;
  const total = sum((l) => l.taxablePaise + l.igstPaise + l.cgstPaise + l.sgstPaise + l.cessPaise) - discount;
  const doc: Inv01 = {
    Version: '1.1',
    TranDtls: { TaxSch: 'GST', SupTyp: 'B2B', RegRev: 'N', EcmGstin: null, IgstOnIntra: 'N' },
    DocDtls: { Typ: input.docType, No: input.docNo, Dt: input.docDate },
    SellerDtls: { Gstin: input.seller.gstin, LglNm: atLeast3(input.seller.legalName, 100), ...optional3('TrdNm', input.seller.tradeName, 100), ...party(input.seller), ...contact(input.seller) },
    BuyerDtls: { Gstin: input.buyer.gstin ?? 'URP', LglNm: atLeast3(input.buyer.legalName, 100), Pos: input.buyer.placeOfSupply, ...party(input.buyer), ...contact(input.buyer) },
    ...(input.dispatchFrom ? { DispDtls: { Nm: atLeast3(input.dispatchFrom.legalName, 100), ...party(input.dispatchFrom) } } : {}),
    ...(input.shipTo ? { ShipDtls: { ...(input.shipTo.gstin ? { Gstin: input.shipTo.gstin } : {}), LglNm: atLeast3(input.shipTo.legalName, 100), ...party(input.shipTo) } } : {}),
    ItemList: items,
    ValDtls: {
      AssVal: r2(sum((l) => l.taxablePaise)),
      CgstVal: r2(sum((l) => l.cgstPaise)),
      SgstVal: r2(sum((l) => l.sgstPaise)),
      IgstVal: r2(sum((l) => l.igstPaise)),
      CesVal: r2(sum((l) => l.cessPaise)),
      Discount: r2(discount),
      OthChrg: 0,
      RndOffAmt: 0,
      TotInvVal: r2(total),
    },
  };
  return doc;
}

/** The IRN an INV-01 document will get. */
export const irnOf = (doc: Inv01 & { SellerDtls?: unknown }): string =>
  computeIrn((doc.SellerDtls as { Gstin: string }).Gstin, doc.DocDtls.Typ, doc.DocDtls.No, doc.DocDtls.Dt);

