// The ONE table of order actions (part 2 §4): which action is offered in which
// state, to which role, and where it leads. The order-info slider shows exactly
// `availableActions(order, actor)`; the server refuses anything else with `actionRefusal(...)`.
import type { Role } from '../roles';
import type { OrderStatus } from '../statuses';
import { NOT_ALLOWED } from '../messages';

export const MANUAL_SHOP_TYPES = ['manual', 'manual_fbw'] as const;
export const RETAILER_ORDER_TYPE = 2;

/** What the rules need to know about an order (the server builds it from the row and its company). */
export type OrderFacts = {
  status: string;
  shopType: string;
  orderType: number;
  paymentMode: string;
  inventoryBlocked: boolean;
  hasAwb: boolean;
  /** The company ships through the Clickpost provider. */
  clickpostActive: boolean;
  /** The company's WhatsApp NDR module is active. */
  whatsappNdrActive: boolean;
};
export type Actor = { role: Role };

type Rule = {
  label: string;
  roles: readonly Role[];
  /** The state (and, where the spec says so, role-specific) condition. */
  when: (o: OrderFacts, a: Actor) => boolean;
  /** The status the action leads to, for actions that change it. */
  to?: OrderStatus;
  /** Shown as a primary button rather than in the menu. */
  primary?: boolean;
  danger?: boolean;
};

const ALL_ROLES = ['admin', 'seller', 'warehouse'] as const satisfies readonly Role[];
const SELLER_PANEL_CANCELLABLE = ['PLACED', 'PROCESSED', 'READY_TO_SHIP', 'SHIPPED', 'IN_TRANSIT', 'OUT_FOR_DELIVERY'];
const CLICKPOST_CANCELLABLE = ['READY_TO_SHIP', 'IN_TRANSIT', 'OUT_FOR_DELIVERY'];
/** Pre-shipment states an admin can bring back to PLACED. */
export const REVERTIBLE_TO_PLACED = ['PROCESSED', 'READY_TO_SHIP', 'UNSERVICEABLE', 'CANCELLED'];

const isManual = (o: OrderFacts) => (MANUAL_SHOP_TYPES as readonly string[]).includes(o.shopType);
const isRetailer = (o: OrderFacts) => o.orderType === RETAILER_ORDER_TYPE;

/**
 * Cancel is allowed for: a delivered retailer order (admin); a placed manual
 * order (anyone); from the seller panel (seller, warehouse) in placed,
 * processed, ready to ship, shipped, in transit or out for delivery; and in
 * ready to ship, in transit or out for delivery when the company ships
 * through Clickpost (the "cancel order" button, any role).
 */
export function cancelAllowed(o: OrderFacts, a: Actor): boolean {
  if (a.role === 'admin' && o.status === 'DELIVERED' && isRetailer(o)) return true;
  if (o.status === 'PLACED' && isManual(o)) return true;
  if (a.role !== 'admin' && SELLER_PANEL_CANCELLABLE.includes(o.status)) return true;
  return o.clickpostActive && CLICKPOST_CANCELLABLE.includes(o.status);
}

export const ORDER_ACTIONS = {
  readyToShip: { label: 'READY TO SHIP', roles: ALL_ROLES, when: (o) => o.status === 'PLACED', to: 'READY_TO_SHIP', primary: true },
  editCustomer: { label: 'Edit Customer Details', roles: ALL_ROLES, when: (o) => o.status === 'PLACED' || o.status === 'UNSERVICEABLE' },
  changeShippingPackage: { label: 'Change Shipping Package', roles: ALL_ROLES, when: (o) => o.status === 'PLACED' },
  editOrderDetails: { label: 'Edit Order Details', roles: ALL_ROLES, when: (o) => o.status === 'PLACED' && isManual(o) },
  changeWeight: { label: 'Change Weight', roles: ['admin'], when: (o) => o.status === 'PLACED' },
  reassignWarehouse: { label: 'Reassign Warehouse', roles: ['admin'], when: (o) => o.status === 'PLACED' },
  updateQuantities: { label: 'Update Quantities', roles: ['admin'], when: (o) => o.status === 'PLACED' },
  markDelivered: {
    label: 'Mark Delivered',
    roles: ALL_ROLES,
    // admin: manual shop types; others: only manual fulfilled-by-warehouse orders
    when: (o, a) => o.status === 'READY_TO_SHIP' && (a.role === 'admin' ? isManual(o) : o.shopType === 'manual_fbw'),
    to: 'DELIVERED',
  },
  // Cancel from the seller panel or the admin app (part 2 §5), not the warehouse's.
  cancel: { label: 'Cancel Order', roles: ['seller', 'admin'], when: cancelAllowed, to: 'CANCELLED', danger: true },
  scheduleReturn: { label: 'Schedule Return', roles: ALL_ROLES, when: (o) => o.status === 'DELIVERED' || o.status === 'DTO_CANCELLED', to: 'DTO_PLACED' },
  cancelReturn: { label: 'Cancel Return', roles: ALL_ROLES, when: (o) => o.status === 'DTO_PLACED', to: 'DTO_CANCELLED', danger: true },
  unblockInventory: { label: 'Unblock Inventory', roles: ['admin'], when: (o, a) => o.inventoryBlocked && cancelAllowed(o, a) },
  revertToPlaced: { label: 'Revert to PLACED', roles: ['admin'], when: (o) => REVERTIBLE_TO_PLACED.includes(o.status), to: 'PLACED' },
  clone: { label: 'Clone Order', roles: ['seller', 'warehouse'], when: () => true },
  cloneEdit: { label: 'Clone & Edit Order', roles: ['seller', 'warehouse'], when: () => true },
  regenerateDocuments: { label: 'Regenerate Invoice and Shipping Label', roles: ALL_ROLES, when: (o) => o.hasAwb && o.status !== 'CANCELLED' },
  whatsappMessages: { label: 'Show Whatsapp messages', roles: ALL_ROLES, when: (o) => o.whatsappNdrActive },
  generateCreditNote: { label: 'Generate Credit Note', roles: ['admin'], when: (o) => o.status === 'DELIVERED' && isRetailer(o) },
} as const satisfies Record<string, Rule>;

export type OrderActionKey = keyof typeof ORDER_ACTIONS;
export const ORDER_ACTION_KEYS = Object.keys(ORDER_ACTIONS) as OrderActionKey[];

export function actionRule(key: OrderActionKey): Rule {
  return ORDER_ACTIONS[key] as Rule;
}

/** Every action this actor may take on this order now, in display order. */
export function availableActions(o: OrderFacts, a: Actor): OrderActionKey[] {
  return ORDER_ACTION_KEYS.filter((k) => {
    const r = actionRule(k);
    return r.roles.includes(a.role) && r.when(o, a);
  });
}

/** Why an action is refused (status code and message), or null when it is allowed. */
export function actionRefusal(o: OrderFacts, a: Actor, key: OrderActionKey): { status: 403 | 409; message: string } | null {
  const r = actionRule(key);
  if (!r.roles.includes(a.role)) return { status: 403, message: NOT_ALLOWED };
  if (!r.when(o, a)) return { status: 409, message: `${r.label} is not available for an order in status ${o.status}` };
  return null;
}

/** COD remittance is shown for delivered cash-on-delivery orders. */
export function showsCodRemittance(o: Pick<OrderFacts, 'status' | 'paymentMode'>): boolean {
  return o.status === 'DELIVERED' && o.paymentMode === 'cod';
}
/** Retailer orders paid by cash on delivery can be converted to credit when marked delivered. */
export function canConvertToCredit(o: Pick<OrderFacts, 'orderType' | 'paymentMode'>): boolean {
  return o.orderType === RETAILER_ORDER_TYPE && o.paymentMode === 'cod';
}

