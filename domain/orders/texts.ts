// The orders workspace's texts: the spec's exact messages first, then our own,
// with the limits a message names.
import { SERVER_ERROR } from '../api';
import { SERVER_ERROR_RETRY } from '../messages';

export const NOTHING_TO_DISPLAY = 'Nothing to display here';
export const LOAD_FAILED_FALLBACK = 'Sorry, Failed to load data';
export const FAILED_TO_GET_ORDERS = 'Failed to get orders';
export const ERROR_TITLE = 'Error';
export const BULK_CANCEL_LIMIT = 50;
export const BULK_CANCEL_LIMIT_MSG = 'Limit to bulk cancel placed orders is 50';
export const BULK_FAILED_TITLE = 'Failed';
export const SOMETHING_WENT_WRONG = SERVER_ERROR;
export const RETURN_QTY_TOO_HIGH = 'Return quantity cannot be greater than actual';
export const RETURN_QTY_ZERO = 'Return quantity cannot be zero';
export const SERVER_ERROR_TITLE = 'Server Error';
export const ORDER_LOAD_FAILED = SERVER_ERROR_RETRY;
export const REVERT_FAILED = 'Failed to bring back order status to PLACED';
export const REGENERATE_FAILED = 'Failed to regenerate invoice and label';
export const MARK_DELIVERED_FALLBACK = 'could not mark order as delivered';
export const SYNCED = 'Synced';
export const NOT_SYNCED = 'Not Synced';
export const CANCEL_REASON_MAX = 500;
export const CANCEL_REASON_TOO_LONG = 'Reason cannot be more than 500 characters';
export const CANCEL_REASON_REQUIRED = 'Please enter a reason for cancellation';
export const DUE_DATE_WINDOW_DAYS = 60;
export const DUE_DATE_OUT_OF_WINDOW = 'Due date must be between today and 60 days from today';
export const ORDER_NOT_FOUND = 'Order not found';
export const FILTER_TAGS_SHOWN = 3;
export const moreFiltersLabel = (n: number) => `+${n} more filters`;
/** Saved order filter lifetime in session storage (part 1 §9). */
export const SAVED_FILTER_TTL_MS = 6 * 60 * 60 * 1000;

/** "1 order", "2 orders": a count with its noun, singular for one. */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${new Intl.NumberFormat('en-IN').format(n)} ${n === 1 ? one : many}`;
}

export const syncLabel = (synced: boolean | number) => (synced ? SYNCED : NOT_SYNCED);
