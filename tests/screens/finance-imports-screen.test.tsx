// @vitest-environment jsdom
// Finance's courier file imports share one card (courier, file, column
// mapping): billed weights and COD remittance are imported through it. A
// weight discrepancy shows the parcel photo the packer took at packing as its
// evidence, served through the private file route. Real API in-process.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_COMPANIES } from '../../db/seed';
import { DEMO_LOGINS } from '../../db/seed-data';
import { makeTestApp, signIn, signInDemo, type Agent, type TestApp } from '../api/helpers';
import { cleanup, renderInApp } from '../../web/test/renderInApp';

let app: TestApp;
let db: Awaited<ReturnType<typeof makeTestApp>>['db'];
let finance: Agent;
let seller: Agent;
const SELLER_CO = DEMO_COMPANIES[0].id;
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
let withPhoto: { id: string; awb: string; key: string };
let withoutPhoto: { id: string; awb: string };

beforeAll(async () => {
  if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });
  ({ app, db } = await makeTestApp({ orders: 60 }));
  const fin = DEMO_LOGINS.find((l) => l.role === 'finance')!;
  finance = await signIn(app, fin.email, fin.password, 'finance');
  seller = await signInDemo(app, 'seller');
  // The packer's parcel photo, a proof upload of the seller's company.
  const wh = await signInDemo(app, 'warehouse');
  const pre = await wh.json('/api/uploads/presign', { method: 'POST', body: { purpose: 'proof', fileName: 'parcel.png', contentType: 'image/png', size: PNG.length, companyId: SELLER_CO } });
  expect((await wh.request(pre.body.uploadUrl, { method: 'PUT', body: new Uint8Array(PNG), headers: { 'content-type': 'image/png' } })).status).toBe(200);
  const orders = await db.selectFrom('orders').select(['id', 'tracking_number']).where('company_id', '=', SELLER_CO).where('tracking_number', 'is not', null).orderBy('id').limit(2).execute();
  withPhoto = { id: orders[0].id, awb: orders[0].tracking_number!, key: pre.body.key };
  withoutPhoto = { id: orders[1].id, awb: orders[1].tracking_number! };
  for (const [o, photo] of [[withPhoto, withPhoto.key], [withoutPhoto, null]] as const) {
    await db.updateTable('orders').set({
      packed_weight_g: 1200, packed_length_cm: 30, packed_breadth_cm: 20, packed_height_cm: 10, volumetric_weight_g: 1200, chargeable_weight_g: 1200,
      weighed_at: '2026-11-20T06:30:00.000Z', packed_photo_key: photo,
    }).where('id', '=', o.id).execute();
  }
}, 120_000);
afterEach(() => cleanup());

const today = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10).split('-').reverse().join('/');
const chooseFile = (container: HTMLElement, name: string, text: string) => {
  const input = container.querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [new File([text], name, { type: 'text/csv' })] } });
};

describe('finance imports (jsdom, real API)', () => {
  it("finance imports billed weights through the shared card; the seller sees the discrepancy's parcel photo as evidence", async () => {
    await renderInApp('/weights', { app, agent: finance });
    const button = await screen.findByRole('button', { name: 'Import billed weights' }, { timeout: 20_000 });
    const card = button.closest('.mantine-Card-root') as HTMLElement;
    // The courier's saved (here built-in) columns, once the page has its couriers.
    await waitFor(() => expect((within(card).getByRole('textbox', { name: 'Billed weight' }) as HTMLInputElement).value).toBe('Charged Weight'));
    chooseFile(card, 'weights.csv', ['Waybill,Charged Weight,Billing Date,Excess Charge', `${withPhoto.awb},1.8,${today()},40.00`, `${withoutPhoto.awb},1.7,${today()},`].join('\n'));
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    fireEvent.click(button);
    expect((await screen.findByTestId('weights-import-result', {}, { timeout: 20_000 })).textContent).toBe('2 billed weights imported; 2 to review');
    cleanup();

    await renderInApp('/weights', { app, agent: seller });
    const table = await screen.findByTestId('weights-table', {}, { timeout: 20_000 });
    const photo = await within(table).findByRole('img', { name: `Parcel photo of ${withPhoto.awb} at packing` });
    expect(photo.getAttribute('src')).toBe(`/api/files/${withPhoto.key}`);
    expect(within(table).getByRole('link', { name: `Parcel photo of ${withPhoto.awb} (opens in a new tab)` }).getAttribute('href')).toBe(`/api/files/${withPhoto.key}`);
    // What the thumbnail loads is the photo, for the seller who owns it.
    const served = await seller.request(photo.getAttribute('src')!);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
    // The parcel weighed without a photo says so.
    const other = within(table).getAllByRole('row').find((r) => r.textContent?.includes(withoutPhoto.awb))!;
    expect(other.textContent).toContain('no photo');
    expect(within(other).queryByRole('img')).toBeNull();
    // The dispute-by day in the app's one date style for lists ("4 Dec 2026"), not DD/MM/YYYY.
    expect(other.textContent).toMatch(/Dispute by \d{1,2} [A-Z][a-z]{2} \d{4}/);
    expect(other.textContent).not.toMatch(/\d{2}\/\d{2}\/\d{4}/);
  }, 90_000);

  it('finance imports a COD remittance file through the same card', async () => {
    await renderInApp('/remittance', { app, agent: finance });
    const button = await screen.findByRole('button', { name: 'Import remittance' }, { timeout: 20_000 });
    const card = button.closest('.mantine-Card-root') as HTMLElement;
    const saved = (await finance.json('/api/finance/remittances')).body.couriers.find((c: { courier: string }) => c.courier === 'delhivery').mapping as Record<string, string>;
    await waitFor(() => expect(within(card).getAllByRole('textbox').map((t) => (t as HTMLInputElement).value).filter(Boolean)).toEqual([saved.awb, saved.amount, saved.utr, saved.date]));
    const row: Record<string, string> = { [saved.awb]: withPhoto.awb, [saved.amount]: '0', [saved.utr]: 'UTR0001', [saved.date]: today() };
    chooseFile(card, 'remit.csv', [Object.keys(row).join(','), Object.values(row).join(',')].join('\n'));
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    fireEvent.click(button);
    expect((await screen.findByTestId('import-result', {}, { timeout: 20_000 })).textContent).toMatch(/^1 /);
  }, 90_000);
});
