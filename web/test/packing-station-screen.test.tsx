// @vitest-environment jsdom
// The packing station as a warehouse user sees it, without Chromium: the real
// screen, its offline store (fake-indexeddb) filled by the real sync pull, and
// the real API answering in-process.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, signInDemo, type Agent, type TestApp } from '../../tests/api/helpers';
import { cleanup, renderInApp } from './renderInApp';

interface PackingAnswer {
  items_to_scan: { wsin: string; qty: number }[];
  order: { status: string; awb: string | null; shopOrderId: string };
}

let app: TestApp;
let db: Awaited<ReturnType<typeof makeTestApp>>['db'];
let warehouse: Agent;
let order: PackingAnswer;
// An order is opened by its AWB, or by its order number before it has one.
const codeOf = (o: PackingAnswer) => o.order.awb ?? o.order.shopOrderId;
beforeAll(async () => {
  ({ app, db } = await makeTestApp({ orders: 400 }));
  warehouse = await signInDemo(app, 'warehouse');
  // The order to pack, as the API lists it (not as the screen will show it).
  const list = await warehouse.json('/api/order/packaging-metadata/get', { method: 'POST', body: { filter: { packed: 2, pageSize: 200 } } });
  const placed = (list.body.data as PackingAnswer[]).filter((o) => o.order.status === 'PLACED');
  const units = (o: PackingAnswer) => o.items_to_scan.reduce((n, i) => n + i.qty, 0);
  order = placed.sort((a, b) => units(b) - units(a)).find((o) => units(o) >= 2)!;
  expect(order).toBeDefined();
}, 60_000);
afterEach(() => cleanup());

function scanInto(testId: string, code: string) {
  const input = screen.getByTestId(testId) as HTMLInputElement;
  fireEvent.change(input, { target: { value: code } });
  // A scanner's Enter submits the scan box's form.
  fireEvent.submit(input.closest('form')!);
}

describe('packing station (jsdom, real API and offline store)', () => {
  it('lists the orders to pack, opens one by its code, and counts a good scan while refusing a wrong one', async () => {
    await renderInApp('/fulfillment', { app, agent: warehouse });
    // The list comes from the device's store, filled by the first sync pull.
    await waitFor(() => expect(screen.getAllByTestId('pack-row').length).toBeGreaterThan(0), { timeout: 20_000 });
    expect(screen.getAllByTestId('pack-row').some((r) => r.getAttribute('data-awb') === codeOf(order))).toBe(true);

    scanInto('awb-input', codeOf(order));
    const total = order.items_to_scan.reduce((n, i) => n + i.qty, 0);
    await waitFor(() => expect(screen.getByTestId('order-progress').textContent).toBe(`0 / ${total} units`));

    scanInto('wsin-input', 'NOT-IN-THIS-BOX');
    await waitFor(() => expect(screen.getByTestId('scan-result').getAttribute('data-state')).toBe('fail'));
    expect(screen.getByTestId('order-progress').textContent).toBe(`0 / ${total} units`);

    scanInto('wsin-input', order.items_to_scan[0].wsin);
    await waitFor(() => expect(screen.getByTestId('order-progress').textContent).toBe(`1 / ${total} units`));
    expect(['pass', 'packed']).toContain(screen.getByTestId('scan-result').getAttribute('data-state'));
  }, 60_000);

  it('opened on a selection from the orders page, lists exactly those orders', async () => {
    const list = await warehouse.json('/api/order/packaging-metadata/get', { method: 'POST', body: { filter: { packed: 2, pageSize: 200 } } });
    const codes = (list.body.data as PackingAnswer[]).map(codeOf);
    expect(codes.length).toBeGreaterThan(2); // so the selection leaves some out
    const picked = codes.slice(0, 2);
    await renderInApp(`/fulfillment?only=${encodeURIComponent(picked.join(','))}`, { app, agent: warehouse });
    await waitFor(() => expect(screen.getAllByTestId('pack-row').map((r) => r.getAttribute('data-awb')).sort()).toEqual([...picked].sort()), { timeout: 20_000 });
    expect(screen.getByTestId('pack-selection').textContent).toContain(`Packing the ${picked.length} ${picked.length === 1 ? 'order' : 'orders'} selected`);
  }, 60_000);

  it('says what a code not in the order is: a catalogue product by its EAN, another parcel, or an unknown code', async () => {
    // An order no other test here scans, and another parcel to scan into it.
    const list = await warehouse.json('/api/order/packaging-metadata/get', { method: 'POST', body: { filter: { packed: 2, pageSize: 200 } } });
    const placed = (list.body.data as PackingAnswer[]).filter((o) => o.order.status === 'PLACED' && codeOf(o) !== codeOf(order));
    const [mine, other] = placed;
    expect(other).toBeDefined();
    // Another product of the same seller, with its maker's barcode, that this order does not hold (from the seeded data).
    const row = await db
      .selectFrom('orders')
      .select(['orders.id', 'orders.company_id'])
      .where((eb) => eb.or([eb('orders.tracking_number', '=', codeOf(mine)), eb('orders.shop_order_id', '=', codeOf(mine))]))
      .executeTakeFirstOrThrow();
    const inOrder = (await db.selectFrom('order_items').select('catalogue_id').where('order_id', '=', row.id).execute()).map((r) => r.catalogue_id).filter((id): id is string => !!id);
    const product = await db
      .selectFrom('catalogue_items')
      .select(['bar_code', 'product_title'])
      .where('company_id', '=', row.company_id)
      .where('bar_code', 'is not', null)
      .$if(inOrder.length > 0, (q) => q.where('id', 'not in', inOrder))
      .executeTakeFirstOrThrow();

    await renderInApp('/fulfillment', { app, agent: warehouse });
    await waitFor(() => expect(screen.getAllByTestId('pack-row').length).toBeGreaterThan(0), { timeout: 20_000 });
    scanInto('awb-input', codeOf(mine));
    const total = mine.items_to_scan.reduce((n, i) => n + i.qty, 0);
    await waitFor(() => expect(screen.getByTestId('order-progress').textContent).toBe(`0 / ${total} units`));
    const verdict = () => screen.getByTestId('scan-result');

    scanInto('wsin-input', product.bar_code!);
    await waitFor(() => expect(verdict().textContent).toContain(`${product.bar_code} · ${product.product_title} · not in this order. Please Scan a Valid Wsin`));
    expect(verdict().getAttribute('data-state')).toBe('fail');

    // An unknown code is refused at once; what it is follows in the same verdict (one notification).
    scanInto('wsin-input', 'NOT-IN-THIS-BOX');
    await waitFor(() => expect(verdict().textContent).toMatch(/NOT-IN-THIS-BOX/));
    const shown = verdict().getAttribute('data-seq');
    await waitFor(() => expect(verdict().textContent).toContain('Unknown code NOT-IN-THIS-BOX. Please Scan a Valid Wsin'));
    expect(verdict().getAttribute('data-seq')).toBe(shown);
    expect(screen.getAllByTestId('scan-result')).toHaveLength(1);

    scanInto('wsin-input', codeOf(other));
    await waitFor(() => expect(verdict().textContent).toContain(`${codeOf(other)} is another parcel: finish ${codeOf(mine)} (0 of ${total}) or tap Back`));
    expect(screen.getByTestId('order-progress').textContent).toBe(`0 / ${total} units`);
  }, 60_000);
});
