/**
 * The numbers of a GST tax invoice: which taxes apply, one line per item
 * (plus shipping), and totals. Shared by the invoice PDF and Tally vouchers. Pure.
 */
import { findState, isGstinFormat, stateOfGstin, type GstState } from './gst-states';
import {
  GST_COMPONENTS,
  missingGstRates,
  splitGross,
  type GstComponent,
  type GstRegime,
  type GstSplit,
} from '../../domain/gst';
import type { DocGstRates, DocInvoice } from './types';

export type { GstComponent, GstSplit } from '../../domain/gst';

/** Which taxes apply: within one state (CGST + SGST, or CGST + UTGST in a UT without legislature) or across states (IGST). */
export type SupplyKind = 'intra-state' | 'intra-ut' | 'inter-state';

/** The domain GST core's regime for a supply kind (the split itself is domain/gst.ts, the only one). */
export function regimeOf(kind: SupplyKind): GstRegime {
  if (kind === 'inter-state') return { supply: 'inter_state', utgst: false };
  return { supply: 'intra_state', utgst: kind === 'intra-ut' };
}

/** Components needed for the supply kind whose rate was not entered (empty when all are there). */
export function missingRates(rates: DocGstRates | null, kind: SupplyKind): GstComponent[] {
  return missingGstRates(rates, regimeOf(kind));
}

/** The one GST split (domain/gst.ts) for a supply kind. Throws MissingGstRateError when a rate is not entered. */
export function splitInclusive(grossPaise: number, rates: DocGstRates | null, kind: SupplyKind): GstSplit {
  return splitGross(grossPaise, rates, regimeOf(kind));
}

export interface InvoiceLine {
  title: string;
  sku: string;
  hsn: string;
  quantity: number;
  unitPricePaise: number;
  split: GstSplit;
}

export interface InvoiceTotals {
  grossPaise: number;
  taxablePaise: number;
  tax: Record<GstComponent, number>;
}

export interface InvoiceComputation {
  supplyKind: SupplyKind;
  sellerState: GstState;
  placeOfSupply: GstState;
  b2b: boolean;
  lines: InvoiceLine[];
  totals: InvoiceTotals;
}

export class InvoiceDataError extends Error {
  constructor(
    readonly orderId: string,
    readonly problems: string[],
  ) {
    super(`Invoice for order ${orderId} cannot be made: ${problems.join('; ')}`);
    this.name = 'InvoiceDataError';
  }
}

/** Reasons shown to users (Tally failure sheet, invoice errors). */
export const INVOICE_PROBLEMS = {
  noInvoiceNumber: 'Invoice number not generated yet',
  noItems: 'Order has no items',
  sellerState: 'Seller state unknown: check the GSTIN and address of the invoicing profile',
  shipToState: (state: string) => `Ship-to state not recognised: '${state}'`,
  buyerGstin: (gstin: string) => `Buyer GSTIN is not valid: '${gstin}'`,
  missingRates: (sku: string, components: GstComponent[]) =>
    `GST rates missing for SKU ${sku} (${components.map((c) => c.toUpperCase()).join(', ')})`,
  badLine: (sku: string) => `Quantity or price not valid for SKU ${sku}`,
} as const;

export const SHIPPING_LINE_TITLE = 'Shipping Charges';
export const DISCOUNT_LINE_TITLE = 'Special Discount';

export function supplyKindFor(seller: GstState, placeOfSupply: GstState): SupplyKind {
  if (seller.code !== placeOfSupply.code) return 'inter-state';
  return placeOfSupply.utgst ? 'intra-ut' : 'intra-state';
}

/** The seller's state: the GSTIN's state code, else the invoicing address. */
export function sellerStateOf(invoice: DocInvoice): GstState | undefined {
  return stateOfGstin(invoice.profile.gstin) ?? findState(invoice.profile.address.state);
}

function totalRate(rates: DocGstRates | null, kind: SupplyKind): number {
  if (!rates || missingRates(rates, kind).length > 0) return -1;
  const cess = rates.cess ?? 0;
  if (kind === 'inter-state') return rates.igst! + cess;
  const second = kind === 'intra-ut' && rates.utgst != null ? rates.utgst : rates.sgst!;
  return rates.cgst! + second + cess;
}

/** Everything that stops a tax invoice from being made; empty when it can be made. */
export function invoiceProblems(invoice: DocInvoice): string[] {
  const problems: string[] = [];
  const { order } = invoice;
  if (!invoice.invoiceNumber?.trim()) problems.push(INVOICE_PROBLEMS.noInvoiceNumber);
  if (order.items.length === 0) problems.push(INVOICE_PROBLEMS.noItems);
  const seller = sellerStateOf(invoice);
  if (!seller) problems.push(INVOICE_PROBLEMS.sellerState);
  const place = findState(order.shipTo.state);
  if (!place) problems.push(INVOICE_PROBLEMS.shipToState(order.shipTo.state));
  if (invoice.buyerGstin && !isGstinFormat(invoice.buyerGstin)) {
    problems.push(INVOICE_PROBLEMS.buyerGstin(invoice.buyerGstin));
  }
  for (const item of order.items) {
    if (!Number.isSafeInteger(item.quantity) || item.quantity < 1 || !Number.isSafeInteger(item.unitPricePaise) || item.unitPricePaise < 0) {
      problems.push(INVOICE_PROBLEMS.badLine(item.sku));
    }
    if (seller && place) {
      const missing = missingRates(item.gst, supplyKindFor(seller, place));
      if (missing.length > 0) problems.push(INVOICE_PROBLEMS.missingRates(item.sku, missing));
    }
  }
  return problems;
}

/**
 * Lines and totals of the invoice. Throws InvoiceDataError listing every
 * problem when the invoice cannot be made.
 *
 * Shipping charged to the buyer is part of a composite supply whose principal
 * supply is the goods, so it is taxed at the rate (and shown under the HSN) of
 * the item with the highest rate.
 */
export function computeInvoice(invoice: DocInvoice): InvoiceComputation {
  const problems = invoiceProblems(invoice);
  if (problems.length > 0) throw new InvoiceDataError(invoice.order.shopOrderId, problems);
  const sellerState = sellerStateOf(invoice)!;
  const placeOfSupply = findState(invoice.order.shipTo.state)!;
  const kind = supplyKindFor(sellerState, placeOfSupply);

  const lines: InvoiceLine[] = invoice.order.items.map((item) => ({
    title: item.title,
    sku: item.sku,
    hsn: item.hsn?.trim() ?? '',
    quantity: item.quantity,
    unitPricePaise: item.unitPricePaise,
    split: splitInclusive(item.unitPricePaise * item.quantity, item.gst, kind),
  }));

  const shipping = invoice.order.shippingPaise;
  const principal = invoice.order.items.reduce((best, item) => (totalRate(item.gst, kind) > totalRate(best.gst, kind) ? item : best));
  if (shipping > 0) {
    lines.push({
      title: SHIPPING_LINE_TITLE,
      sku: '',
      hsn: principal.hsn?.trim() ?? '',
      quantity: 1,
      unitPricePaise: shipping,
      split: splitInclusive(shipping, principal.gst, kind),
    });
  }
  // A special discount on the order lowers the invoice by the same amount, at
  // the principal supply's rate, so the invoice total equals the order total.
  const discount = invoice.order.discountPaise ?? 0;
  if (discount > 0) {
    const positive = splitInclusive(discount, principal.gst, kind);
    const tax = Object.fromEntries(GST_COMPONENTS.map((c) => [c, -positive.tax[c]])) as Record<GstComponent, number>;
    lines.push({
      title: DISCOUNT_LINE_TITLE,
      sku: '',
      hsn: principal.hsn?.trim() ?? '',
      quantity: 1,
      unitPricePaise: -discount,
      split: { grossPaise: -discount, taxablePaise: -positive.taxablePaise, tax, rates: positive.rates },
    });
  }

  const totals: InvoiceTotals = {
    grossPaise: 0,
    taxablePaise: 0,
    tax: { cgst: 0, sgst: 0, utgst: 0, igst: 0, cess: 0 },
  };
  for (const line of lines) {
    totals.grossPaise += line.split.grossPaise;
    totals.taxablePaise += line.split.taxablePaise;
    for (const c of Object.keys(totals.tax) as GstComponent[]) totals.tax[c] += line.split.tax[c];
  }

  return { supplyKind: kind, sellerState, placeOfSupply, b2b: Boolean(invoice.buyerGstin), lines, totals };
}
