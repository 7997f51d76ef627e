import { STATUS_LABELS, type OrderStatus } from '../../../domain/statuses';
import { formatINR } from '../../../domain/pricing';

export { formatINR };

const STATUS_COLOURS: Record<string, string> = {
  PLACED: 'blue', PROCESSED: 'indigo', READY_TO_SHIP: 'cyan', SHIPPED: 'teal', IN_TRANSIT: 'teal', OUT_FOR_DELIVERY: 'lime',
  DELIVERED: 'green', UNDELIVERED: 'orange', UNSERVICEABLE: 'red', CANCELLED: 'gray',
};
export function statusColour(status: string): string {
  if (STATUS_COLOURS[status]) return STATUS_COLOURS[status];
  if (status.startsWith('RTO')) return 'grape';
  if (status.startsWith('DTO')) return 'violet';
  return 'gray';
}
export const statusLabel = (s: string) => STATUS_LABELS[s as OrderStatus] ?? s;

/** The app's one date style, in India time: "26 Nov 2026" and "26 Nov 2026, 10:30 am". */
export { indiaDateText as formatDate, indiaDateTime as formatDateTime } from '../../../domain/india-time';
export const PAYMENT_LABELS: Record<string, string> = { cod: 'COD', prepaid: 'Prepaid', credit: 'Credit' };
export const ORDER_TYPE_LABELS = ['None', 'B2B', 'D2R'];
