/** Document generators: plain inputs (types.ts) in, PDF / XLSX / XML / CSV out. No database access. */
export type * from './types';
export { DocumentInputError, NO_AWB, type DocumentInputFailure } from './errors';
export { renderToBuffer, OutputClosedError } from './pdf-common';
export { renderLabels, LABEL_SIZE } from './label';
export { renderInvoices } from './invoice';
export { computeInvoice, invoiceProblems, InvoiceDataError, INVOICE_PROBLEMS, type InvoiceComputation } from './invoice-calc';
export { splitInclusive, missingRates, type GstSplit, type SupplyKind } from './invoice-calc';
export { MissingGstRateError } from '../../domain/gst';
export { findState, stateOfGstin, isGstinFormat, type GstState } from './gst-states';
export { amountInWords, numberInWords } from './amount-in-words';
export { renderManifest, summariseManifest } from './manifest';
export { pickListRows, renderPickListXlsx, PICK_LIST_COLUMNS, type PickListRow } from './picklist';
export {
  renderTallyVouchers,
  renderTallyReceipts,
  DEFAULT_BANK_LEDGER,
  defaultCourierLedger,
  type TallyReceipt,
  tallyFailures,
  renderVoucherFailuresXlsx,
  DEFAULT_TALLY_LEDGERS,
  TALLY_PROBLEMS,
  type TallyDecision,
  type TallyOptions,
} from './tally';
export { csvStream, csvStreamBatches, csvStreamChunks, csvLine, csvField, csvText, type CsvValue, type CsvOptions } from './csv';
