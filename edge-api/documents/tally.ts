/**
 * TallyPrime sales vouchers (XML import), the decision per order whether a
 * voucher can be made, and the failure sheet users download to see why not.
 *
 * Tally's sign convention: debit entries carry ISDEEMEDPOSITIVE Yes and a
 * negative AMOUNT, credit entries No and a positive AMOUNT; the amounts of a
 * voucher add up to zero.
 */
import ExcelJS from 'exceljs';
import { XMLBuilder } from 'fast-xml-parser';
import { paiseToDecimal, tallyDate } from './format';
import type { GstComponent } from '../../domain/gst';
import { computeInvoice, invoiceProblems } from './invoice-calc';
import type { DocInvoice } from './types';

export interface TallyLedgerNames {
  sales: string;
  cgst: string;
  sgst: string;
  utgst: string;
  igst: string;
  cess: string;
}

/** Ledger names used unless the caller passes its own; they must exist in the Tally company. */
export const DEFAULT_TALLY_LEDGERS: TallyLedgerNames = {
  sales: 'Sales',
  cgst: 'Output CGST',
  sgst: 'Output SGST',
  utgst: 'Output UTGST',
  igst: 'Output IGST',
  cess: 'Output Cess',
};

/**
 * B2B sales are posted to the buyer's ledger (the billing name); B2C sales to
 * Tally's predefined 'Cash' ledger, which exists in every company.
 */
export function defaultPartyLedger(invoice: DocInvoice): string {
  return invoice.buyerGstin ? (invoice.billTo ?? invoice.order.shipTo).name : 'Cash';
}

export interface TallyOptions {
  /** SVCURRENTCOMPANY: the Tally company to import into (the one open in Tally when absent). */
  companyName?: string;
  ledgers?: Partial<TallyLedgerNames>;
  partyLedger?: (invoice: DocInvoice) => string;
}

/** Reasons users read in the failure sheet, besides those of invoice-calc. */
export const TALLY_PROBLEMS = {
  cancelled: 'Order is cancelled',
  zeroValue: 'Order value is zero',
  duplicateInvoice: (invoiceNumber: string) => `Invoice number ${invoiceNumber} is used by another order in this request`,
} as const;

const CANCELLED = new Set(['CANCELLED', 'CANCELED']);

export interface TallyDecision {
  /** Internal order id. */
  id: string;
  /** The order id users know. */
  orderId: string;
  invoiceNumber: string | null;
  ok: boolean;
  /** Why no voucher can be made; empty when ok. */
  reasons: string[];
}

/** For each invoice, in order: can a sales voucher be made, and if not, why. */
export function tallyFailures(invoices: readonly DocInvoice[]): TallyDecision[] {
  const seen = new Map<string, number>();
  for (const invoice of invoices) {
    const number = invoice.invoiceNumber?.trim();
    if (number) seen.set(number, (seen.get(number) ?? 0) + 1);
  }
  return invoices.map((invoice) => {
    const { order } = invoice;
    const reasons: string[] = [];
    if (order.status && CANCELLED.has(order.status.toUpperCase())) reasons.push(TALLY_PROBLEMS.cancelled);
    reasons.push(...invoiceProblems(invoice));
    const number = invoice.invoiceNumber?.trim();
    if (number && (seen.get(number) ?? 0) > 1) reasons.push(TALLY_PROBLEMS.duplicateInvoice(number));
    const value = order.items.reduce((sum, item) => sum + item.unitPricePaise * item.quantity, 0) + Math.max(0, order.shippingPaise);
    if (order.items.length > 0 && value <= 0) reasons.push(TALLY_PROBLEMS.zeroValue);
    return { id: order.id, orderId: order.shopOrderId, invoiceNumber: invoice.invoiceNumber, ok: reasons.length === 0, reasons };
  });
}

const TAX_LEDGER_ORDER: GstComponent[] = ['cgst', 'sgst', 'utgst', 'igst', 'cess'];

function ledgerEntry(name: string, paise: number, debit: boolean, party = false) {
  return {
    LEDGERNAME: name,
    ISDEEMEDPOSITIVE: debit ? 'Yes' : 'No',
    ...(party ? { ISPARTYLEDGER: 'Yes' } : {}),
    AMOUNT: paiseToDecimal(debit ? -paise : paise),
  };
}

function voucherOf(invoice: DocInvoice, options: TallyOptions) {
  const calc = computeInvoice(invoice);
  const ledgers = { ...DEFAULT_TALLY_LEDGERS, ...options.ledgers };
  const party = (options.partyLedger ?? defaultPartyLedger)(invoice);
  const { order } = invoice;
  const billTo = invoice.billTo ?? order.shipTo;
  const narration = [`Order ${order.shopOrderId}`, order.awb && `AWB ${order.awb}`, order.courierName].filter(Boolean).join(', ');

  const entries = [
    ledgerEntry(party, calc.totals.grossPaise, true, true),
    ledgerEntry(ledgers.sales, calc.totals.taxablePaise, false),
    // Non-zero, not just positive: a special discount taxed at the principal rate can leave a component below zero, and the voucher must still balance.
    ...TAX_LEDGER_ORDER.filter((c) => calc.totals.tax[c] !== 0).map((c) => ledgerEntry(ledgers[c], calc.totals.tax[c], false)),
  ];

  return {
    '@_VCHTYPE': 'Sales',
    '@_ACTION': 'Create',
    '@_OBJVIEW': 'Accounting Voucher View',
    DATE: tallyDate(invoice.invoiceDate),
    VOUCHERTYPENAME: 'Sales',
    VOUCHERNUMBER: invoice.invoiceNumber!.trim(),
    REFERENCE: order.shopOrderId,
    PARTYLEDGERNAME: party,
    PARTYNAME: billTo.name,
    BASICBUYERNAME: billTo.name,
    ...(invoice.buyerGstin ? { PARTYGSTIN: invoice.buyerGstin.trim().toUpperCase() } : {}),
    GSTREGISTRATIONTYPE: invoice.buyerGstin ? 'Regular' : 'Unregistered/Consumer',
    STATENAME: calc.placeOfSupply.name,
    PLACEOFSUPPLY: calc.placeOfSupply.name,
    COUNTRYOFRESIDENCE: 'India',
    NARRATION: narration,
    PERSISTEDVIEW: 'Accounting Voucher View',
    ISINVOICE: 'No',
    'ALLLEDGERENTRIES.LIST': entries,
  };
}

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  format: true,
  indentBy: '  ',
  suppressEmptyNode: false,
  processEntities: true,
});

/** The import envelope around vouchers (one TALLYMESSAGE each). */
function envelopeXml(messages: readonly object[], companyName: string | undefined): string {
  const envelope = {
    ENVELOPE: {
      HEADER: { TALLYREQUEST: 'Import Data' },
      BODY: {
        IMPORTDATA: {
          REQUESTDESC: {
            REPORTNAME: 'Vouchers',
            ...(companyName ? { STATICVARIABLES: { SVCURRENTCOMPANY: companyName } } : {}),
          },
          REQUESTDATA: { TALLYMESSAGE: messages },
        },
      },
    },
  };
  return builder.build(envelope) as string;
}

/**
 * Tally import XML with one sales voucher per invoice that passes
 * tallyFailures; the others are returned in `failures` (empty when all made it).
 */
export function renderTallyVouchers(
  invoices: readonly DocInvoice[],
  options: TallyOptions = {},
): { xml: string; vouchers: number; failures: TallyDecision[] } {
  const decisions = tallyFailures(invoices);
  const messages = invoices
    .filter((_, i) => decisions[i].ok)
    .map((invoice) => ({ '@_xmlns:UDF': 'TallyUDF', VOUCHER: voucherOf(invoice, options) }));
  return { xml: envelopeXml(messages, options.companyName), vouchers: messages.length, failures: decisions.filter((d) => !d.ok) };
}

/** One bank credit of COD remitted by a courier (a UTR), for one company, and the orders it paid. */
export interface TallyReceipt {
  utr: string;
  /** YYYY-MM-DD: the day the courier remitted it. */
  date: string;
  courier: string;
  lines: { awb: string; orderId: string; paise: number }[];
}

export interface TallyReceiptOptions {
  companyName?: string;
  /** The bank ledger the credit went to; it must exist in the Tally company. */
  bankLedger?: string;
  /** The ledger of the courier that collected the cash (a debtor until it remits). */
  courierLedger?: (courier: string) => string;
}

export const DEFAULT_BANK_LEDGER = 'Bank Account';
/** "delhivery" → "Delhivery COD": the courier as the debtor holding the cash it collected. */
export const defaultCourierLedger = (courier: string) => `${courier.charAt(0).toUpperCase()}${courier.slice(1)} COD`;

/**
 * Receipt vouchers, one per UTR: the bank debited with what arrived, the courier's ledger credited
 * (bill by bill would need Tally's bill allocations; the orders are named in the narration instead).
 */
export function renderTallyReceipts(receipts: readonly TallyReceipt[], options: TallyReceiptOptions = {}): { xml: string; vouchers: number } {
  const bank = options.bankLedger ?? DEFAULT_BANK_LEDGER;
  const messages = receipts
    .filter((r) => r.lines.length > 0)
    .map((r) => {
      const total = r.lines.reduce((s, l) => s + l.paise, 0);
      const party = (options.courierLedger ?? defaultCourierLedger)(r.courier);
      const orders = r.lines.map((l) => `${l.orderId} (AWB ${l.awb})`).join(', ');
      return {
        '@_xmlns:UDF': 'TallyUDF',
        VOUCHER: {
          '@_VCHTYPE': 'Receipt',
          '@_ACTION': 'Create',
          '@_OBJVIEW': 'Accounting Voucher View',
          DATE: tallyDate(r.date),
          VOUCHERTYPENAME: 'Receipt',
          REFERENCE: r.utr,
          PARTYLEDGERNAME: party,
          NARRATION: `COD remitted by ${r.courier}, UTR ${r.utr}: ${orders}`.slice(0, 4000),
          PERSISTEDVIEW: 'Accounting Voucher View',
          'ALLLEDGERENTRIES.LIST': [ledgerEntry(bank, total, true), ledgerEntry(party, total, false, true)],
        },
      };
    });
  return { xml: envelopeXml(messages, options.companyName), vouchers: messages.length };
}

export const VOUCHER_FAILURE_COLUMNS = ['Order ID', 'Invoice Number', 'Reason'] as const;

/** The sheet behind 'Download excel to know the reason': one row per order that got no voucher. */
export async function renderVoucherFailuresXlsx(rows: readonly TallyDecision[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'shipdesk';
  workbook.created = new Date();
  const sheet = workbook.addWorksheet('Voucher failures', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [
    { header: VOUCHER_FAILURE_COLUMNS[0], key: 'orderId', width: 20 },
    { header: VOUCHER_FAILURE_COLUMNS[1], key: 'invoiceNumber', width: 20 },
    { header: VOUCHER_FAILURE_COLUMNS[2], key: 'reason', width: 80 },
  ];
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) {
    if (row.ok) continue;
    sheet.addRow({ orderId: row.orderId, invoiceNumber: row.invoiceNumber ?? '', reason: row.reasons.join('; ') });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
