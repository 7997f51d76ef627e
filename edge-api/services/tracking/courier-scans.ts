/**
 * Live couriers' tracking (Delhivery, Shiprocket) onto the orders' timelines:
 * their push webhooks (POST /api/webhooks/courier/{connectionId}) and the
 * tracking poll (edge-api/carriers/live/tracking-poll.ts) both end here.
 *
 * - The push is proven by the token the seller set at the courier, sent in the
 *   `x-api-key` header (Shiprocket documents it; Delhivery's webhook form takes
 *   the header the seller names), compared in constant time with the token kept
 *   sealed in the connection. An unknown connection answers like a wrong token.
 * - A scan is one event keyed by courier, AWB, status words and time: the same
 *   scan pushed again, or pushed and then polled, is on the timeline once.
 * - A status the courier's table does not know, or an AWB that is not the
 *   company's, is answered 200 and said so (the courier would only send it
 *   again), and nothing changes.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { DbHandle } from '../../../db/connect';
import { orderByCompanyAwb } from '../../../db/tracking/carrier-events';
import { STATUS_DESCRIPTIONS, WEBHOOK_CLOCK_SKEW_MS } from '../../../domain/tracking';
import type { BilledWeight } from '../../../domain/weights';
import { delhiveryPushScans, delhiveryPushWeights, shiprocketWebhookScans } from '../../carriers/live/scans';
import type { CourierScan } from '../../carriers/types';
import type { AppConfig } from '../../env';
import { openConnection } from '../../integrations/connections';
import { recordCourierWeights, type PushedWeightsOutcome } from '../finance/weights';
import { applyTimelineEvent } from './carrier-events';

/** How each live courier's push body is read. */
const PUSH_READERS: Record<string, (body: unknown) => CourierScan[]> = {
  delhivery: delhiveryPushScans,
  shiprocket: shiprocketWebhookScans,
};
/**
 * The weights a live courier's push carries (billed weights for weight reconciliation). Shiprocket's tracking
 * webhook documents none, so it has no reader (docs/integrations/weight-reconciliation.md).
 */
const PUSH_WEIGHT_READERS: Record<string, (body: unknown) => BilledWeight[]> = {
  delhivery: (body) => delhiveryPushWeights(body),
};
const TITLES: Record<string, string> = { delhivery: 'Delhivery', shiprocket: 'Shiprocket' };

export const COURIER_PUSH_TOKEN_HEADER = 'x-api-key';
export const COURIER_PUSH_BAD_TOKEN = 'Invalid webhook token';

export type ScanOutcome = { received: number; applied: number; duplicates: number; ignored: { awb: string; label: string; reason: string }[] };
export type CourierConn = { id: string; companyId: string; kind: string };

const UUID_RE = /^[0-9a-f-]{36}$/i;

function tokenMatches(expected: string | undefined, given: string | undefined): boolean {
  if (!expected || !given || given.length > 256) return false;
  const [a, b] = [createHash('sha256').update(expected).digest(), createHash('sha256').update(given.trim()).digest()];
  return timingSafeEqual(a, b);
}

/** The scans onto their orders' timelines; see the file's head. */
export async function recordCourierScans(dbh: DbHandle, conn: CourierConn, scans: readonly CourierScan[], now: Date = new Date()): Promise<ScanOutcome> {
  const out: ScanOutcome = { received: scans.length, applied: 0, duplicates: 0, ignored: [] };
  const title = TITLES[conn.kind] ?? conn.kind;
  for (const s of scans) {
    const ignore = (reason: string) => out.ignored.push({ awb: s.awb, label: s.label, reason });
    if (!s.status) {
      ignore(`${title} status "${s.label}" is not one we track`);
      continue;
    }
    if (Date.parse(s.occurredAt) > now.getTime() + WEBHOOK_CLOCK_SKEW_MS) {
      ignore('The scan is stamped in the future');
      continue;
    }
    const order = await orderByCompanyAwb(dbh.db, conn.companyId, [...new Set([s.awb, s.awb.toUpperCase()])]);
    if (!order) {
      ignore('No order of this company has this AWB');
      continue;
    }
    const key = `${conn.kind}:${s.awb}:${createHash('sha256').update(`${s.label.toUpperCase()}|${s.occurredAt}`).digest('hex').slice(0, 32)}`;
    const r = await applyTimelineEvent(dbh, order.id, s.status, {
      description: s.description || STATUS_DESCRIPTIONS[s.status] || s.label, city: s.city, actorId: conn.id, actorName: title, eventId: key, createdAt: s.occurredAt,
    });
    if (r.duplicate) out.duplicates++;
    else out.applied++;
  }
  return out;
}

export type PushOutcome = { status: 200 | 400 | 401; message: string; outcome?: ScanOutcome; weights?: PushedWeightsOutcome };

/** A live courier's push: token first, then the body read and its scans recorded. */
export async function receiveCourierPush(
  dbh: DbHandle, config: AppConfig, connectionId: string, header: (name: string) => string | undefined, raw: Uint8Array,
): Promise<PushOutcome> {
  const conn = UUID_RE.test(connectionId) ? await openConnection<unknown, { webhookToken?: string }>(dbh, config, connectionId) : null;
  const read = conn && Object.hasOwn(PUSH_READERS, conn.kind) ? PUSH_READERS[conn.kind] : undefined;
  if (!conn || !read || !tokenMatches(conn.secrets.webhookToken, header(COURIER_PUSH_TOKEN_HEADER))) return { status: 401, message: COURIER_PUSH_BAD_TOKEN };
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(raw));
  } catch {
    return { status: 400, message: 'Malformed JSON body' };
  }
  const billed = Object.hasOwn(PUSH_WEIGHT_READERS, conn.kind) ? PUSH_WEIGHT_READERS[conn.kind](body) : [];
  const weights = billed.length ? await recordCourierWeights(dbh, conn, billed, 'push') : undefined;
  const weightPart = weights ? [`billed weight: ${weights.added} recorded, ${weights.already} already recorded, ${weights.ignored.length} ignored`] : [];
  const scans = read(body);
  if (scans.length === 0) {
    const message = weights ? ['No scan could be read', ...weightPart].join('; ') : 'No scan could be read: nothing changed';
    return { status: 200, message, outcome: { received: 0, applied: 0, duplicates: 0, ignored: [] }, weights };
  }
  const outcome = await recordCourierScans(dbh, conn, scans);
  const parts = [`${outcome.applied} applied`, `${outcome.duplicates} already recorded`, `${outcome.ignored.length} ignored`];
  return { status: 200, message: [parts.join(', '), ...weightPart].join('; '), outcome, weights };
}
