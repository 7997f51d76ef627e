// The file chosen on /bulk or in the 'Bulk Order Upload' modal, handed to the
// preview route. Kept in memory only: a reload (or a direct visit) has no
// file state and the preview sends the user to /.
import type { BulkType } from '../../../domain/bulk/types';

export type PendingUpload = { type: BulkType; file: File; storeId?: string };

let pending: PendingUpload | null = null;

export const setPendingUpload = (p: PendingUpload | null) => {
  pending = p;
};
export const peekPendingUpload = (type: string): PendingUpload | null => (pending && pending.type === type ? pending : null);
