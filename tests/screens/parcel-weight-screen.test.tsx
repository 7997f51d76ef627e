// @vitest-environment jsdom
// Weight at the box on the packing station: once the order is packed the
// packer types (or the scale types) the weight and names the box; the
// pack.weigh command reaches the server, which stores the chargeable weight.
// The station reads the device's store filled by the real sync pull from the
// real API answering in-process.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PARCEL_BOX_REQUIRED, requiredUnits } from '../../domain/floor';
import { DEMO_COMPANIES, DEMO_WAREHOUSES } from '../../db/seed';
import '../../db/tables/sync';
import { makeTestApp, signInDemo, type Agent, type TestApp } from '../api/helpers';
import { cleanup, renderInApp } from '../../web/test/renderInApp';

let app: TestApp;
let db: Awaited<ReturnType<typeof makeTestApp>>['db'];
let warehouse: Agent;
beforeAll(async () => {
  if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });
  ({ app, db } = await makeTestApp({ orders: 80 }));
  warehouse = await signInDemo(app, 'warehouse');
  await warehouse.json('/api/auth/selected-companies', { method: 'PUT', body: { companyIds: DEMO_COMPANIES.map((c) => c.id) } });
}, 120_000);
afterEach(() => cleanup());

/** An order packed by another device (scans and submit pushed), as the station finds it by its AWB. */
async function packedOrder() {
  const order = await db
    .selectFrom('orders')
    .selectAll()
    .where('company_id', 'in', DEMO_COMPANIES.map((c) => c.id))
    .where('status', '=', 'PLACED')
    .where('warehouse_id', '=', DEMO_WAREHOUSES[0].id)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const items = await db.selectFrom('order_items').selectAll().where('order_id', '=', order.id).execute();
  const required = requiredUnits(items.map((i) => ({ sku: i.sku, quantity: i.quantity, wsinMapping: JSON.parse(i.wsin_mapping ?? '{}') })));
  // Orders are packed before they have an AWB: the station finds them by order number too.
  const awb = order.tracking_number ?? order.shop_order_id;
  let seq = 0;
  const cmd = (name: string, args: unknown) => ({ seq: ++seq, name, args, createdAt: new Date().toISOString() });
  const commands = [
    ...Object.entries(required).flatMap(([wsin, k]) => Array.from({ length: k }, () => cmd('pack.scan', { awb, orderId: order.id, wsin }))),
    cmd('pack.submit', { awb, orderId: order.id, scanned: required }),
  ];
  const res = await warehouse.json<{ results: { status: string }[] }>('/api/sync/push', { method: 'POST', body: { clientId: `other-bench-${Date.now()}`, schemaVersion: 1, commands } });
  expect(res.body.results.every((r) => r.status === 'applied')).toBe(true);
  return { order, awb };
}

describe('weight at the box (jsdom, real API)', () => {
  it("asks for a box, then stores the parcel's weight and its own L × B × H on the order", async () => {
    const { order, awb } = await packedOrder();
    await renderInApp(`/fulfillment?t=${encodeURIComponent(awb)}`, { app, agent: warehouse });
    const form = await screen.findByRole('form', { name: 'Weigh the parcel' }, { timeout: 20_000 });
    const weight = within(form).getByRole('textbox', { name: 'Weight (g)' });
    expect(weight.getAttribute('inputmode')).toBe('numeric');
    // A scale that types like a keyboard: digits, then Enter (the form's submit).
    fireEvent.change(weight, { target: { value: '2150' } });
    fireEvent.click(within(form).getByRole('radio', { name: 'L × B × H' }));
    fireEvent.submit(form);
    await within(form).findByText(PARCEL_BOX_REQUIRED);

    fireEvent.change(within(form).getByRole('textbox', { name: 'L (cm)' }), { target: { value: '21' } });
    fireEvent.change(within(form).getByRole('textbox', { name: 'B (cm)' }), { target: { value: '13' } });
    fireEvent.change(within(form).getByRole('textbox', { name: 'H (cm)' }), { target: { value: '9' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save weight' }));
    // 21 × 13 × 9 / 5000 kg = 492 g volumetric: the dead weight is charged.
    expect((await screen.findByTestId('parcel-saved', {}, { timeout: 10_000 })).textContent).toContain('2150 g in 21 × 13 × 9 cm · chargeable 2150 g');
    await waitFor(
      async () =>
        expect(await db.selectFrom('orders').select(['packed_weight_g', 'volumetric_weight_g', 'chargeable_weight_g']).where('id', '=', order.id).executeTakeFirstOrThrow()).toEqual({
          packed_weight_g: 2150,
          volumetric_weight_g: 492,
          chargeable_weight_g: 2150,
        }),
      { timeout: 20_000 },
    );
  }, 90_000);

  it('takes a parcel photo with the weighing, refusing a file that is not an image', async () => {
    const { awb } = await packedOrder();
    await renderInApp(`/fulfillment?t=${encodeURIComponent(awb)}`, { app, agent: warehouse });
    const form = await screen.findByRole('form', { name: 'Weigh the parcel' }, { timeout: 20_000 });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Weight (g)' }), { target: { value: '900' } });
    fireEvent.click(within(form).getByRole('radio', { name: 'L × B × H' }));
    for (const [side, v] of [['L (cm)', '20'], ['B (cm)', '15'], ['H (cm)', '10']]) fireEvent.change(within(form).getByRole('textbox', { name: side }), { target: { value: v } });
    const png = new Uint8Array(Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex'));
    // A file that is not an image is refused beside the buttons.
    fireEvent.change(within(form).getByTestId('parcel-photo-file'), { target: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] } });
    await within(form).findByText('Only images are allowed');
    fireEvent.change(within(form).getByTestId('parcel-photo-file'), { target: { files: [new File([png], 'parcel.png', { type: 'image/png' })] } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save weight' }));
    expect((await screen.findByTestId('parcel-saved', {}, { timeout: 10_000 })).textContent).toContain('· with photo');
    // The upload itself is the sync transport's (web/local-db/transport.test.ts) and the server's
    // (tests/api/floor-parcel-weight.test.ts): jsdom's IndexedDB keeps no Blob to upload.
  }, 90_000);
});
