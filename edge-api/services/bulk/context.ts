// Who runs a bulk upload, for which company, and how a row says "no".
import type { Role } from '../../../domain/roles';

export type BulkActor = {
  id: string;
  name: string;
  role: Role;
  /** The company the rows are for (null for admin uploads that find their orders by AWB). */
  companyId: string | null;
  /** The warehouse user's warehouse (inventory). */
  warehouseId: string | null;
  /** Companies the actor may touch; null = all (admin). */
  scope: string[] | null;
};

/** A row's refusal: the column it is about and the reason shown on that cell. */
export class RowFailure extends Error {
  constructor(
    readonly col: string,
    message: string,
  ) {
    super(message);
    this.name = 'RowFailure';
  }
}

export const needCompany = (a: BulkActor): string => {
  if (!a.companyId) throw new RowFailure('', 'Please select company');
  return a.companyId;
};
