// Runs one bulk submit: every row is checked again with the type's zod row
// schema, each valid row (or order: rows sharing an id) is applied on its
// own, and the answer lists every refused cell with its reason (part 2 §3
// 'Bulk upload response'). One bad row never stops the others.
import { createHash } from 'node:crypto';
import type { Logger } from 'pino';
import type { DbHandle } from '../../../db/connect';
import { BULK_DEFS, MAX_BULK_ROWS, type BulkType } from '../../../domain/bulk/types';
import { bulkRowSchema, MAX_ROWS_MSG, normaliseRows, type BulkCellError, type BulkResponse } from '../../../domain/bulk/validate';
import type { BulkRow } from '../../../domain/bulk/rules';
import { SERVER_ERROR } from '../../../domain/api';
import { invalid, isRefusal } from '../../../domain/refusal';
import { clusterNames } from '../../../db/bulk/retailers';
import { enqueueJob } from '../../../db/jobs/queue';
import { ROW_APPLIERS, type ApplyContext } from './appliers';
import { orderBatch } from './orders';
import { RowFailure, type BulkActor } from './context';

export const OTHER_ROW_OF_ORDER = 'Another row of this order has an error';

export type BulkRunInput = { rows: Record<string, unknown>[]; fileId?: string; storeId?: string };

/** A long bulk submit run as a durable job (edge-api/jobs/bulk-upload.ts runs it through runBulk). */
export const BULK_UPLOAD_JOB = 'bulk.upload';
export type BulkUploadPayload = { type: BulkType; actor: BulkActor; input: BulkRunInput };

/** Queues a long submit; the page polls GET /api/jobs/:id for the same BulkResponse as the direct call. */
export function queueBulkUpload(dbh: DbHandle, actor: BulkActor, type: BulkType, input: BulkRunInput): Promise<string> {
  const payload: BulkUploadPayload = { type, actor, input };
  return enqueueJob(dbh, { kind: BULK_UPLOAD_JOB, payload, companyId: actor.companyId, userId: actor.id, total: input.rows.length });
}

const keyColumn = (type: BulkType) => BULK_DEFS[type].columns[0].key;

/** Groups of row indexes applied together: the rows of one order id, else each row alone. */
function groupsOf(type: BulkType, rows: BulkRow[]): number[][] {
  if (type !== 'orders') return rows.map((_, i) => [i]);
  const byId = new Map<string, number[]>();
  rows.forEach((r, i) => {
    const g = byId.get(r.id) ?? [];
    g.push(i);
    byId.set(r.id, g);
  });
  return [...byId.values()];
}

export async function runBulk(
  dbh: DbHandle,
  actor: BulkActor,
  type: BulkType,
  input: BulkRunInput,
  opts: { log?: Logger; progress?: (done: number, total: number) => Promise<void> } = {},
): Promise<BulkResponse> {
  if (input.rows.length > MAX_BULK_ROWS) throw invalid(MAX_ROWS_MSG);
  const rows = normaliseRows(type, input.rows);
  // External retailers' cluster: one of the admin console's clusters, known only here.
  const schema = bulkRowSchema(type, type === 'external-retailers' ? { clusters: await clusterNames(dbh.db) } : {});
  const errorArray: BulkCellError[] = [];
  const failed = new Set<number>();
  rows.forEach((row, i) => {
    const parsed = schema.safeParse(row);
    if (parsed.success) return;
    failed.add(i);
    for (const issue of parsed.error.issues) {
      const col = String(issue.path[0] ?? keyColumn(type));
      errorArray.push({ row: i + 1, col, reason: issue.message, value: row[col] ?? '' });
    }
  });
  const fileId = input.fileId ?? createHash('sha256').update(JSON.stringify(rows)).digest('hex').slice(0, 32);
  const ctx: ApplyContext = { dbh, actor, fileId, storeId: input.storeId };
  let success = 0;
  let done = 0;
  const groups = groupsOf(type, rows);
  const orders = type === 'orders' ? await orderBatch(dbh, actor, rows.filter((_, i) => !failed.has(i))) : null;
  for (const group of groups) {
    const refuse = (col: string, reason: string) => {
      for (const i of group) {
        failed.add(i);
        const c = col || keyColumn(type);
        errorArray.push({ row: i + 1, col: c, reason, value: rows[i][c] ?? '' });
      }
    };
    if (group.some((i) => failed.has(i))) {
      for (const i of group) if (!failed.has(i)) refuse(keyColumn(type), OTHER_ROW_OF_ORDER);
    } else {
      try {
        if (orders) await orders.create(group.map((i) => rows[i]));
        else await ROW_APPLIERS[type as Exclude<BulkType, 'orders'>](ctx, rows[group[0]], group[0] + 1);
        success += group.length;
      } catch (e) {
        if (e instanceof RowFailure) refuse(e.col, e.message);
        else if (isRefusal(e)) refuse(e.errors?.[0]?.path ?? '', e.message);
        else {
          opts.log?.error({ err: e, type }, 'bulk row failed');
          refuse('', SERVER_ERROR);
        }
      }
    }
    done += group.length;
    if (opts.progress && (done % 10 === 0 || done === rows.length)) await opts.progress(done, rows.length);
  }
  errorArray.sort((a, b) => a.row - b.row);
  return { errorArray, executeErrors: failed.size, executeSuccess: success };
}
