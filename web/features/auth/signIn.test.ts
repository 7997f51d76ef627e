// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchSession } from '../../auth/session';
import { signIn, signOut } from './signIn';

const session = {
  role: 'warehouse', xsrfToken: 'x-2', user: { id: 'u1', name: 'Asha', email: 'w@shipdesk.in' }, profile: {},
  companyData: [{ id: 'c1', name: 'Kirana Mart', isD2R: false }], selectedCompanyIds: ['c1'], warehouseId: 'w1', companyId: null,
};

function answer(body: unknown) {
  return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('signIn', () => {
  it('keeps the new session on the device, so a reload without network still opens the floor', async () => {
    vi.stubGlobal('fetch', vi.fn(async (url: string) =>
      url.endsWith('/authenticate') ? answer({ xsrfToken: 'x-1', oauthCode: 'code' }) : answer({ code: '000012', data: session })));
    await signIn(new QueryClient(), { email: 'w@shipdesk.in', password: 'Warehouse@1234', appType: 'wms' });

    vi.stubGlobal('fetch', vi.fn(async () => { throw new TypeError('Failed to fetch'); }));
    const offline = await fetchSession();
    expect(offline).toMatchObject({ isLogined: true, offline: true, role: 'warehouse', selectedCompanyIds: ['c1'] });
    expect(JSON.stringify(offline)).not.toContain('x-2'); // the xsrf token is not kept
  });

  it('forgets it on sign-out', async () => {
    vi.stubGlobal('fetch', vi.fn(async (url: string) =>
      url.endsWith('/authenticate') ? answer({ xsrfToken: 'x-1', oauthCode: 'code' }) : answer({ code: '000012', data: session })));
    const qc = new QueryClient();
    await signIn(qc, { email: 'w@shipdesk.in', password: 'Warehouse@1234', appType: 'wms' });
    vi.stubGlobal('fetch', vi.fn(async () => answer({ status: true })));
    await signOut(qc);
    vi.stubGlobal('fetch', vi.fn(async () => { throw new TypeError('Failed to fetch'); }));
    await expect(fetchSession()).rejects.toThrow();
  });
});
