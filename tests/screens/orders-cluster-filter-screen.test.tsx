// @vitest-environment jsdom
// The warehouse user's cluster filter on the orders page (part 1 §6: "Cluster
// filter ... WMS only"): a field of the filter drawer, a removable tag, and
// the table narrowed to the cluster's pincodes. A seller is not offered it.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Cluster } from '../../domain/admin';
import { DEMO_COMPANIES } from '../../db/seed';
import { makeTestApp, signInDemo, type Agent, type TestApp } from '../api/helpers';
import { cleanup, renderInApp } from '../../web/test/renderInApp';

let app: TestApp;
let db: Awaited<ReturnType<typeof makeTestApp>>['db'];
let warehouse: Agent;
let cluster: Cluster;
beforeAll(async () => {
  ({ app, db } = await makeTestApp({ orders: 200 }));
  warehouse = await signInDemo(app, 'warehouse');
  await warehouse.json('/api/auth/selected-companies', { method: 'PUT', body: { companyIds: DEMO_COMPANIES.map((c) => c.id) } });
  cluster = (await warehouse.json<{ cluster: Cluster[] }>('/api/clusters')).body.cluster.find((c) => c.clusterPincode.length > 0)!;
  const ids = (await db.selectFrom('orders').select('id').orderBy('id').execute()).map((r) => r.id);
  for (let i = 0; i < ids.length; i += 9) await db.updateTable('orders').set({ shipping_pincode: cluster.clusterPincode[0] }).where('id', '=', ids[i]).execute();
}, 120_000);
afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
});

describe('orders cluster filter (jsdom, real API)', () => {
  it('a warehouse user picks a cluster in the drawer: the tag names it, every row is in it, removing the tag lists all again', async () => {
    const inCluster = await db.selectFrom('orders').select('id').where('shipping_pincode', 'in', cluster.clusterPincode).execute();
    const view = await renderInApp('/orders', { app, agent: warehouse });
    await waitFor(() => expect(screen.getAllByTestId('order-row').length).toBeGreaterThan(0), { timeout: 20_000 });

    fireEvent.click(screen.getByTestId('open-filters'));
    const drawer = await screen.findByTestId('filter-drawer');
    // Typed and chosen from the list as with the keyboard (Mantine's combobox in jsdom).
    const field = (await within(drawer).findByRole('combobox', { name: 'Cluster' }, { timeout: 10_000 })) as HTMLInputElement;
    fireEvent.focus(field);
    fireEvent.click(field);
    fireEvent.change(field, { target: { value: cluster.clusterName } });
    const listbox = await waitFor(() => {
      const l = document.getElementById(field.getAttribute('aria-controls') ?? '');
      expect(l).not.toBeNull();
      return l!;
    });
    await within(listbox).findByRole('option', { name: cluster.clusterName, hidden: true });
    fireEvent.keyDown(field, { key: 'ArrowDown' });
    fireEvent.keyDown(field, { key: 'Enter' });
    await waitFor(() => expect(field.value).toBe(cluster.clusterName));
    fireEvent.click(within(drawer).getByRole('button', { name: 'Apply' }));

    await waitFor(() => expect(view.router.state.location.search).toMatchObject({ cluster: cluster.clusterId }));
    await waitFor(() => expect(screen.getByTestId('filter-tags').textContent).toContain(`Cluster: ${cluster.clusterName}`));
    const want = new Set(inCluster.map((o) => o.id));
    await waitFor(() => {
      const ids = screen.getAllByTestId('order-row').map((r) => r.getAttribute('data-order-id'));
      expect(ids.length).toBe(Math.min(want.size, 50));
      expect(ids.every((id) => want.has(id!))).toBe(true);
    });
    expect(screen.getByTestId('orders-total').textContent).toBe(`${want.size} orders`);

    fireEvent.click(within(screen.getByTestId('filter-tags')).getByRole('button', { name: /Cluster/ }));
    await waitFor(() => expect(view.router.state.location.search).not.toHaveProperty('cluster'));
    await waitFor(() => expect(screen.getAllByTestId('order-row').length).toBe(50));
  }, 90_000);

  it('a seller is not offered the cluster filter', async () => {
    const seller = await signInDemo(app, 'seller');
    await renderInApp('/orders', { app, agent: seller });
    await waitFor(() => expect(screen.getAllByTestId('order-row').length).toBeGreaterThan(0), { timeout: 20_000 });
    fireEvent.click(screen.getByTestId('open-filters'));
    const drawer = await screen.findByTestId('filter-drawer');
    await within(drawer).findByLabelText('Delivery pincode');
    expect(within(drawer).queryByRole('combobox', { name: 'Cluster' })).toBeNull();
    expect(within(drawer).queryByText('Cluster')).toBeNull();
  }, 90_000);
});
