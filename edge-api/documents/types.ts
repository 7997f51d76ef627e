/**
 * Plain inputs of the document generators. The routes map database rows to
 * these; the generators never touch the database. Money is integer paise.
 */
import type { PaymentMode } from '../../domain/statuses';

export type { PaymentMode };

export interface DocAddress {
  name: string;
  phone: string;
  /** Street lines in order (address line 1, line 2, landmark ...); empty lines are skipped. */
  lines: string[];
  city: string;
  state: string;
  pincode: string;
}

/**
 * GST percentages of one item, as entered in the catalogue (decimals, e.g. 2.5).
 * null means "not entered", which is different from a 0 % rate.
 * UTGST falls back to SGST when not entered (spec part 2 §5).
 */
export interface DocGstRates {
  cgst: number | null;
  sgst: number | null;
  igst: number | null;
  utgst?: number | null;
  cess?: number | null;
}

export interface DocItem {
  title: string;
  sku: string;
  hsn: string | null;
  quantity: number;
  /** Per unit, GST inclusive. */
  unitPricePaise: number;
  gst: DocGstRates | null;
  /** Warehouse stock-keeping id and bin location, for the pick list. */
  wsin: string | null;
  location: string | null;
}

export interface DocDimensionsCm {
  length: number;
  breadth: number;
  height: number;
}

export interface DocOrder {
  /** Internal id (UUIDv7). */
  id: string;
  /** The order id a seller and a customer know; printed on every document. */
  shopOrderId: string;
  awb: string | null;
  courierName: string | null;
  paymentMode: PaymentMode;
  /** Order status (domain/statuses), used to refuse vouchers for cancelled orders. */
  status?: string;
  /** ISO-8601 creation time. */
  createdAt: string;
  /** Amount the courier collects; 0 unless paymentMode is cod. */
  codPaise: number;
  /** Order total, GST inclusive, shipping included. */
  totalPaise: number;
  /** Shipping charged to the buyer, GST inclusive (0 when free). */
  shippingPaise: number;
  /** Special discount on the whole order, GST inclusive (0 or absent when none). */
  discountPaise?: number;
  weightGrams: number;
  dimensionsCm: DocDimensionsCm;
  /** Number of boxes handed to the courier under this AWB (manifest); 1 when absent. */
  pieces?: number;
  shipTo: DocAddress;
  /** Warehouse/pickup address; printed as the return address on the label. */
  returnAddress: DocAddress;
  items: DocItem[];
  /** The seller's preference printItemLabel: a small label per item line after the shipping label. */
  itemLabels?: boolean;
  /** The seller's preference hideCustomerPhoneOnLabel: the buyer's phone is left off the label. */
  hideCustomerPhone?: boolean;
  /**
   * The consignment's e-way bill (invoice, label and manifest): its number and, when generated here (by IRN or
   * through the e-way bill system), until when it is valid (ISO; null before its Part B).
   */
  ewayBill?: { number: string; validTill: string | null } | null;
}

export interface DocPostalAddress {
  line1: string;
  line2: string;
  city: string;
  state: string;
  pincode: string;
}

/** The seller's invoicing profile (spec part 2 §3). */
export interface DocInvoiceProfile {
  registeredName: string;
  brandName: string;
  address: DocPostalAddress;
  gstin: string;
  /** PNG or JPEG bytes, or null when not uploaded. */
  logo: Buffer | null;
  signature: Buffer | null;
}

export interface DocInvoice {
  order: DocOrder;
  profile: DocInvoiceProfile;
  /** From the warehouse invoice series; null while the order has none yet. */
  invoiceNumber: string | null;
  /** ISO date or date-time of the invoice. */
  invoiceDate: string;
  /** Present for a B2B order: the buyer's GSTIN. */
  buyerGstin: string | null;
  /** Billing address; the ship-to address when absent. */
  billTo?: DocAddress;
  /** Its registration with the GST IRP, when the invoice is e-invoiced. */
  einvoice?: DocEinvoice;
}

/** What an invoice prints of its IRP registration: IRN, Ack No and date, the QR code of SignedQRCode, or "IRN pending". */
export interface DocEinvoice {
  status: 'pending' | 'registered' | 'failed' | 'cancelled';
  irn: string | null;
  ackNo: string | null;
  /** ISO. */
  ackAt: string | null;
  signedQrCode: string | null;
  /** Answered by the built-in demo sandbox, not the IRP. */
  demo: boolean;
}

export interface DocManifest {
  /** Manifest reference printed in the header (e.g. a job id or date-based number). */
  manifestNumber: string;
  /** ISO-8601. */
  generatedAt: string;
  /** Seller or warehouse handing the parcels over. */
  shipperName: string;
  pickupAddress: DocAddress;
  orders: DocOrder[];
}
