/**
 * The role matrix: which roles may call each route of the API, in one table.
 * The app enforces it on every request (edge-api/middleware/roles.ts), before
 * the handler runs: a role not listed gets 403, a caller not signed in 401.
 * docs/ROLES.md is generated from it (`npm run roles:doc`), and
 * tests/api/role-matrix.test.ts walks every route of /api/openapi.json as
 * every role against it.
 *
 * A new route declares its roles with one line here: `'METHOD /api/path/{param}': ROLES`
 * (the path as /api/openapi.json writes it). A line `'METHOD /api/prefix/*'` (or
 * `'* /api/prefix/*'`, any method) covers every route under the prefix that has no
 * line of its own; the longest prefix wins. A route with no line is refused to
 * everyone (403), and the matrix test names it.
 *
 * What a role may then do with a row (its own company's, the selected
 * companies of a warehouse user; admin all) is the services' company scope.
 */
import { BULK_DEFS } from '../../domain/bulk/types';
import { PROBLEM_ACTIONS } from '../../domain/ndr';
import { ORDER_ACTIONS } from '../../domain/orders/actions';
import type { Role } from '../../domain/roles';

/** Anyone, signed in or not: the route proves who may act itself (a signed link, an HMAC, a buyer check), or shows only public data. */
export const PUBLIC = 'public';
export type Access = typeof PUBLIC | readonly Role[];

const ADMIN = ['admin'] as const;
const SELLER = ['seller'] as const;
const WAREHOUSE = ['warehouse'] as const;
/** The roles that work on orders: the seller's desk, the warehouse, the admin app. */
const DESK = ['admin', 'seller', 'warehouse'] as const;
const SELLER_ADMIN = ['seller', 'admin'] as const;
const SELLER_WAREHOUSE = ['seller', 'warehouse'] as const;
const WAREHOUSE_ADMIN = ['warehouse', 'admin'] as const;
const FINANCE_ADMIN = ['finance', 'admin'] as const;
/** Every signed-in user, finance included (their own e-mail address). */
const ANY_ROLE = ['admin', 'seller', 'warehouse', 'finance'] as const;

export const ROUTE_ROLES: Readonly<Record<string, Access>> = {
  // /api/admin
  '* /api/admin/*': ADMIN, // the admin app's panels: delivery orders, drivers, clusters, journeys, promoters, outbox
  // /api/auth
  'POST /api/auth/authenticate': PUBLIC,
  'POST /api/auth/login': PUBLIC,
  'POST /api/auth/logout': PUBLIC,
  'PUT /api/auth/selected-companies': WAREHOUSE,
  'GET /api/auth/session': PUBLIC,
  'POST /api/auth/signup/company': PUBLIC,
  'POST /api/auth/signup/warehouse': PUBLIC,
  'GET /api/auth/verify-email': ANY_ROLE,
  'POST /api/auth/verify-email/confirm': PUBLIC,
  'GET /api/auth/verify-email/organisation': ANY_ROLE,
  'POST /api/auth/verify-email/organisation/send': SELLER_WAREHOUSE,
  'POST /api/auth/verify-email/send': ANY_ROLE,
  // /api/bulk
  'GET /api/bulk/cancel-placed-orders/{companyId}': DESK,
  'POST /api/bulk/external-retailers': BULK_DEFS['external-retailers'].roles, // bulk upload: its roles in domain/bulk/types.ts
  'GET /api/bulk/templates/{type}': DESK,
  // /api/bulk-check-serviceability
  'POST /api/bulk-check-serviceability': DESK,
  // /api/bulkreadytoship
  'POST /api/bulkreadytoship': DESK,
  'POST /api/bulkreadytoship/': DESK,
  // /api/cancel-return
  'POST /api/cancel-return': DESK,
  // /api/catalogue
  'POST /api/catalogue': DESK,
  'POST /api/catalogue/bulk': BULK_DEFS['catalogues'].roles, // bulk upload: its roles in domain/bulk/types.ts
  'POST /api/catalogue/bulk/map-wsin': BULK_DEFS['wsin-map'].roles, // bulk upload: its roles in domain/bulk/types.ts
  'GET /api/catalogue/company/{id}': DESK,
  'GET /api/catalogue/pricing/{companyId}/{shopId}': DESK,
  'POST /api/catalogue/pricing/{companyId}/{shopId}': BULK_DEFS['d2r-discount'].roles, // bulk upload: its roles in domain/bulk/types.ts
  'GET /api/catalogue/{id}': DESK,
  'PUT /api/catalogue/{id}': DESK,
  // /api/charges
  'POST /api/charges/adjust-shipping-charges': BULK_DEFS['shipping-charge-adjustment'].roles, // bulk upload: its roles in domain/bulk/types.ts
  // /api/clusters
  'GET /api/clusters': WAREHOUSE_ADMIN,
  // /api/cod-remittance
  'POST /api/cod-remittance/status/bulk': BULK_DEFS['cod-remittance'].roles, // bulk upload: its roles in domain/bulk/types.ts
  // /api/company
  'GET /api/company/warehouses': DESK,
  // /api/customerRequests
  'GET /api/customerRequests': DESK,
  'GET /api/customerRequests/find/{id}': DESK,
  'POST /api/customerRequests/{id}/accept': PROBLEM_ACTIONS.requestAccept.roles, // the rule of the action (domain/ndr.ts)
  'POST /api/customerRequests/{id}/decline': PROBLEM_ACTIONS.requestDecline.roles, // the rule of the action (domain/ndr.ts)
  // /api/d2r
  'GET /api/d2r/beats': DESK,
  'POST /api/d2r/bulk-upload-beats/{companyId}': BULK_DEFS['d2r-beats'].roles, // bulk upload: its roles in domain/bulk/types.ts
  'GET /api/d2r/primary/retailers': DESK,
  'POST /api/d2r/retailer/mapping': SELLER_WAREHOUSE,
  'POST /api/d2r/store-address': SELLER_WAREHOUSE,
  'GET /api/d2r/store-address/list': DESK,
  'GET /api/d2r/store-address/{id}': DESK,
  // /api/download
  'POST /api/download/csv/{entity}': DESK,
  'POST /api/download/email': DESK,
  'GET /api/download/email/recipients': DESK,
  'POST /api/download/invoice': ANY_ROLE, // finance reads invoices too
  'POST /api/download/label': DESK,
  'POST /api/download/picklist': DESK,
  'GET /api/download/shipping-manifest': DESK,
  // /api/dto_items_info
  'GET /api/dto_items_info': DESK,
  // /api/exports
  'GET /api/exports/{file}': PUBLIC, // the signed link is the credential
  // /api/files
  'GET /api/files/{key}': PUBLIC, // private files need the owning company's session or a signed link (the handler checks); logos public
  // /api/finance
  'GET /api/finance/brands/csv': FINANCE_ADMIN,
  '* /api/finance/remittances/*': FINANCE_ADMIN, // COD remittance: courier files, bank statements, settling, days per courier
  'GET /api/finance/remittances': FINANCE_ADMIN,
  // /api/health
  'GET /api/health': PUBLIC,
  // /api/inventory
  'GET /api/inventory': DESK,
  'POST /api/inventory/bulk': BULK_DEFS['inventory'].roles, // bulk upload: its roles in domain/bulk/types.ts
  'POST /api/inventory/scanned-stock/trail/{wsin}': WAREHOUSE_ADMIN,
  'GET /api/inventory/trail/export': DESK,
  'POST /api/inventory/trail/{inventoryId}': DESK,
  // /api/invoices
  'GET /api/invoices': ANY_ROLE, // finance: invoices and payments
  'GET /api/invoices/{id}': ANY_ROLE,
  'POST /api/invoices/{id}/payments': ['seller', 'admin', 'finance'],
  // /api/integrations: a company's partner connections (stores, couriers, GST portals) and its partner work queue
  '* /api/integrations/connections/*': SELLER_ADMIN,
  'GET /api/integrations/connections': SELLER_ADMIN,
  'POST /api/integrations/connections': SELLER_ADMIN,
  'POST /api/integrations/connections/{id}/pickup': SELLER_ADMIN, // a pickup asked of the company's live courier account
  'GET /api/integrations/tasks': SELLER_ADMIN,
  'POST /api/integrations/tasks/{id}/retry': SELLER_ADMIN,
  // /api/gst: Settings > GST (e-invoicing per company) and the e-invoice queue with register and cancel
  'GET /api/gst/settings': SELLER_ADMIN,
  'PUT /api/gst/settings': SELLER_ADMIN,
  'GET /api/gst/einvoices': SELLER_ADMIN,
  'POST /api/gst/einvoices/{invoiceId}/register': SELLER_ADMIN,
  'POST /api/gst/einvoices/{invoiceId}/cancel': SELLER_ADMIN,
  'POST /api/gst/einvoices/{invoiceId}/ewaybill': SELLER_ADMIN,
  'POST /api/gst/einvoices/{invoiceId}/ewaybill/cancel': SELLER_ADMIN,
  // e-way bills through the e-way bill system: an invoice without an IRN, Part B, cancel, a manifest's consolidated e-way bill
  'GET /api/gst/ewaybills': SELLER_ADMIN,
  'POST /api/gst/invoices/{invoiceId}/ewaybill': SELLER_ADMIN,
  'POST /api/gst/invoices/{invoiceId}/ewaybill/part-b': SELLER_ADMIN,
  'POST /api/gst/invoices/{invoiceId}/ewaybill/cancel': SELLER_ADMIN,
  'POST /api/gst/ewaybills/consolidate': SELLER_ADMIN,
  'POST /api/integrations/{kind}/{connectionId}/webhook': PUBLIC, // a store's webhook: its HMAC over the raw body proves it
  // /api/jobs
  'GET /api/jobs/{id}': DESK,
  // /api/lightning
  'GET /api/lightning/orders': ADMIN,
  'POST /api/lightning/orders/bulk': BULK_DEFS['lightning-orders'].roles, // bulk upload: its roles in domain/bulk/types.ts
  'GET /api/lightning/orders/{awb}': ADMIN,
  // /api/missed-orders
  'GET /api/missed-orders': DESK,
  'GET /api/missed-orders/csv': DESK,
  // /api/openapi.json
  'GET /api/openapi.json': PUBLIC,
  // /api/order
  'POST /api/order/bulk': BULK_DEFS['orders'].roles, // bulk upload: its roles in domain/bulk/types.ts
  'POST /api/order/packaging-metadata/find/{awb}': DESK,
  'POST /api/order/packaging-metadata/get': DESK,
  'POST /api/order/packaging-metadata/{key}': DESK,
  'GET /api/order/{awb}': PUBLIC,
  'GET /api/order/{awb}/details': PUBLIC,
  'POST /api/order/{awb}/ndr/requests': PUBLIC,
  'POST /api/order/{awb}/ndr/verify': PUBLIC,
  // /api/order-shipping-packages
  'PATCH /api/order-shipping-packages': DESK,
  // /api/orders
  'GET /api/orders': DESK,
  'GET /api/orders/counts': DESK,
  'POST /api/orders/manual': DESK,
  'GET /api/orders/manual/ship-from': DESK,
  'GET /api/orders/manual/order-id': DESK,
  'GET /api/orders/manual/{id}/prefill': DESK,
  'PATCH /api/orders/unblock-inventory/{id}': ADMIN,
  'GET /api/orders/{id}': DESK,
  'PATCH /api/orders/{id}/approve-d2r': ADMIN,
  'PATCH /api/orders/{id}/cancel': ORDER_ACTIONS.cancel.roles, // the rule of the action (domain/orders/actions.ts)
  'GET /api/orders/{id}/courier-booking': DESK,
  'GET /api/orders/{id}/couriers': DESK,
  'POST /api/orders/{id}/credit-notes': ADMIN,
  'PATCH /api/orders/{id}/customer': DESK,
  'PATCH /api/orders/{id}/details': DESK,
  'GET /api/orders/{id}/high-margin': DESK,
  'PATCH /api/orders/{id}/items': ADMIN,
  'PATCH /api/orders/{id}/mark-delivered': DESK,
  'POST /api/orders/{id}/ndr/address': DESK,
  'POST /api/orders/{id}/ndr/reattempt': DESK,
  'POST /api/orders/{id}/ndr/rto': DESK,
  'PATCH /api/orders/{id}/ready-to-ship': DESK,
  'POST /api/orders/{id}/regenerate-documents': DESK,
  'PATCH /api/orders/{id}/revert-to-placed': ADMIN,
  'GET /api/orders/{id}/shipping-adjustments': DESK,
  'POST /api/orders/{id}/unserviceable/cancel': DESK,
  'POST /api/orders/{id}/unserviceable/courier': DESK,
  'POST /api/orders/{id}/unserviceable/recheck': DESK,
  'PATCH /api/orders/{id}/warehouse': ADMIN,
  'PATCH /api/orders/{id}/weight': ADMIN,
  'GET /api/orders/{id}/whatsapp-messages': DESK,
  // /api/pincode
  'GET /api/pincode/{pincode}': DESK,
  // /api/problem-orders
  'GET /api/problem-orders/couriers': DESK,
  'GET /api/problem-orders/ndr': DESK,
  // /api/process-returns
  'POST /api/process-returns': DESK,
  // /api/profile
  'GET /api/profile': DESK,
  'PUT /api/profile/company': SELLER,
  'PUT /api/profile/warehouse': WAREHOUSE,
  // /api/retailer
  'GET /api/retailer/mapping/count/{retailerId}': DESK,
  // /api/return-info
  'GET /api/return-info': DESK,
  // /api/return-rules
  'GET /api/return-rules': DESK,
  // /api/returns
  'GET /api/returns/find': DESK,
  // /api/salesman
  'GET /api/salesman': DESK,
  'POST /api/salesman': DESK,
  // /api/schedule_dto
  'POST /api/schedule_dto': DESK,
  // /api/shipping-packages
  'GET /api/shipping-packages': DESK,
  // /api/sync
  'POST /api/sync/pull': DESK,
  'POST /api/sync/push': DESK,
  // /api/tally-voucher
  'POST /api/tally-voucher/download/{format}': ANY_ROLE,
  // /api/ums
  'GET /api/ums/invoices': SELLER_ADMIN,
  'POST /api/ums/invoices': SELLER_ADMIN,
  'GET /api/ums/invoices/gstins': SELLER_ADMIN,
  'PUT /api/ums/invoices/gstins': SELLER_ADMIN,
  'DELETE /api/ums/invoices/gstins/{stateCode}': SELLER_ADMIN,
  'GET /api/ums/profile/companies/find': ADMIN,
  'GET /api/ums/profile/deliveryPartners': DESK,
  'GET /api/ums/profile/get-tracking-layout': SELLER,
  'GET /api/ums/profile/preferences': SELLER_ADMIN,
  'POST /api/ums/profile/preferences': SELLER_ADMIN,
  'PATCH /api/ums/profile/tracking-layout': SELLER,
  // /api/uploads
  'POST /api/uploads/presign': DESK,
  'PUT /api/uploads/{key}': PUBLIC, // the presigned URL is the credential
  // /api/warehouse
  'GET /api/warehouse/find': ADMIN,
  // /api/webhooks
  'POST /api/webhooks/carrier/{partnerCode}': PUBLIC, // the courier's HMAC signature is the credential
  'POST /api/webhooks/courier/{connectionId}': PUBLIC, // a live courier's push: the connection's webhook token in x-api-key is the credential
  // /api/weight-reconciliation: couriers' billed weights against packing (finance imports; sellers see their own, decide, set the tolerance)
  'GET /api/weight-reconciliation': ['finance', 'admin', 'seller'],
  'POST /api/weight-reconciliation/import': FINANCE_ADMIN,
  'POST /api/weight-reconciliation/decide': ['finance', 'admin', 'seller'],
  'GET /api/weight-reconciliation/dispute-file': ['finance', 'admin', 'seller'],
  'PUT /api/weight-reconciliation/tolerance': SELLER,
  'PUT /api/weight-reconciliation/couriers': FINANCE_ADMIN,
  // /api/wsin
  'POST /api/wsin/bulk/generate': BULK_DEFS['wsin-upload'].roles, // bulk upload: its roles in domain/bulk/types.ts
};

export type RouteAccess = { key: string; access: Access };

/** The path as /api/openapi.json writes it: `/api/orders/:id` → `/api/orders/{id}`. */
export const openApiPath = (honoPath: string) => honoPath.replace(/:([A-Za-z0-9_]+)(\{(?:[^{}]|\{[^{}]*\})*\})?/g, '{$1}');

/** The line of the matrix that governs `METHOD path` (an openapi path), or null when none does. */
export function accessOf(method: string, path: string): RouteAccess | null {
  const exact = `${method} ${path}`;
  if (exact in ROUTE_ROLES) return { key: exact, access: ROUTE_ROLES[exact] };
  let best: RouteAccess | null = null;
  let bestLength = -1;
  for (const [key, access] of Object.entries(ROUTE_ROLES)) {
    if (!key.endsWith('/*')) continue;
    const [m, pattern] = key.split(' ');
    const prefix = pattern.slice(0, -1);
    if ((m === '*' || m === method) && path.startsWith(prefix) && prefix.length > bestLength) {
      best = { key, access };
      bestLength = prefix.length;
    }
  }
  return best;
}
