/**
 * Every partner kind a company can connect, by name. Each partner's folder
 * exports its kind; add it here (one line) to make it connectable.
 */
import { COURIER_KINDS } from '../carriers/live/registry';
import { shopifyKind } from './channels/shopify/kind';
import { woocommerceKind } from './channels/woocommerce/kind';
import type { ConnectionKind, ConnectionKinds } from './connections';
import { ewbKind, irpKind } from './gst/kind';

export const CONNECTION_KINDS: ConnectionKinds = {
  shopify: shopifyKind as ConnectionKind,
  woocommerce: woocommerceKind as ConnectionKind,
  ...COURIER_KINDS,
  'gst-irp': irpKind as ConnectionKind,
  'gst-ewb': ewbKind as ConnectionKind,
};
