/**
 * The e-way bill system's Generate request (GENEWAYBILL, docs/integrations/gst.md) of an invoice, built
 * from the same parties, lines and GST split the INV-01 JSON takes (EinvInput): Part A from the invoice
 * (bill-from the seller's GSTIN, dispatch-from the warehouse, bill-to the buyer or URP, ship-to the
 * delivery address), Part B from the transport the seller names. Pure: paise in, rupees with two
 * decimals out.
 */
import type { EinvInput, EinvParty } from './inv01';

export type EwbGenerateRequest = {
  supplyType: 'O'; subSupplyType: '1'; docType: 'INV'; docNo: string; docDate: string;
  fromGstin: string; fromTrdName: string; fromAddr1: string; fromAddr2: string; fromPlace: string; fromPincode: number; fromStateCode: number; actFromStateCode: number;
  toGstin: string; toTrdName: string; toAddr1: string; toAddr2: string; toPlace: string; toPincode: number; toStateCode: number; actToStateCode: number;
  transactionType: 1 | 2 | 3 | 4; otherValue: number; totalValue: number; cgstValue: number; sgstValue: number; igstValue: number; cessValue: number;
  cessNonAdvolValue: number; totInvValue: number;
  transporterId: string; transporterName: string; transDocNo: string; transMode: string; transDistance: string; transDocDate: string;
  vehicleNo: string; vehicleType: 'R' | 'O';
  itemList: EwbItem[];
};
export type EwbItem = {
  productName: string; productDesc: string; hsnCode: number; quantity: number; qtyUnit: string; cgstRate: number; sgstRate: number; igstRate: number;
  cessRate: number; cessNonadvol: number; taxableAmount: number;
};

export type EwbTransport = {
  distanceKm: number; transMode: string; transporterId?: string; transporterName?: string; vehicleNo?: string; transDocNo?: string; transDocDate?: string;
};

const r2 = (paise: number) => Math.round(paise) / 100;
const cut = (value: string | null | undefined, max: number) => (value ?? '').replace(/\s+/g, ' ').trim().slice(0, max);
const samePlace = (a: EinvParty, b: EinvParty) => a.pincode === b.pincode && cut(a.addr1, 120) === cut(b.addr1, 120);

/**
 * Transaction type: 1 regular, 2 bill-to ship-to (delivered elsewhere than the buyer's address),
 * 3 bill-from dispatch-from (sent from elsewhere than the seller's address), 4 both.
 */
export function transactionTypeOf(input: EinvInput): 1 | 2 | 3 | 4 {
  const dispatchElsewhere = !!input.dispatchFrom && !samePlace(input.seller, input.dispatchFrom);
  const shipElsewhere = !!input.shipTo && !samePlace(input.buyer, input.shipTo);
  return dispatchElsewhere && shipElsewhere ? 4 : shipElsewhere ? 2 : dispatchElsewhere ? 3 : 1;
}

export function ewbRequestOf(input: EinvInput, t: EwbTransport): EwbGenerateRequest {
  const from = input.dispatchFrom ?? input.seller;
  const to = input.shipTo ?? input.buyer;
  const interState = input.seller.stateCode !== input.buyer.placeOfSupply;
  const sum = (f: (l: EinvInput['lines'][number]) => number) => input.lines.reduce((a, l) => a + f(l), 0);
  const discount = input.discountPaise ?? 0;
  const tax = sum((l) => l.igstPaise + l.cgstPaise + l.sgstPaise + l.cessPaise);
  return {
    supplyType: 'O', subSupplyType: '1', docType: 'INV', docNo: input.docNo, docDate: input.docDate,
    fromGstin: input.seller.gstin ?? '', fromTrdName: cut(input.seller.tradeName || input.seller.legalName, 100),
    fromAddr1: cut(from.addr1, 120), fromAddr2: cut(from.addr2, 120), fromPlace: cut(from.city, 50), fromPincode: Number(from.pincode),
    fromStateCode: Number(input.seller.stateCode), actFromStateCode: Number(from.stateCode),
    toGstin: input.buyer.gstin || 'URP', toTrdName: cut(input.buyer.legalName, 100),
    toAddr1: cut(to.addr1, 120), toAddr2: cut(to.addr2, 120), toPlace: cut(to.city, 50), toPincode: Number(to.pincode),
    toStateCode: Number(input.buyer.placeOfSupply), actToStateCode: Number(to.stateCode),
    transactionType: transactionTypeOf(input),
    otherValue: discount ? -r2(discount) : 0,
    totalValue: r2(sum((l) => l.taxablePaise)), cgstValue: r2(sum((l) => l.cgstPaise)), sgstValue: r2(sum((l) => l.sgstPaise)),
    igstValue: r2(sum((l) => l.igstPaise)), cessValue: r2(sum((l) => l.cessPaise)), cessNonAdvolValue: 0,
    totInvValue: r2(sum((l) => l.taxablePaise) + tax - discount),
    transporterId: t.transporterId ?? '', transporterName: cut(t.transporterName, 100), transDocNo: t.transDocNo ?? '', transMode: t.transMode,
    transDistance: String(t.distanceKm), transDocDate: t.transDocDate ?? '', vehicleNo: t.vehicleNo ?? '', vehicleType: 'R',
    itemList: input.lines.map((l) => ({
      productName: cut(l.description, 100), productDesc: cut(l.description, 100), hsnCode: Number(l.hsn.trim()), quantity: l.quantity, qtyUnit: 'NOS',
      cgstRate: interState ? 0 : l.gstRate / 2, sgstRate: interState ? 0 : l.gstRate / 2, igstRate: interState ? l.gstRate : 0,
      cessRate: l.cessRate, cessNonadvol: 0, taxableAmount: r2(l.taxablePaise),
    })),
  };
}
