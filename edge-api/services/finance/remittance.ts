// COD remittance use cases: import a courier's remittance file, match a bank
// statement's UTRs, the overview (flags, ageing), mark settled, courier settings.
import type { DbHandle } from '../../../db/connect';
import * as store from '../../../db/finance/remittance';
import { uuidv7, nowIso } from '../../../domain/ids';
import { addIndiaDays, indiaDate, indiaDayStart, indiaToday } from '../../../domain/india-time';
import { forbidden, invalid } from '../../../domain/refusal';
import {
  AGEING_BUCKETS,
  ageingBucket,
  BUILT_IN_LAYOUTS,
  columnMappingSchema,
  DEFAULT_NOT_REMITTED_DAYS,
  FIELD_LABELS,
  FILE_HAS_ERRORS,
  FLAGS,
  NO_MAPPING,
  parseDayMonthYear,
  parsePaise,
  REMITTANCE_FIELDS,
  rowError,
  type AgeingRow,
  type BankResult,
  type BankStatementInput,
  type ColumnMapping,
  type ImportResult,
  type RemittanceImportInput,
  type RemittanceOverview,
  type RemittanceTallyInput,
  type WeekRow,
  weekOf,
  WEEKS_SHOWN,
} from '../../../domain/remittance';
import { renderTallyReceipts, type TallyReceipt } from '../../documents/tally';
import type { ServiceActor } from '../audit/actor';
import { chooseMapping, normHeader as norm, parseMappedRows, readTable, requireBody } from './import-table';

const FINANCE = new Set(['finance', 'admin']);
const mayReconcile = (actor: ServiceActor) => {
  if (!FINANCE.has(actor.role)) throw forbidden('COD remittance is for finance and admin users');
};

type ParsedRow = { row: number; awb: string; utr: string; date: string; paise: number };

function parseRows(table: string[][], mapping: ColumnMapping): ParsedRow[] {
  const seen = new Map<string, number>();
  return parseMappedRows(table, mapping, { fields: REMITTANCE_FIELDS, labels: FIELD_LABELS }, (cell, row) => {
    const awb = cell('awb').trim();
    const utr = cell('utr').trim();
    const amountText = cell('amount');
    const dateText = cell('date');
    const problems: string[] = [];
    if (!awb) problems.push('the AWB is empty');
    else if (awb.length > 64) problems.push('the AWB is longer than 64 characters');
    if (!utr) problems.push('the UTR is empty');
    else if (utr.length > 64) problems.push('the UTR is longer than 64 characters');
    const paise = parsePaise(amountText);
    if (paise === null) problems.push(`"${amountText.slice(0, 40)}" is not an amount`);
    else if (paise < 0) problems.push('the amount is negative');
    const date = parseDayMonthYear(dateText);
    if (!date) problems.push(`"${dateText.slice(0, 40)}" is not a date (DD/MM/YYYY)`);
    const key = `${awb}|${utr}`;
    if (awb && utr && seen.has(key)) problems.push(`the same AWB and UTR as row ${seen.get(key)}`);
    if (problems.length) return problems;
    seen.set(key, row);
    return { row, awb, utr, date: date!, paise: paise! };
  });
}

async function mappingFor(dbh: DbHandle, courier: string, given: ColumnMapping | undefined): Promise<ColumnMapping> {
  const saved = given ? null : (await store.courierSettings(dbh.db)).find((s) => s.courier === courier)?.mapping;
  return chooseMapping(given, saved, columnMappingSchema, BUILT_IN_LAYOUTS[courier], NO_MAPPING);
}

/**
 * Imports a courier's remittance file whole or not at all: every row is checked first (row errors in
 * words); rows already imported (same courier, AWB and UTR) are skipped, so importing again adds nothing.
 */
export async function importRemittances(dbh: DbHandle, actor: ServiceActor, input: RemittanceImportInput): Promise<ImportResult> {
  mayReconcile(actor);
  const bytes = Buffer.from(input.contentBase64, 'base64');
  const mapping = await mappingFor(dbh, input.courier, input.mapping);
  const rows = parseRows(await readTable(input.fileName, bytes), mapping);
  return matchRemittanceRows(dbh, actor, input.courier, input.fileName, rows, input.mapping);
}

/** Matches parsed rows to delivered COD orders and stores them with their flags (one transaction). */
export async function matchRemittanceRows(
  dbh: DbHandle,
  actor: ServiceActor,
  courier: string,
  fileName: string,
  rows: readonly ParsedRow[],
  saveMapping?: ColumnMapping,
): Promise<ImportResult> {
  const now = nowIso();
  const importId = uuidv7();
  const flags = Object.fromEntries(FLAGS.map((f) => [f, 0])) as ImportResult['flags'];
  let added = 0;
  await dbh.db.transaction().execute(async (tx) => {
    // An AWB met earlier in the file: that row is a remittance of it already.
    const seen = new Set<string>();
    const incoming = rows.map((r) => {
      const dup = seen.has(r.awb) ? 1 : 0;
      seen.add(r.awb);
      return { id: uuidv7(), awb: r.awb, utr: r.utr, date: r.date, paise: r.paise, dup } as const;
    });
    const added_ = await store.insertMatchedRemittances(tx, dbh.dialect, { importId, courier, now }, incoming);
    for (const f of added_) flags[f as keyof typeof flags]++;
    added = added_.length;
    await store.insertImport(tx, { id: importId, kind: 'remittance', courier, file_name: fileName.slice(0, 200), rows: rows.length, added, created_by: actor.id, created_at: now });
    if (saveMapping) await store.saveCourierSetting(tx, courier, { mapping: JSON.stringify(saveMapping) }, DEFAULT_NOT_REMITTED_DAYS, now);
  });
  const already = rows.length - added;
  return {
    status: true,
    message: `${added} remittance rows imported${already ? `; ${already} were imported before` : ''}`,
    importId, rows: rows.length, added, alreadyImported: already, flags,
  };
}

const BANK_COLUMNS = { utr: ['utr', 'utr no', 'utr number', 'reference', 'ref no', 'reference no', 'chq/ref no'], amount: ['credit', 'amount', 'deposit', 'credit amount'] };

/** Matches a bank statement's credits to remittances by UTR: a UTR matches when its credit equals the remittances under it. */
export async function importBankStatement(dbh: DbHandle, actor: ServiceActor, input: BankStatementInput): Promise<BankResult> {
  mayReconcile(actor);
  const table = await readTable(input.fileName, Buffer.from(input.contentBase64, 'base64'));
  requireBody(table);
  const header = table[0].map(norm);
  const utrAt = header.findIndex((h) => BANK_COLUMNS.utr.includes(h));
  const amountAt = header.findIndex((h) => BANK_COLUMNS.amount.includes(h));
  const errors = [
    ...(utrAt < 0 ? [{ path: 'utr', message: 'The statement needs a UTR (or Reference) column' }] : []),
    ...(amountAt < 0 ? [{ path: 'amount', message: 'The statement needs a Credit (or Amount) column' }] : []),
  ];
  if (errors.length) throw invalid(FILE_HAS_ERRORS, errors);
  const lines: { row: number; utr: string; paise: number }[] = [];
  const rowErrors: { path: string; message: string }[] = [];
  for (let i = 1; i < table.length; i++) {
    const utr = (table[i][utrAt] ?? '').trim();
    const amountText = (table[i][amountAt] ?? '').trim();
    if (!utr && !amountText) continue;
    const paise = parsePaise(amountText);
    if (!utr || utr.length > 64 || paise === null) {
      if (rowErrors.length < 200) rowErrors.push({ path: `row ${i + 1}`, message: rowError(i + 1, !utr ? 'the UTR is empty' : utr.length > 64 ? 'the UTR is longer than 64 characters' : `"${amountText.slice(0, 40)}" is not an amount`) });
      continue;
    }
    lines.push({ row: i + 1, utr, paise });
  }
  if (rowErrors.length) throw invalid(FILE_HAS_ERRORS, rowErrors);
  const unmatched: BankResult['unmatched'] = [];
  let matchedUtrs = 0;
  await dbh.db.transaction().execute(async (tx) => {
    const byUtr = await store.remittancesByUtr(tx, lines.map((l) => l.utr));
    const now = nowIso();
    for (const l of lines) {
      const r = byUtr.get(l.utr);
      if (!r) unmatched.push({ row: l.row, utr: l.utr, amountPaise: l.paise, reason: 'No remittance has this UTR' });
      else if (r.paise !== l.paise) unmatched.push({ row: l.row, utr: l.utr, amountPaise: l.paise, reason: `The couriers' files remit ${r.paise} paise under this UTR` });
      else {
        matchedUtrs++;
        await store.markBankMatched(tx, r.ids, now);
      }
    }
    await store.insertImport(tx, { id: uuidv7(), kind: 'bank', courier: null, file_name: input.fileName.slice(0, 200), rows: lines.length, added: matchedUtrs, created_by: actor.id, created_at: now });
  });
  return { status: true, message: `${matchedUtrs} of ${lines.length} bank credits matched by UTR`, lines: lines.length, matchedUtrs, unmatched };
}

const courierOf = (deliveryPartnerId: string | null) => (deliveryPartnerId ?? 'unknown').replace(/^dp-/, '');
const DAY = 86_400_000;

export async function remittanceOverview(dbh: DbHandle, actor: ServiceActor, at = Date.now()): Promise<RemittanceOverview> {
  mayReconcile(actor);
  const settings = await store.courierSettings(dbh.db);
  const daysFor = (c: string) => settings.find((s) => s.courier === c)?.not_remitted_days ?? DEFAULT_NOT_REMITTED_DAYS;
  const rows = await store.listRemittances(dbh.db, actor.scope, 2000);
  const open = await store.unsettledDeliveredCod(dbh.db, actor.scope);
  const ageing = new Map<string, AgeingRow>();
  const notRemitted: RemittanceOverview['notRemitted'] = [];
  let expectedPaise = 0;
  for (const o of open) {
    const courier = courierOf(o.delivery_partner_id);
    const deliveredAt = (o.delivered_at as string | null) ?? o.updated_at;
    const days = Math.max(0, Math.floor((at - Date.parse(deliveredAt)) / DAY));
    const remitted = o.remitted_paise === null ? null : Number(o.remitted_paise);
    // What the couriers still owe on it: the ageing counts only that.
    const owed = Math.max(0, Number(o.cod_paise) - (remitted ?? 0));
    if (owed > 0) {
      const a = ageing.get(courier) ?? ({ courier, ...Object.fromEntries(AGEING_BUCKETS.map((b) => [b, 0])) } as AgeingRow);
      a[ageingBucket(days)] += owed;
      ageing.set(courier, a);
      expectedPaise += owed;
    }
    if (remitted === null && days > daysFor(courier))
      notRemitted.push({ orderId: o.id, shopOrderId: o.shop_order_id, awb: o.tracking_number!, courier, codPaise: Number(o.cod_paise), deliveredAt, days });
  }
  notRemitted.sort((a, b) => b.days - a.days);
  const weekly = await weeklyExpectedReceived(dbh, actor, at);
  const couriers = [...new Set([...Object.keys(BUILT_IN_LAYOUTS), ...settings.map((s) => s.courier), ...ageing.keys()])].sort();
  return {
    status: true,
    rows: rows.map((r) => ({
      id: r.id, courier: r.courier, awb: r.awb, orderId: r.order_id, shopOrderId: r.shop_order_id ?? null, companyId: r.company_id, companyName: r.company_name ?? null,
      amountPaise: Number(r.amount_paise), expectedPaise: r.expected_paise === null ? null : Number(r.expected_paise), utr: r.utr, remittedOn: r.remitted_on,
      flag: r.flag as RemittanceOverview['rows'][number]['flag'], bankMatched: r.bank_matched_at !== null, settledAt: r.settled_at,
    })),
    notRemitted: notRemitted.slice(0, 500),
    ageing: [...ageing.values()].sort((a, b) => a.courier.localeCompare(b.courier)),
    weekly,
    totals: {
      expectedPaise,
      remittedPaise: rows.reduce((s, r) => s + Number(r.amount_paise), 0),
      settledPaise: rows.filter((r) => r.settled_at).reduce((s, r) => s + Number(r.amount_paise), 0),
    },
    couriers: couriers.map((c) => {
      const s = settings.find((x) => x.courier === c);
      return { courier: c, notRemittedDays: daysFor(c), mapping: s?.mapping ? columnMappingSchema.parse(JSON.parse(s.mapping)) : (BUILT_IN_LAYOUTS[c] ?? null) };
    }),
  };
}

/** COD delivered per week (what couriers owe for it) beside COD remitted per week, the last WEEKS_SHOWN weeks. */
async function weeklyExpectedReceived(dbh: DbHandle, actor: ServiceActor, at: number): Promise<WeekRow[]> {
  const first = addIndiaDays(weekOf(indiaToday(at)), -7 * (WEEKS_SHOWN - 1));
  const weeks = new Map<string, WeekRow>(Array.from({ length: WEEKS_SHOWN }, (_, i) => addIndiaDays(first, 7 * i)).map((w) => [w, { week: w, expectedPaise: 0, receivedPaise: 0 }]));
  for (const o of await store.codDeliveredSince(dbh.db, actor.scope, indiaDayStart(first))) {
    const w = weeks.get(weekOf(indiaDate(String(o.delivered_at))));
    if (w) w.expectedPaise += Number(o.cod_paise);
  }
  for (const r of await store.remittedByDaySince(dbh.db, actor.scope, first)) {
    const w = weeks.get(weekOf(r.remitted_on));
    if (w) w.receivedPaise += Number(r.p);
  }
  return [...weeks.values()];
}

/** Marks remittances settled and their orders' remittance status PAID (once: settling again changes nothing). */
export async function settleRemittances(dbh: DbHandle, actor: ServiceActor, ids: readonly string[]) {
  mayReconcile(actor);
  return dbh.db.transaction().execute(async (tx) => {
    const now = nowIso();
    const r = await store.settle(tx, ids, actor.scope, actor.id, now);
    await store.setOrdersRemittanceStatus(tx, r.orderIds, 'PAID', actor, now, uuidv7);
    return { status: true as const, message: `${r.settled} remittances settled`, settled: r.settled };
  });
}

export async function saveCourierSettings(dbh: DbHandle, actor: ServiceActor, courier: string, notRemittedDays: number) {
  mayReconcile(actor);
  await store.saveCourierSetting(dbh.db, courier, { not_remitted_days: notRemittedDays }, DEFAULT_NOT_REMITTED_DAYS, nowIso());
  return { status: true as const, message: 'Saved' };
}

/**
 * The Tally export of COD received: one receipt voucher per UTR whose bank credit matched, for one company
 * (each company keeps its own books), with the orders it paid in the narration.
 */
export async function remittanceTallyXml(dbh: DbHandle, actor: ServiceActor, input: RemittanceTallyInput): Promise<{ xml: string; vouchers: number }> {
  mayReconcile(actor);
  if (actor.scope && !actor.scope.includes(input.companyId)) throw forbidden();
  const rows = await store.bankMatchedRemittances(dbh.db, input.companyId, input.from, input.to);
  const receipts = new Map<string, TallyReceipt>();
  for (const r of rows) {
    const key = `${r.courier}|${r.utr}`;
    const e = receipts.get(key) ?? { utr: r.utr, date: r.remitted_on, courier: r.courier, lines: [] };
    e.lines.push({ awb: r.awb, orderId: r.shop_order_id, paise: Number(r.amount_paise) });
    receipts.set(key, e);
  }
  return renderTallyReceipts([...receipts.values()]);
}
