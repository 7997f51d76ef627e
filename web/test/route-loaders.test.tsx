// @vitest-environment jsdom
// Route loaders: preloading a page (as hovering its link does)
// fetches what the page reads first, so it opens with its data.
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CATALOGUE_TAB } from '../../domain/catalogue';
import { STATUS_TABS } from '../../domain/orders/sections';
import { makeTestApp, signInDemo, type Agent, type TestApp } from '../../tests/api/helpers';
import { cleanup, renderInApp } from './renderInApp';

let app: TestApp;
let admin: Agent;
beforeAll(async () => {
  ({ app } = await makeTestApp({ orders: 20 }));
  admin = await signInDemo(app, 'admin');
}, 60_000);
afterEach(() => cleanup());

describe('route loaders', () => {
  it('preloading /admin/drivers and /admin/clusters fills the cache with what the API lists, before either page opens', async () => {
    const drivers = (await admin.json('/api/admin/drivers', { method: 'POST', body: { pagination: { page: 1, pageSize: 10 }, sortBy: { field: 'createdAt', order: 'DESC' } } })).body;
    const clusters = (await admin.json('/api/admin/clusters')).body.cluster as { clusterName: string }[];
    expect(clusters.length).toBeGreaterThan(0);

    const view = await renderInApp('/orders', { app, agent: admin });
    const cachedNames = () =>
      view.queryClient
        .getQueryCache()
        .findAll({ queryKey: ['admin'] })
        .map((q) => q.state.data)
        .filter(Boolean);
    expect(cachedNames()).toEqual([]);

    await view.router.preloadRoute({ to: '/admin/drivers' });
    await view.router.preloadRoute({ to: '/admin/clusters' });
    const cached = JSON.stringify(cachedNames());
    for (const d of drivers.drivers as { name: string }[]) expect(cached).toContain(JSON.stringify(d.name));
    for (const c of clusters) expect(cached).toContain(JSON.stringify(c.clusterName));

    await view.router.navigate({ to: '/admin/clusters' });
    await waitFor(() => expect(screen.getByTestId('clusters-table').textContent).toContain(clusters[0].clusterName));
  }, 60_000);

  it('preloading /admin/promoters and /admin/audit-log fetches their first pages as the API answers them', async () => {
    const promoters = (await admin.json('/api/admin/promoter/list', { method: 'POST', body: { where: {}, pagination: { page: 1, pageSize: 10 }, sortBy: { field: 'createdAt', order: 'DESC' }, usertype: 'admin' } })).body;
    const audit = (await admin.json('/api/admin/audit-log?page=1&pageSize=25')).body;
    const view = await renderInApp('/orders', { app, agent: admin });
    const cached = (key: string) => view.queryClient.getQueryCache().findAll({ queryKey: [key] }).map((q) => q.state.data);
    expect(cached('promoters')).toEqual([]);
    expect(cached('audit-log')).toEqual([]);
    await view.router.preloadRoute({ to: '/admin/promoters' });
    await view.router.preloadRoute({ to: '/admin/audit-log' });
    expect(cached('promoters')).toEqual([promoters]);
    expect(cached('audit-log')).toEqual([audit]);
  }, 60_000);

  it('preloading /orders, /catalogs and /invoices fetches what each page shows, so opening it asks the API for no list again', async () => {
    const seller = await signInDemo(app, 'seller');
    sessionStorage.clear(); // no saved orders filter to restore
    const view = await renderInApp('/profile', { app, agent: seller });
    const asked: string[] = [];
    const answer = globalThis.fetch;
    globalThis.fetch = (input, init) => {
      asked.push(new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost').pathname);
      return answer(input, init);
    };
    const lists = () => asked.filter((p) => p === '/api/orders' || p === '/api/invoices' || p.startsWith('/api/catalogue/company/'));

    await view.router.preloadRoute({ to: '/orders' });
    await view.router.preloadRoute({ to: '/catalogs', search: { tab: DEFAULT_CATALOGUE_TAB } });
    await view.router.preloadRoute({ to: '/invoices' });
    expect(lists().sort()).toEqual(['/api/catalogue/company/' + encodeURIComponent(String((await seller.json('/api/auth/session')).body.companyId)), '/api/invoices', '/api/orders'].sort());
    // A seller opening /orders bare lands on New (the demo seller has new orders): the preload fetched that list.
    const orders = (await seller.json(`/api/orders?tab=all&status=${encodeURIComponent(STATUS_TABS[0].statuses!.join(','))}`)).body.order as { id: string }[];
    expect(orders.length).toBeGreaterThan(0);

    asked.length = 0;
    await view.router.navigate({ to: '/orders' });
    await waitFor(() => expect(screen.getAllByTestId('order-row').map((r) => r.getAttribute('data-order-id'))).toEqual(orders.map((o) => o.id)));
    await view.router.navigate({ to: '/catalogs', search: { tab: DEFAULT_CATALOGUE_TAB } });
    await screen.findByRole('table', { name: 'Catalogue items' });
    await view.router.navigate({ to: '/invoices' });
    await screen.findByRole('table', { name: 'Invoices' });
    expect(lists()).toEqual([]);
  }, 60_000);

  it("preloading /profile fetches whether the company's own address is verified, as the API answers it; an admin's profile asks for nothing", async () => {
    const seller = await signInDemo(app, 'seller');
    const status = (await seller.json('/api/auth/verify-email/organisation')).body;
    expect(status.organisation.email).toBeTruthy();
    const view = await renderInApp('/orders', { app, agent: seller });
    const cached = () => view.queryClient.getQueryCache().findAll({ queryKey: ['auth', 'verify-email', 'organisation'] }).map((q) => q.state.data);
    expect(cached()).toEqual([]);
    await view.router.preloadRoute({ to: '/profile' });
    expect(cached()).toEqual([status]);
    cleanup();

    const asAdmin = await renderInApp('/orders', { app, agent: admin });
    await asAdmin.router.preloadRoute({ to: '/profile' });
    expect(asAdmin.queryClient.getQueryCache().findAll({ queryKey: ['auth', 'verify-email', 'organisation'] })).toEqual([]);
  }, 60_000);

  it("an admin's orders page asks nothing the API refuses; with a company in the filter it lists that company's warehouses", async () => {
    sessionStorage.clear();
    const view = await renderInApp('/profile', { app, agent: admin });
    const answered: { path: string; status: number }[] = [];
    const answer = globalThis.fetch;
    globalThis.fetch = async (input, init) => {
      const res = await answer(input, init);
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
      answered.push({ path: url.pathname + url.search, status: res.status });
      return res;
    };
    try {
      await view.router.navigate({ to: '/orders' });
      await waitFor(() => expect(screen.getAllByTestId('order-row').length).toBeGreaterThan(0));
      expect(answered.filter((a) => a.status >= 400)).toEqual([]);
      expect(answered.some((a) => a.path.startsWith('/api/company/warehouses'))).toBe(false);

      const company = (await admin.json('/api/auth/session')).body.companyData[0] as { id: string };
      const warehouses = (await admin.json(`/api/company/warehouses?companyId=${encodeURIComponent(company.id)}`)).body;
      expect(warehouses.warehouses.length).toBeGreaterThan(0);
      await view.router.navigate({ to: '/orders', search: { companyId: company.id } as never });
      await waitFor(() => expect(view.queryClient.getQueryData(['company-warehouses', company.id])).toEqual(warehouses.warehouses));
      expect(answered.filter((a) => a.status >= 400)).toEqual([]);
    } finally {
      globalThis.fetch = answer;
    }
  }, 60_000);
});
