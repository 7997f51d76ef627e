// Paging of the order list: sort fields and orders, page sizes, the offset limit.

/** 'id' sorts in creation order: ids are time-ordered, and the list sorts by (created_at, id), so a back-dated order takes its order-date place. */
export const SORT_FIELDS = ['id', 'updatedAt', 'totalPaise'] as const;
export type SortField = (typeof SORT_FIELDS)[number];
export const SORT_ORDERS = ['ASC', 'DESC'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];
export const DEFAULT_PAGE_SIZE = 50;
export const PAGE_SIZES = [20, 50, 100, 200] as const;
/** Offset paging (`page`) is for the first pages only; further on, the cursor. */
export const MAX_OFFSET_ROWS = 2500;
