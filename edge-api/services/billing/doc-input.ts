/**
 * Database rows -> the plain inputs of the document generators (DocOrder,
 * DocInvoice). The generators never touch the database; this is the edge.
 */
import type { DbHandle } from '../../../db/connect';
import type { OrderForDocuments } from '../../../db/billing/documents';
import { getInvoicingProfileRow } from '../../../db/billing/profile';
import { InvoiceNumberError, issueInvoiceNumber, refreshInvoice, type Actor } from '../../../db/billing/numbers';
import { findInvoicesByOrder, invoiceIssuedAt } from '../../../db/billing/invoices';
import { einvoicesOfInvoices, latestInvoiceEwbOfOrders } from '../../../db/einvoice/queries';
import type { Company } from '../../../db/schema';
import { invoiceKindOf } from '../../../domain/invoicing';
import { gstinEntryForState } from '../../../db/billing/gstins';
import type { CompanyGstinEntry } from '../../../domain/gstin';
import { gstinMissingFor } from '../../../domain/gstin';
import { findRegion } from '../../../domain/india';
import { PAYMENT_MODES, type PaymentMode } from '../../../domain/statuses';
// Pure parts only: the renderers (pdfkit, exceljs, bwip-js) load on first use.
import { NO_AWB, type DocumentInputFailure } from '../../documents/errors';
import { computeInvoice, invoiceProblems } from '../../documents/invoice-calc';
import type { DocAddress, DocEinvoice, DocGstRates, DocInvoice, DocInvoiceProfile, DocItem, DocOrder } from '../../documents/types';
import type { AppConfig } from '../../env';
import { filesOf } from '../../lib/files';
import { readUpload } from '../uploads';
import { queueEinvoiceIn } from './einvoice-queue';

type Json = Record<string, unknown>;
const parse = (s: string | null | undefined): Json => {
  try {
    return s ? (JSON.parse(s) as Json) : {};
  } catch {
    return {};
  }
};
const str = (v: unknown) => (typeof v === 'string' ? v : v == null ? '' : String(v));

function personAddress(a: Json, fallback: { name: string; phone: string; city: string; state: string; pincode: string }): DocAddress {
  const name = [str(a.firstName), str(a.lastName)].join(' ').trim() || str(a.name) || fallback.name;
  return {
    name,
    phone: str(a.phone) || fallback.phone,
    lines: [str(a.address1 ?? a.addressLine1 ?? a.line1), str(a.address2 ?? a.addressLine2 ?? a.line2), str(a.landmark)],
    city: str(a.city) || fallback.city,
    state: str(a.state) || fallback.state,
    pincode: str(a.pincode ?? a.zip) || fallback.pincode,
  };
}

/** The warehouse is the return address; an order without one returns to the company. */
function returnAddressOf(row: OrderForDocuments): DocAddress {
  const w = row.warehouse;
  const src = w ?? row.company;
  const a = parse(src.address);
  return {
    name: w ? w.name : row.company.name,
    phone: src.phone,
    lines: [str(a.line1), str(a.line2), str(a.landmark)],
    city: str(a.city),
    state: str(a.state),
    pincode: str(a.pincode),
  };
}

function ratesOf(gst: string | null, fallback: DocGstRates | null): DocGstRates | null {
  const g = parse(gst);
  const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : null);
  const rates: DocGstRates = { cgst: num(g.cgst), sgst: num(g.sgst), igst: num(g.igst), utgst: num(g.utgst), cess: num(g.cess) };
  if (rates.cgst === null && rates.sgst === null && rates.igst === null) return fallback;
  return rates;
}

/**
 * One DocOrder per order. `perWsin` (the pick list) turns each item into one
 * line per WSIN it is made of, with quantity x multiplier units.
 */
export function toDocOrder(row: OrderForDocuments, opts: { perWsin?: boolean; defaultRates?: DocGstRates | null } = {}): DocOrder {
  const o = row.order;
  const items: DocItem[] = [];
  for (const it of row.items) {
    const mapping = parse(it.wsin_mapping) as Record<string, number>;
    const wsins = Object.keys(mapping);
    const base = {
      title: it.title,
      sku: it.sku,
      hsn: it.hsn_code,
      unitPricePaise: Number(it.final_price_paise),
      gst: ratesOf(it.gst, opts.defaultRates ?? null),
    };
    if (opts.perWsin && wsins.length) {
      for (const wsin of wsins) {
        items.push({ ...base, quantity: it.quantity * (Number(mapping[wsin]) || 1), wsin, location: row.locations.get(wsin) ?? null });
      }
    } else {
      const wsin = wsins[0] ?? null;
      items.push({ ...base, quantity: it.quantity, wsin, location: wsin ? row.locations.get(wsin) ?? null : null });
    }
  }
  const mode = o.payment_mode.toLowerCase();
  return {
    id: o.id,
    shopOrderId: o.shop_order_id,
    awb: o.tracking_number,
    courierName: o.shipper ?? row.partnerName,
    paymentMode: ((PAYMENT_MODES as readonly string[]).includes(mode) ? mode : 'prepaid') as PaymentMode,
    status: o.status,
    createdAt: o.created_at,
    codPaise: Number(o.cod_paise),
    totalPaise: Number(o.total_paise),
    shippingPaise: Number(o.shipping_paise),
    discountPaise: Math.max(0, Number(parse(o.extra).specialDiscountPaise) || 0),
    weightGrams: o.weight_g,
    dimensionsCm: { length: o.length_cm, breadth: o.breadth_cm, height: o.height_cm },
    shipTo: personAddress(parse(o.shipping_address), {
      name: o.customer_name, phone: o.customer_phone, city: o.shipping_city, state: o.shipping_state, pincode: o.shipping_pincode,
    }),
    returnAddress: returnAddressOf(row),
    items,
    ewayBill: o.eway_bill ? { number: o.eway_bill, validTill: null } : null,
  };
}

/**
 * The e-way bill each consignment carries: the active one of the order's latest invoice, generated by IRN or
 * through the e-way bill system (with its validity), else the number recorded on the order. The invoice, the
 * label and the manifest all print this one.
 */
export async function withEwayBills(dbh: DbHandle, orders: DocOrder[]): Promise<DocOrder[]> {
  const byOrder = await latestInvoiceEwbOfOrders(dbh.db, orders.map((o) => o.id));
  return orders.map((o) => {
    const inv = byOrder.get(o.id);
    return inv?.ewb_no ? { ...o, ewayBill: { number: inv.ewb_no, validTill: inv.ewb_valid_till } } : o;
  });
}

/** Why no label can be printed for this order; empty when it can. */
export async function labelProblems(order: DocOrder): Promise<string[]> {
  const awb = order.awb?.trim();
  if (!awb) return [NO_AWB];
  const { encodeCode128 } = await import('../../documents/barcode');
  try {
    encodeCode128(awb);
    return [];
  } catch (err) {
    return [(err as Error).message];
  }
}

/** Splits orders into those a label (or manifest line) can be made for, and the others with reasons. */
export async function withAwb(orders: DocOrder[]): Promise<{ ok: DocOrder[]; failures: DocumentInputFailure[] }> {
  const ok: DocOrder[] = [];
  const failures: DocumentInputFailure[] = [];
  for (const o of orders) {
    const reasons = await labelProblems(o);
    if (reasons.length) failures.push({ orderId: o.shopOrderId, reasons });
    else ok.push(o);
  }
  return { ok, failures };
}

// ---- Invoices --------------------------------------------------------------------------

const isPdfImage = (b: Buffer | null) =>
  !!b && ((b[0] === 0x89 && b.subarray(1, 4).toString() === 'PNG') || (b[0] === 0xff && b[1] === 0xd8));

type SellerProfile = { profile: DocInvoiceProfile; defaultRates: DocGstRates | null };

/**
 * The seller's invoicing profile as the invoice prints it. Until the seller
 * fills in Settings > Invoicing, the company's own name and address stand in
 * (no logo or signature). The seller GSTIN is the company's.
 */
export async function sellerProfile(dbh: DbHandle, config: AppConfig, company: Company): Promise<SellerProfile> {
  const row = await getInvoicingProfileRow(dbh.db, company.id);
  if (!row) {
    const a = parse(company.address);
    return {
      profile: {
        registeredName: company.name, brandName: company.name, gstin: company.gst, logo: null, signature: null,
        address: { line1: str(a.line1), line2: str(a.line2), city: str(a.city), state: str(a.state), pincode: str(a.pincode) },
      },
      defaultRates: null,
    };
  }
  const a = parse(row.address);
  const files = filesOf(dbh, config);
  const [logo, signature] = await Promise.all([readUpload(files, row.logo_key), readUpload(files, row.signature_key)]);
  return {
    profile: {
      registeredName: row.registered_name,
      brandName: row.brand_name,
      gstin: company.gst,
      address: { line1: str(a.line1), line2: str(a.line2), city: str(a.city), state: str(a.state), pincode: str(a.pincode) },
      // pdfkit embeds PNG and JPEG; the settings page converts other images to PNG before upload.
      logo: isPdfImage(logo) ? logo : null,
      signature: isPdfImage(signature) ? signature : null,
    },
    defaultRates: { cgst: row.cgst, sgst: row.sgst, igst: row.igst, utgst: row.utgst, cess: null },
  };
}

/**
 * The supplier address printed beside a GSTIN: the place of business registered under it (Settings > Invoicing);
 * else the profile's address when it is in the GSTIN's state; else the ship-from warehouse, which is in that state.
 * Never the registered address of another state.
 */
function registeredAddress(entry: CompanyGstinEntry, profileAddress: DocInvoiceProfile['address'], warehouse: Record<string, unknown>): DocInvoiceProfile['address'] {
  if (entry.address) return { ...entry.address, state: entry.state };
  if (findRegion(profileAddress.state)?.gstCode === entry.stateCode) return profileAddress;
  return { line1: str(warehouse.line1), line2: str(warehouse.line2), city: str(warehouse.city), state: entry.state, pincode: str(warehouse.pincode) };
}

function buyerOf(row: OrderForDocuments, shipTo: DocAddress) {
  const billing = parse(row.order.billing_address);
  const gstin = str(billing.gstin ?? billing.GSTIN).trim().toUpperCase() || null;
  const kind = invoiceKindOf(row.order.order_type, gstin);
  const person = Object.keys(billing).length ? personAddress(billing, { ...shipTo, name: shipTo.name }) : shipTo;
  // A B2B buyer is invoiced under its business name.
  const billTo = kind === 'B2B' && str(billing.companyName).trim() ? { ...person, name: str(billing.companyName).trim() } : person;
  return { buyerGstin: kind === 'B2B' ? gstin : null, billTo };
}

/** Each e-invoiced invoice gets what it prints of its IRP registration. */
async function withEinvoices(dbh: DbHandle, invoices: DocInvoice[], ids: Map<DocInvoice, string>): Promise<void> {
  const rows = new Map((await einvoicesOfInvoices(dbh.db, [...new Set(ids.values())])).map((e) => [e.invoice_id, e]));
  for (const invoice of invoices) {
    const e = rows.get(ids.get(invoice) ?? '');
    if (!e) continue;
    invoice.einvoice = {
      status: e.status as DocEinvoice['status'], irn: e.status === 'registered' || e.status === 'cancelled' ? e.irn : null, ackNo: e.ack_no,
      ackAt: e.ack_at, signedQrCode: e.signed_qr_code, demo: e.demo === 1,
    };
  }
}

export type PreparedInvoices = { invoices: DocInvoice[]; failures: DocumentInputFailure[] };

/**
 * Builds the invoices of the given orders. With `issue`, an order without an
 * invoice number gets the next one of its series first (only when the
 * invoice can actually be made, so no number is spent on a failure);
 * `regenerate` keeps the number and refreshes the stored amounts. Without
 * either, existing numbers are used as they are (Tally vouchers).
 */
export async function prepareInvoices(
  dbh: DbHandle,
  config: AppConfig,
  rows: OrderForDocuments[],
  opts: { issue?: Actor; regenerate?: Actor } = {},
): Promise<PreparedInvoices> {
  const profiles = new Map<string, SellerProfile>();
  const invoices: DocInvoice[] = [];
  const failures: DocumentInputFailure[] = [];
  const issuedAt = new Map((await findInvoicesByOrder(dbh.db, rows.map((r) => r.order.id))).map((i) => [i.order_id, i]));
  const invoiceIds = new Map<DocInvoice, string>();
  for (const row of rows) {
    let seller = profiles.get(row.company.id);
    if (!seller) profiles.set(row.company.id, (seller = await sellerProfile(dbh, config, row.company)));
    const order = toDocOrder(row, { defaultRates: seller.defaultRates });
    const { buyerGstin, billTo } = buyerOf(row, order.shipTo);
    const known = issuedAt.get(row.order.id);
    // The invoice prints the company's GSTIN of its warehouse's state, and is refused when none is recorded.
    const shipFromState = row.warehouse ? str(parse(row.warehouse.address).state) : '';
    let profile = seller.profile;
    if (shipFromState) {
      const entry = await gstinEntryForState(dbh.db, row.company.id, shipFromState);
      if (!entry) {
        failures.push({ orderId: order.shopOrderId, reasons: [gstinMissingFor(findRegion(shipFromState)?.name ?? shipFromState)] });
        continue;
      }
      profile = { ...seller.profile, gstin: entry.gstin, address: registeredAddress(entry, seller.profile.address, row.warehouse ? parse(row.warehouse.address) : {}) };
    }
    const draft: DocInvoice = {
      order, profile, invoiceNumber: known?.invoice_number ?? row.order.invoice_number, buyerGstin, billTo,
      invoiceDate: (known?.issued_at ?? new Date().toISOString()),
    };
    const actor = opts.regenerate ?? opts.issue;
    if (actor) {
      const problems = invoiceProblems({ ...draft, invoiceNumber: draft.invoiceNumber ?? 'pending' });
      // A cancelled order gets no new invoice; one issued before stays downloadable (numbers are never withdrawn).
      if (row.order.status === 'CANCELLED' && !known) problems.unshift('Order is cancelled');
      if (problems.length) {
        failures.push({ orderId: order.shopOrderId, reasons: problems });
        continue;
      }
      const amountPaise = computeInvoice({ ...draft, invoiceNumber: 'pending' }).totals.grossPaise;
      try {
        const input = { orderId: row.order.id, actor, amountPaise, buyerName: billTo.name, buyerGstin };
        const issued = opts.regenerate ? await refreshInvoice(dbh, input) : await issueInvoiceNumber(dbh, input);
        draft.invoiceNumber = issued.invoiceNumber;
        invoiceIds.set(draft, issued.invoiceId);
        if (issued.issued && !opts.regenerate) await queueEinvoiceIn(dbh.db, issued.invoiceId);
        if (!known) {
          const issuedAt = await invoiceIssuedAt(dbh.db, issued.invoiceId);
          if (issuedAt) draft.invoiceDate = issuedAt;
        }
      } catch (err) {
        if (!(err instanceof InvoiceNumberError)) throw err;
        failures.push({ orderId: order.shopOrderId, reasons: [err.message] });
        continue;
      }
    }
    if (known) invoiceIds.set(draft, known.id);
    invoices.push(draft);
  }
  await withEinvoices(dbh, invoices, invoiceIds);
  const orders = await withEwayBills(dbh, invoices.map((i) => i.order));
  invoices.forEach((invoice, i) => (invoice.order = orders[i]));
  return { invoices, failures };
}
