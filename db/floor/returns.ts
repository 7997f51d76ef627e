// Return approval (RTO / DTO): record what came back, missing and damaged,
// with proof photos; restock the good units; move the order to *_PROCESSED.
import { uuidv7 } from '../../domain/ids';
import {
  approvableAs,
  checkReturnLine,
  isReturnProcessed,
  notApprovableReason,
  returnLines,
  type ReturnRow,
  type ReturnType,
} from '../../domain/floor';
import { FloorRefusal, ORDER_NOT_FOUND, type FloorDb, type FloorScope, type FloorTx } from './context';
import { applyStockChange, lockStock } from './inventory';
import { buildOrderDocs, lockOrder, selectFloorOrders, visible, writeOrderStatus } from './orders';

export interface ApproveReturnArgs {
  orderId: string;
  returnType: ReturnType;
  items: { wsin: string; sku: string; missingQuantity: number; damageQuantity: number; imageKey?: string }[];
}

const PROOF_KEY = /^proof-[0-9a-f-]{36}\.(jpg|png|webp)$/;

/** A proof image reference as sent by clients: a key, or the /api/files/ url of one. */
export function proofKey(ref: string): string {
  return ref.replace(/^.*\/api\/files\//, '');
}

export async function approveReturn(tx: FloorTx, args: ApproveReturnArgs): Promise<void> {
  const order = await lockOrder(tx, args.orderId);
  const [doc] = await buildOrderDocs(tx.db, [order], null);
  const as = approvableAs(doc);
  if (as === null || as !== args.returnType) throw new FloorRefusal(409, notApprovableReason(doc, args.returnType));

  const lines = new Map(returnLines(doc.items, args.returnType).map((l) => [l.wsin, l]));
  const given = new Map(args.items.map((i) => [i.wsin, i]));
  for (const item of args.items) {
    const line = lines.get(item.wsin);
    if (!line) throw new FloorRefusal(400, `WSIN ${item.wsin} is not in order ${doc.shopOrderId}`);
    const problem = checkReturnLine(item, line.max);
    if (problem) throw new FloorRefusal(400, problem);
    if (item.imageKey) {
      const key = proofKey(item.imageKey);
      const upload = PROOF_KEY.test(key)
        ? await tx.db.selectFrom('uploads').select(['company_id']).where('key', '=', key).where('purpose', '=', 'proof').executeTakeFirst()
        : undefined;
      if (!upload || (upload.company_id && upload.company_id !== order.company_id)) {
        throw new FloorRefusal(400, `The proof photo of ${item.wsin} was not uploaded`);
      }
    }
  }

  let restocked = 0;
  let missing = 0;
  let damaged = 0;
  for (const line of lines.values()) {
    const item = given.get(line.wsin) ?? { wsin: line.wsin, sku: line.sku, missingQuantity: 0, damageQuantity: 0 };
    const good = line.max - item.missingQuantity - item.damageQuantity;
    missing += item.missingQuantity;
    damaged += item.damageQuantity;
    await tx.db
      .insertInto('return_items')
      .values({
        id: uuidv7(), order_id: order.id, company_id: order.company_id, return_type: args.returnType, wsin: line.wsin, sku: line.sku,
        product_title: line.productTitle, expected_quantity: line.max, missing_quantity: item.missingQuantity, damage_quantity: item.damageQuantity,
        image_key: 'imageKey' in item && item.imageKey ? proofKey(item.imageKey) : null, actor_id: tx.actor.id, actor_name: tx.actor.name, created_at: tx.now,
      })
      .execute();
    if (good > 0 && order.warehouse_id) {
      const row = await lockStock({ ...tx, scope: { companies: null, warehouseId: null } }, { warehouseId: order.warehouse_id, companyId: order.company_id, wsin: line.wsin }, { create: true }).catch(() => null);
      if (row) {
        restocked += good;
        await applyStockChange(tx, row, { kind: 'return', delta: good, accepted: good, rejected: item.damageQuantity, remarks: `${args.returnType} of order ${doc.shopOrderId}` });
      }
    }
  }
  const status = args.returnType === 'RTO' ? 'RTO_PROCESSED' : 'DTO_PROCESSED';
  await writeOrderStatus(tx, order, status, {
    description: `${args.returnType} approved: ${restocked} restocked, ${missing} missing, ${damaged} damaged`,
    isReturn: true,
  });
}

/**
 * /return-info and /dto_items_info: the recorded lines of a processed return,
 * or the lines to fill in (zeros) of one awaiting approval, with the limits.
 */
export async function returnInfo(db: FloorDb, scope: FloorScope, orderId: string, returnType?: ReturnType) {
  const order = await selectFloorOrders(db).where('orders.id', '=', orderId).executeTakeFirst();
  if (!order || !visible(scope, order)) throw new FloorRefusal(404, ORDER_NOT_FOUND);
  const [doc] = await buildOrderDocs(db, [order], null);
  const type: ReturnType = returnType ?? (order.status.startsWith('DTO') ? 'DTO' : 'RTO');
  const lines = returnLines(doc.items, type);
  const processed = isReturnProcessed(order.status);
  const recorded = processed
    ? await db.selectFrom('return_items').selectAll().where('order_id', '=', order.id).orderBy('wsin').execute()
    : [];
  const rows: (ReturnRow & { maxQuantity: number })[] = processed
    ? recorded.map((r) => ({
        productTitle: r.product_title, sku: r.sku, wsin: r.wsin, missingQuantity: r.missing_quantity, damageQuantity: r.damage_quantity,
        imageLocation: r.image_key ? `/api/files/${r.image_key}` : null, maxQuantity: r.expected_quantity,
      }))
    : lines.map((l) => ({ productTitle: l.productTitle, sku: l.sku, wsin: l.wsin, missingQuantity: 0, damageQuantity: 0, imageLocation: null, maxQuantity: l.max }));
  return {
    data: rows,
    order: doc,
    returnType: processed ? ((recorded[0]?.return_type as ReturnType | undefined) ?? type) : (approvableAs(doc) ?? type),
    processed,
    approvable: approvableAs(doc) !== null,
  };
}
