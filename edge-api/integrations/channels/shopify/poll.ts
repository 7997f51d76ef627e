/**
 * Shopify's orders updated since a time, a page at a time (GraphQL Admin API
 * `orders(query: "updated_at:>=...", sortKey: UPDATED_AT)`, cursor pagination
 * by pageInfo.endCursor; docs/integrations/shopify.md). Each order node is read
 * into the webhook's order shape, so one mapping (fromShopify) serves both.
 */
import type { Logger } from 'pino';
import { fromShopify, shopifyOrderSchema, type StoreOrder } from '../../../../domain/channels';
import { shopifyGraphql, type PollClientOptions, type ShopifyConn } from './client';

/** Orders per page: with 50 line items each the query stays well under Shopify's 1,000-point single query limit. */
const PAGE = 10;

const ADDRESS = 'firstName lastName phone address1 address2 city province zip company';
const money = 'shopMoney { amount }';
export const ORDERS_SINCE = `query OrdersSince($first: Int!, $after: String, $query: String!) {
  orders(first: $first, after: $after, query: $query, sortKey: UPDATED_AT) {
    pageInfo { hasNextPage endCursor }
    nodes {
      id name email phone updatedAt cancelledAt displayFinancialStatus paymentGatewayNames
      totalDiscountsSet { ${money} }
      totalShippingPriceSet { ${money} }
      lineItems(first: 50) { nodes { sku title quantity originalUnitPriceSet { ${money} } } }
      shippingAddress { ${ADDRESS} }
      billingAddress { ${ADDRESS} }
      customer { firstName lastName }
    }
  }
}`;

export const ORDERS_COUNT = `query OrdersCount($query: String!) { ordersCount(query: $query, limit: 10000) { count } }`;

type Money = { shopMoney: { amount: string } } | null;
type GqlAddress = { firstName: string | null; lastName: string | null; phone: string | null; address1: string | null; address2: string | null; city: string | null; province: string | null; zip: string | null; company: string | null } | null;
export type ShopifyOrderNode = {
  id: string; name: string; email: string | null; phone: string | null; updatedAt: string; cancelledAt: string | null;
  displayFinancialStatus: string | null; paymentGatewayNames: string[];
  totalDiscountsSet: Money; totalShippingPriceSet: Money;
  lineItems: { nodes: { sku: string | null; title: string; quantity: number; originalUnitPriceSet: Money }[] };
  shippingAddress: GqlAddress; billingAddress: GqlAddress; customer: { firstName: string | null; lastName: string | null } | null;
};

const restAddress = (a: GqlAddress) => a && {
  first_name: a.firstName, last_name: a.lastName, phone: a.phone, address1: a.address1, address2: a.address2, city: a.city, province: a.province, zip: a.zip, company: a.company,
};

/** A GraphQL order node in the webhook's (REST) order shape, as shopifyOrderSchema reads it. */
export function restShapeOf(n: ShopifyOrderNode): unknown {
  return {
    id: n.id.split('/').pop(), admin_graphql_api_id: n.id, name: n.name, email: n.email, phone: n.phone, updated_at: n.updatedAt, cancelled_at: n.cancelledAt,
    financial_status: n.displayFinancialStatus?.toLowerCase() ?? null, payment_gateway_names: n.paymentGatewayNames,
    total_discounts: n.totalDiscountsSet?.shopMoney.amount ?? null,
    shipping_lines: [{ price: n.totalShippingPriceSet?.shopMoney.amount ?? '0' }],
    line_items: n.lineItems.nodes.map((l) => ({ sku: l.sku, title: l.title, quantity: l.quantity, price: l.originalUnitPriceSet?.shopMoney.amount ?? null })),
    shipping_address: restAddress(n.shippingAddress), billing_address: restAddress(n.billingAddress),
    customer: n.customer && { first_name: n.customer.firstName, last_name: n.customer.lastName },
  };
}

export type StorePage = { orders: StoreOrder[]; unreadable: string[]; next: string | null; total: number | null };

/** Shopify's search syntax: orders updated at or after `since` (an ISO time). */
export const updatedSinceQuery = (since: string) => `updated_at:>='${since}'`;

export async function shopifyOrdersPage(conn: ShopifyConn, since: string, after: string | null, opts: { log?: Logger; client?: PollClientOptions }): Promise<StorePage> {
  const query = updatedSinceQuery(since);
  const call = { log: opts.log, idempotent: true, client: opts.client, timeoutMs: opts.client?.timeoutMs };
  const total = after === null
    ? (await shopifyGraphql<{ ordersCount: { count: number } | null }>(conn, ORDERS_COUNT, { query }, { ...call, name: 'ordersCount' })).ordersCount?.count ?? null
    : null;
  const data = await shopifyGraphql<{ orders: { pageInfo: { hasNextPage: boolean; endCursor: string | null }; nodes: ShopifyOrderNode[] } }>(
    conn, ORDERS_SINCE, { first: PAGE, after, query }, { ...call, name: 'orders.since' },
  );
  const orders: StoreOrder[] = [];
  const unreadable: string[] = [];
  for (const n of data.orders.nodes) {
    const parsed = shopifyOrderSchema.safeParse(restShapeOf(n));
    if (parsed.success) orders.push(fromShopify(parsed.data));
    else unreadable.push(`${String(n.name).slice(0, 64)}: ${parsed.error.issues[0]!.path.join('.')} ${parsed.error.issues[0]!.message}`);
  }
  return { orders, unreadable, next: data.orders.pageInfo.hasNextPage ? data.orders.pageInfo.endCursor : null, total };
}
