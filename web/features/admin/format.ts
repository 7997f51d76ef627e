import type { DeliveryStatus } from '../../../domain/delivery';

const money = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 2 });

/** The app's one style for a moment: "26 Nov 2026, 10:30 am" in India time. */
export { indiaDateTime as formatDateTime } from '../../../domain/india-time';
export const inr = (rupees: number) => money.format(rupees);

const COLOURS: Record<DeliveryStatus, string> = {
  PLACED: 'gray',
  RECEIVED: 'indigo',
  ASSIGNED: 'blue',
  OUT_FOR_DELIVERY: 'cyan',
  UNATTEMPTED: 'orange',
  UNDELIVERED: 'red',
  DELIVERED: 'green',
  RTO_IN_TRANSIT: 'grape',
  RTO_DELIVERED: 'violet',
};
export const statusColour = (s: string) => COLOURS[s as DeliveryStatus] ?? 'gray';
