/**
 * Every durable partner task kind and its handler (edge-api/integrations/tasks.ts
 * runs them). Each partner's folder exports its handlers; add them here.
 */
import { BOOKING_HANDLERS } from '../carriers/live/booking';
import { LABEL_HANDLERS } from '../carriers/live/labels';
import { NDR_HANDLERS } from '../carriers/live/ndr';
import { TRACKING_POLL_HANDLERS } from '../carriers/live/tracking-poll';
import { QUEUED_BOOKING_HANDLERS } from '../services/orders/queued-booking';
import { cancelShopifyOrder, fulfilShopifyOrder, importShopifyOrder } from './channels/shopify/tasks';
import { cancelWooOrder, fulfilWooOrder, importWooOrder } from './channels/woocommerce/tasks';
import { registerIrn } from './gst/register';
import type { TaskHandler, TaskHandlers } from './tasks';

const h = <P>(fn: TaskHandler<P>) => fn as TaskHandler<never>;

export const TASK_HANDLERS: TaskHandlers = {
  'shopify.order': h(importShopifyOrder),
  'shopify.fulfil': h(fulfilShopifyOrder),
  'shopify.cancel': h(cancelShopifyOrder),
  'woocommerce.order': h(importWooOrder),
  'woocommerce.fulfil': h(fulfilWooOrder),
  'woocommerce.cancel': h(cancelWooOrder),
  ...BOOKING_HANDLERS,
  'gst.irn': h(registerIrn),
  ...TRACKING_POLL_HANDLERS,
  ...LABEL_HANDLERS,
  ...NDR_HANDLERS,
  // The worker's booking run also moves the order it was queued for (a booking made while the seller waits is finished by readyToShip).
  ...QUEUED_BOOKING_HANDLERS,
};
