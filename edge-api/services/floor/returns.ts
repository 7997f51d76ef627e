// Use cases of return approval that are read by every screen offering it
// (orders list, order slider, returns station). The approval itself is the
// floor's `approveReturn`, run alike by /process-returns and the sync command.
import { notFound } from '../../../domain/refusal';
import { RETURN_APPROVABLE_STATUSES, type ReturnFindResponse, type ReturnRulesResponse } from '../../../domain/floor';
import type { DbHandle } from '../../../db/connect';
import type { FloorDb, FloorScope } from '../../../db/floor/context';
import { findByCode } from '../../../db/floor/orders';
import { approveReturn, OTHER_WAREHOUSE_RETURN_STATUSES, returnAnywhereCompanies, returnInfo, rtsApprovalCompanies, type ApproveReturnArgs } from '../../../db/floor/returns';
import { runOnline, type FloorSession } from './context';

export async function returnRules(db: FloorDb, scope: FloorScope): Promise<ReturnRulesResponse> {
  return { status: true, rtsApprovalCompanyIds: await rtsApprovalCompanies(db, scope) };
}

const FINDABLE = [...RETURN_APPROVABLE_STATUSES, 'READY_TO_SHIP', 'RTO_PROCESSED', 'DTO_PROCESSED'];

/** A return by AWB, return AWB or order number, for a station whose device does not keep it (admins keep none). */
export async function findReturn(db: FloorDb, scope: FloorScope, code: string): Promise<ReturnFindResponse> {
  const row = (await findByCode(db, scope, code, FINDABLE)) ?? (await findAtOtherWarehouse(db, scope, code));
  if (!row) throw notFound(`No return awaiting approval has the AWB ${code.trim()}.`);
  return { status: true, data: { orderId: row.id, status: row.status, shopOrderId: row.shop_order_id } };
}

/**
 * A warehouse user's search beyond their warehouse: returns of the companies
 * in scope whose preference lets them come back to another warehouse.
 */
async function findAtOtherWarehouse(db: FloorDb, scope: FloorScope, code: string) {
  if (scope.warehouseId === null || scope.companies === null) return undefined;
  const companies = [...(await returnAnywhereCompanies(db, scope.companies))];
  if (companies.length === 0) return undefined;
  return findByCode(db, { companies, warehouseId: null }, code, OTHER_WAREHOUSE_RETURN_STATUSES);
}

/** A return's items and state (`returnType` 'DTO': the DTO station's view). */
export const returnInfoOf = (dbh: DbHandle, scope: FloorScope, orderId: string, returnType?: 'DTO') =>
  returnInfo(dbh.db, scope, orderId, returnType);

/** Approves a return online: the same write as the offline return.approve command. */
export const approveReturnOnline = (dbh: DbHandle, s: FloorSession, input: ApproveReturnArgs) => runOnline(dbh, s, (tx) => approveReturn(tx, input));
