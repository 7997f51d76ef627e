// Weight reconciliation use cases: import a courier's billed weights (the same
// import machinery as remittance files), list discrepancies with the evidence
// recorded at packing and the dispute deadline, accept or dispute them, the
// dispute file to send the courier, totals by courier, the seller's tolerance.
import type { DbHandle } from '../../../db/connect';
import { insertImport } from '../../../db/finance/remittance';
import * as store from '../../../db/finance/weights';
import { csvLine } from '../../../domain/csv';
import { uuidv7, nowIso } from '../../../domain/ids';
import { addIndiaDays, indiaCsvDateTime, indiaDayEnd, indiaToday } from '../../../domain/india-time';
import { paiseToDecimalText } from '../../../domain/money';
import { forbidden, invalid } from '../../../domain/refusal';
import { parseDayMonthYear, parsePaise } from '../../../domain/remittance';
import {
  BUILT_IN_WEIGHT_LAYOUTS,
  DEFAULT_DISPUTE_DAYS,
  DISCREPANCY_STATUSES,
  DISPUTE_FILE_HEADER,
  disputeTooLate,
  gramsToKg,
  MAX_BILLED_G,
  NO_WEIGHT_MAPPING,
  OPTIONAL_WEIGHT_FIELDS,
  parseGrams,
  PHOTO_LINK_DAYS_AFTER_DEADLINE,
  WEIGHT_FIELD_LABELS,
  WEIGHT_FIELDS,
  WEIGHT_STATUSES,
  weightMappingSchema,
  weightStatus,
  type DecideInput,
  type WeightCourierTotals,
  type WeightImportInput,
  type WeightImportResult,
  type WeightMapping,
  type WeightOverview,
  type WeightRow,
  type BilledWeight,
  type WeightSource,
  type WeightStatus,
} from '../../../domain/weights';
import type { ServiceActor } from '../audit/actor';
import { signedFileLink } from '../uploads/store';
import { chooseMapping, parseMappedRows, readTable } from './import-table';

const mayImport = (actor: ServiceActor) => {
  if (actor.role !== 'finance' && actor.role !== 'admin') throw forbidden('Couriers\' weight files are imported by finance and admin users');
};
const mayView = (actor: ServiceActor) => {
  if (actor.role !== 'finance' && actor.role !== 'admin' && actor.role !== 'seller') throw forbidden('Weight reconciliation is for finance, admin and seller users');
};

type ParsedWeight = BilledWeight & { row: number };
type Tx = Parameters<typeof store.insertCharges>[0];

function parseRows(table: string[][], mapping: WeightMapping): ParsedWeight[] {
  const seen = new Map<string, number>();
  return parseMappedRows(table, mapping, { fields: WEIGHT_FIELDS, optional: OPTIONAL_WEIGHT_FIELDS, labels: WEIGHT_FIELD_LABELS }, (cell, row) => {
    const awb = cell('awb').trim();
    const weightText = cell('weight');
    const dateText = cell('date');
    const chargeText = cell('charge').trim();
    const problems: string[] = [];
    if (!awb) problems.push('the AWB is empty');
    else if (awb.length > 64) problems.push('the AWB is longer than 64 characters');
    const grams = parseGrams(weightText);
    if (grams === null) problems.push(`"${weightText.slice(0, 40)}" is not a weight (kg, or g when written)`);
    else if (grams <= 0 || grams > MAX_BILLED_G) problems.push(`the billed weight ${gramsToKg(grams)} kg is not between 0 and 1000 kg`);
    const date = parseDayMonthYear(dateText);
    if (!date) problems.push(`"${dateText.slice(0, 40)}" is not a date (DD/MM/YYYY)`);
    const chargePaise = chargeText ? parsePaise(chargeText) : null;
    if (chargeText && chargePaise === null) problems.push(`"${chargeText.slice(0, 40)}" is not an amount`);
    else if (chargePaise !== null && chargePaise < 0) problems.push('the extra charge is negative');
    if (awb && seen.has(awb)) problems.push(`the same AWB as row ${seen.get(awb)}`);
    if (problems.length) return problems;
    seen.set(awb, row);
    return { row, awb, date: date!, grams: grams!, chargePaise };
  });
}

async function settingsOf(dbh: DbHandle, courier: string) {
  const s = (await store.courierSettings(dbh.db)).find((x) => x.courier === courier);
  return { disputeDays: s?.dispute_days ?? DEFAULT_DISPUTE_DAYS, mapping: s?.mapping ?? null };
}

type Origin = { source: WeightSource; importId: string; courier: string; disputeDays: number };
type Recorded = { added: number; already: number; notTheCompanys: string[]; statuses: Record<WeightStatus, number> };

/**
 * The one path a billed weight takes, from a courier's file or its push: each AWB is compared with the
 * chargeable weight recorded at packing (a difference within the seller's tolerance is accepted without
 * asking) and its dispute deadline fixed. An AWB this courier billed before, by file or push, is left as it
 * is, so a weight is never counted twice. With `companyId` (a push through a company's connection) only
 * that company's orders are matched; other AWBs are returned, not stored.
 */
async function recordBilled(tx: Tx, origin: Origin, rows: readonly BilledWeight[], companyId?: string): Promise<Recorded> {
  const statuses = Object.fromEntries(WEIGHT_STATUSES.map((s) => [s, 0])) as Record<WeightStatus, number>;
  const awbs = rows.map((r) => r.awb);
  const orders = await store.packedByAwb(tx, awbs, companyId);
  const held = await store.billedAwbs(tx, origin.courier, awbs);
  const tol = await store.tolerances(tx, [...orders.values()].map((o) => o.company_id));
  const fresh: store.NewWeightCharge[] = [];
  const notTheCompanys: string[] = [];
  const now = nowIso();
  for (const r of rows) {
    if (held.has(r.awb)) continue;
    const o = orders.get(r.awb);
    if (!o && companyId !== undefined) {
      notTheCompanys.push(r.awb);
      continue;
    }
    const packed = o?.chargeable_weight_g ?? null;
    const status = weightStatus(packed, !!o, r.grams, o ? (tol.get(o.company_id) ?? 0) : 0);
    statuses[status]++;
    fresh.push({
      id: uuidv7(), import_id: origin.importId, source: origin.source, courier: origin.courier, awb: r.awb, billed_on: r.date, billed_weight_g: r.grams, charge_paise: r.chargePaise,
      order_id: o?.id ?? null, company_id: o?.company_id ?? null, packed_chargeable_g: packed, difference_g: packed === null ? null : r.grams - packed,
      status, dispute_by: addIndiaDays(r.date, origin.disputeDays), decided_at: null, decided_by: null, created_at: now,
    });
  }
  const added = await store.insertCharges(tx, fresh);
  return { added, already: rows.length - notTheCompanys.length - added, notTheCompanys, statuses };
}

/**
 * Imports a courier's billed weights whole or not at all (row errors in words), through the same path as
 * pushed weights (recordBilled): an AWB the courier billed before, by file or push, is skipped, so
 * importing again adds nothing.
 */
export async function importWeights(dbh: DbHandle, actor: ServiceActor, input: WeightImportInput): Promise<WeightImportResult> {
  mayImport(actor);
  const settings = await settingsOf(dbh, input.courier);
  const mapping = chooseMapping(input.mapping, settings.mapping, weightMappingSchema, BUILT_IN_WEIGHT_LAYOUTS[input.courier], NO_WEIGHT_MAPPING);
  const rows = parseRows(await readTable(input.fileName, Buffer.from(input.contentBase64, 'base64')), mapping);
  const now = nowIso();
  const importId = uuidv7();
  const r = await dbh.db.transaction().execute(async (tx) => {
    const recorded = await recordBilled(tx, { source: 'file', importId, courier: input.courier, disputeDays: settings.disputeDays }, rows);
    // The import is recorded beside the remittance imports (kind 'weight').
    await insertImport(tx, { id: importId, kind: 'weight', courier: input.courier, file_name: input.fileName.slice(0, 200), rows: rows.length, added: recorded.added, created_by: actor.id, created_at: now });
    if (input.mapping) await store.saveCourierSetting(tx, input.courier, { mapping: JSON.stringify(input.mapping) }, DEFAULT_DISPUTE_DAYS, now);
    return recorded;
  });
  const { added, already, statuses } = r;
  const open = statuses.open;
  return {
    status: true,
    message: `${added} billed weights imported${open ? `; ${open} to review` : ''}${already ? `; ${already} were imported before` : ''}`,
    importId, rows: rows.length, added, alreadyImported: already, statuses,
  };
}

export type PushedWeightsOutcome = { added: number; already: number; ignored: { awb: string; reason: string }[] };

/**
 * Billed weights a courier sent, in its tracking push or its tracking answer to the poll (`source` 'push' or
 * 'poll'; edge-api/carriers/live/scans.ts reads them), recorded through the same path as an imported file:
 * one row per courier and AWB, so the same weight again, by push, poll or the courier's file imported later,
 * adds nothing. Only AWBs of the connection's company are taken.
 */
export async function recordCourierWeights(
  dbh: DbHandle, conn: { id: string; companyId: string; kind: string }, weights: readonly BilledWeight[], source: Exclude<WeightSource, 'file'>,
): Promise<PushedWeightsOutcome> {
  if (!weights.length) return { added: 0, already: 0, ignored: [] };
  const { disputeDays } = await settingsOf(dbh, conn.kind);
  const r = await dbh.db.transaction().execute((tx) => recordBilled(tx, { source, importId: conn.id, courier: conn.kind, disputeDays }, weights, conn.companyId));
  return { added: r.added, already: r.already, ignored: r.notTheCompanys.map((awb) => ({ awb, reason: 'No order of this company has this AWB' })) };
}

type ChargeRow = Awaited<ReturnType<typeof store.listCharges>>[number];
const n = (x: unknown) => (x === null || x === undefined ? null : Number(x));

function toRow(r: ChargeRow, today: string): WeightRow {
  return {
    id: r.id, courier: r.courier, awb: r.awb, orderId: r.order_id, shopOrderId: r.shop_order_id ?? null, companyName: r.company_name ?? null,
    billedOn: r.billed_on, billedWeightG: Number(r.billed_weight_g), chargePaise: n(r.charge_paise), packedChargeableG: n(r.packed_chargeable_g), differenceG: n(r.difference_g),
    status: r.status as WeightStatus, disputeBy: r.dispute_by, deadlinePassed: r.dispute_by < today, source: r.source === 'push' || r.source === 'poll' ? r.source : 'file',
    evidence: {
      photoUrl: r.packed_photo_key ? `/api/files/${r.packed_photo_key}` : null,
      packedWeightG: n(r.packed_weight_g), lengthCm: n(r.packed_length_cm), breadthCm: n(r.packed_breadth_cm), heightCm: n(r.packed_height_cm),
      volumetricWeightG: n(r.volumetric_weight_g), weighedAt: r.weighed_at ?? null, packedBy: r.packed_by ?? null,
    },
  };
}

/** Billed weights (discrepancies first, then newest) with their evidence, totals by courier, courier settings. */
export async function weightOverview(dbh: DbHandle, actor: ServiceActor, filter: { courier?: string }, now = Date.now()): Promise<WeightOverview> {
  mayView(actor);
  const today = indiaToday(now);
  const rows = await store.listCharges(dbh.db, actor.scope, filter, 2000);
  const byCourier = new Map<string, WeightCourierTotals>();
  for (const t of await store.totalsByCourier(dbh.db, actor.scope)) {
    const e = byCourier.get(t.courier) ?? { courier: t.courier, billed: 0, discrepancies: 0, open: 0, disputed: 0, accepted: 0, autoAccepted: 0, extraG: 0, extraPaise: 0 };
    const count = Number(t.n);
    e.billed += count;
    if (DISCREPANCY_STATUSES.includes(t.status as WeightStatus)) {
      e.discrepancies += count;
      e.extraG += Number(t.g ?? 0);
      e.extraPaise += Number(t.p ?? 0);
    }
    if (t.status === 'open') e.open += count;
    if (t.status === 'disputed') e.disputed += count;
    if (t.status === 'accepted') e.accepted += count;
    if (t.status === 'auto_accepted') e.autoAccepted += count;
    byCourier.set(t.courier, e);
  }
  const settings = await store.courierSettings(dbh.db);
  const couriers = [...new Set([...Object.keys(BUILT_IN_WEIGHT_LAYOUTS), ...settings.map((s) => s.courier), ...byCourier.keys()])].sort();
  const seller = actor.role === 'seller' && actor.scope?.length ? actor.scope[0] : null;
  const order = (s: string) => (s === 'open' ? 0 : DISCREPANCY_STATUSES.includes(s as WeightStatus) ? 1 : 2);
  return {
    status: true,
    rows: rows.map((r) => toRow(r, today)).sort((a, b) => order(a.status) - order(b.status)),
    totals: [...byCourier.values()].sort((a, b) => a.courier.localeCompare(b.courier)),
    couriers: couriers.map((c) => {
      const s = settings.find((x) => x.courier === c);
      return { courier: c, disputeDays: s?.dispute_days ?? DEFAULT_DISPUTE_DAYS, mapping: s?.mapping ? weightMappingSchema.parse(JSON.parse(s.mapping)) : (BUILT_IN_WEIGHT_LAYOUTS[c] ?? null) };
    }),
    toleranceG: seller ? ((await store.tolerances(dbh.db, [seller])).get(seller) ?? 0) : null,
  };
}

/**
 * Accepts or disputes discrepancies (in scope; rows that are not a discrepancy are left as they are).
 * A dispute after its window closed is refused, and then nothing changes.
 */
export async function decideWeights(dbh: DbHandle, actor: ServiceActor, input: DecideInput, now = Date.now()) {
  mayView(actor);
  const today = indiaToday(now);
  return dbh.db.transaction().execute(async (tx) => {
    const rows = await store.chargesFor(tx, input.ids, actor.scope);
    const from = input.decision === 'accept' ? ['open', 'auto_accepted', 'disputed'] : ['open', 'auto_accepted', 'accepted'];
    const to = input.decision === 'accept' ? 'accepted' : 'disputed';
    const change = rows.filter((r) => from.includes(r.status));
    if (input.decision === 'dispute') {
      const late = change.find((r) => r.dispute_by < today);
      if (late) throw invalid(disputeTooLate(late.awb, late.dispute_by));
    }
    await store.setStatus(tx, change.map((r) => r.id), to, actor.id, nowIso());
    const word = input.decision === 'accept' ? 'accepted' : 'disputed';
    return { status: true as const, message: `${change.length} billed weights ${word}`, changed: change.length };
  });
}

/**
 * The dispute file for a courier: the disputed rows still within their window, with the packing evidence.
 * The parcel photo is a signed link (`signedFileLink`) the courier opens without a session: that one photo
 * only, until the end of PHOTO_LINK_DAYS_AFTER_DEADLINE days after the dispute-by day (India), and not once
 * the link is changed. `link.publicUrl` makes it absolute.
 */
export async function disputeFile(dbh: DbHandle, actor: ServiceActor, courier: string, link: { signingKey: string; publicUrl: string }, now = Date.now()): Promise<string> {
  mayView(actor);
  const today = indiaToday(now);
  const raw = (await store.listCharges(dbh.db, actor.scope, { courier, statuses: ['disputed'] }, 100_000)).map((r) => ({ r: toRow(r, today), photoKey: r.packed_photo_key ?? null }));
  const rows = raw.filter((x) => !x.r.deadlinePassed);
  const kg = (g: number | null) => (g === null ? '' : gramsToKg(g));
  const origin = link.publicUrl.replace(/\/$/, '');
  const photoLink = (key: string | null, disputeBy: string) => {
    if (!key) return { url: '', until: '' };
    const last = addIndiaDays(disputeBy, PHOTO_LINK_DAYS_AFTER_DEADLINE);
    return { url: origin + signedFileLink(link.signingKey, key, now, Date.parse(indiaDayEnd(last))), until: last };
  };
  return (
    csvLine(DISPUTE_FILE_HEADER) +
    rows
      .map(({ r, photoKey }) => {
        const photo = photoLink(photoKey, r.disputeBy);
        return csvLine([
          r.awb, r.shopOrderId ?? '', r.billedOn, kg(r.billedWeightG), kg(r.evidence.packedWeightG), r.evidence.lengthCm, r.evidence.breadthCm, r.evidence.heightCm,
          kg(r.evidence.volumetricWeightG), kg(r.packedChargeableG), kg(r.differenceG), r.chargePaise === null ? '' : paiseToDecimalText(r.chargePaise),
          r.evidence.weighedAt ? indiaCsvDateTime(r.evidence.weighedAt) : '', r.evidence.packedBy ?? '', photo.url, r.disputeBy, photo.until,
        ]);
      })
      .join('')
  );
}

/** The seller's tolerance: billed weights this many grams above packing are accepted without asking; undecided rows are judged again. */
export async function saveTolerance(dbh: DbHandle, actor: ServiceActor, toleranceG: number) {
  if (actor.role !== 'seller') throw forbidden('The tolerance is set by the seller');
  const companyId = actor.scope?.[0];
  if (!companyId) throw forbidden();
  return dbh.db.transaction().execute(async (tx) => {
    await store.saveTolerance(tx, companyId, toleranceG, actor.id, nowIso());
    const reassessed = await store.reassess(tx, companyId, toleranceG);
    return { status: true as const, message: `Tolerance saved${reassessed ? `; ${reassessed} billed weights judged again` : ''}`, reassessed };
  });
}

export async function saveWeightCourier(dbh: DbHandle, actor: ServiceActor, courier: string, disputeDays: number) {
  mayImport(actor);
  await store.saveCourierSetting(dbh.db, courier, { dispute_days: disputeDays }, DEFAULT_DISPUTE_DAYS, nowIso());
  return { status: true as const, message: 'Saved' };
}
