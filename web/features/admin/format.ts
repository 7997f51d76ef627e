import type { DeliveryStatus } from '../../../domain/delivery';

const dt = new Intl.DateTimeFormat('en-IN', { day: '2-digit', month: 'short', year: '2-digit', hour: '2-digit', minute: '2-digit', timeZone: 'Asia/Kolkata' });
const money = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 2 });

export const formatDateTime = (iso: string) => dt.format(new Date(iso));
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
