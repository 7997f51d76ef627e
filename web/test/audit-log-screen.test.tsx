// @vitest-environment jsdom
// Admin > Audit log: a last-mile record (a cluster) is named and linked to
// where it is kept, its fields read before → after, and a replaced credential
// is a line saying it changed, never its value.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { company } from '../../tests/api/orders-fixtures';
import { makeTestApp, signInDemo, type Agent, type TestApp } from '../../tests/api/helpers';
import { cleanup, renderInApp } from './renderInApp';

let app: TestApp;
let admin: Agent;
beforeAll(async () => {
  ({ app } = await makeTestApp({ orders: 0 }));
  admin = await signInDemo(app, 'admin');
}, 60_000);
afterEach(() => cleanup());

/** The log's row whose record reads `record`. */
async function rowOf(record: string): Promise<HTMLElement> {
  return waitFor(() => {
    const row = within(screen.getByTestId('audit-log-table'))
      .getAllByRole('row')
      .find((r) => within(r).queryByTestId('audit-record')?.textContent === record);
    expect(row).toBeDefined();
    return row!;
  });
}

describe('the audit log page (jsdom, real API)', () => {
  it('a cluster the admin created: named, its pincodes from empty, and opening it goes to Clusters', async () => {
    const r = await admin.json('/api/admin/create-cluster', { method: 'POST', body: { name: 'Bidar', city: 'Bidar', pincodes: ['585402', '585401'] } });
    expect(r.status, JSON.stringify(r.body)).toBe(201);

    const view = await renderInApp('/admin/audit-log', { app, agent: admin });
    const row = await rowOf('Cluster Bidar (Bidar)');
    expect(within(row).getByTestId('audit-action').textContent).toBe('Created a cluster');
    const changes = within(row).getByTestId('audit-changes').textContent;
    expect(changes).toContain('Name: empty → Bidar');
    expect(changes).toContain('Pincodes: empty → 585401, 585402');

    fireEvent.click(within(row).getByTestId('audit-record'));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/admin/clusters'));
    await waitFor(() => expect(screen.getByTestId('clusters-table').textContent).toContain('Bidar'));
  }, 60_000);

  it("a connection's replaced token: a line that says it changed, without the old or new value", async () => {
    const [oldToken, newToken] = ['xb-live-token-1a2b3c', 'xb-rotated-token-4d5e6f'];
    const made = await admin.json('/api/integrations/connections', {
      method: 'POST', body: { kind: 'delhivery', label: 'Delhivery Bhiwandi', companyId: company(0), baseUrl: 'http://127.0.0.1:9', settings: {}, secrets: { token: oldToken } },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const patched = await admin.json(`/api/integrations/connections/${made.body.connection.id}`, { method: 'PATCH', body: { secrets: { token: newToken } } });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);

    await renderInApp('/admin/audit-log', { app, agent: admin });
    const row = await rowOf('Courier connection Delhivery Bhiwandi');
    await waitFor(() => expect(within(row).getByTestId('audit-action').textContent).toBe('Changed a connection'));
    expect(within(row).getByTestId('audit-changes').textContent).toBe('Credentials: token: changed (not shown)');
    const page = screen.getByTestId('audit-log-table').textContent ?? '';
    expect(page).not.toContain(oldToken);
    expect(page).not.toContain(newToken);
  }, 60_000);
});
