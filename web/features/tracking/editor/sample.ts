import { DEFAULT_TRACKING_LAYOUT, type PublicTracking } from '../../../../domain/tracking-rules';

const at = (daysAgo: number, hour: number) => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() - daysAgo);
  d.setUTCHours(hour, 15, 0, 0);
  return d.toISOString();
};

/** A made-up shipment for the editor's preview (no real customer's data). */
export function sampleTracking(): PublicTracking {
  const eta = new Date();
  eta.setUTCDate(eta.getUTCDate() + 2);
  return {
    trackingNumber: 'DL1234567890',
    shopOrderId: 'SAMPLE1001',
    status: 'IN_TRANSIT',
    shipper: 'Delhivery',
    pickup: { state: 'Maharashtra' },
    shipping: { state: 'Karnataka' },
    deliveredOn: null,
    estimatedDelivery: eta.toISOString().slice(0, 10),
    customerRequestsAllowed: false,
    timeline: [
      { status: 'PLACED', createdAt: at(3, 4), description: 'Order placed', city: 'Bhiwandi' },
      { status: 'READY_TO_SHIP', createdAt: at(2, 6), description: 'Packed and ready to ship', city: 'Bhiwandi' },
      { status: 'SHIPPED', createdAt: at(2, 11), description: 'Shipment picked up by courier', city: 'Bhiwandi' },
      { status: 'IN_TRANSIT', createdAt: at(1, 2), description: 'Shipment in transit', city: 'Pune' },
      { status: 'IN_TRANSIT', createdAt: at(0, 3), description: 'Shipment in transit', city: 'Hubballi' },
    ],
    pageLayout: DEFAULT_TRACKING_LAYOUT,
    updatedAt: at(0, 3),
  };
}
