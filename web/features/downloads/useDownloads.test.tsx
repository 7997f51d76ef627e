// @vitest-environment jsdom
import { act, cleanup, configure, render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DOWNLOAD_API_ERROR,
  DOWNLOAD_CSV_ERROR,
  EMAIL_TOO_MANY_ORDERS,
  EMAIL_TOO_MANY_ROWS,
  NO_ORDERS_FOR_FILTER,
  PICK_LIST_NONE,
  TALLY_NONE,
  VOUCHER_FAILED,
} from '../../../domain/downloads';
import { sessionQuery } from '../../auth/session';
import { useDownloads, type Downloads } from './useDownloads';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
// The full suite runs beside a browser and a build on two cores: give async UI more than the default second.
configure({ asyncUtilTimeout: 5000 });

beforeAll(() => {
  // What Mantine needs from a browser that jsdom lacks.
  window.matchMedia ??= ((query: string) => ({
    matches: false, media: query, onchange: null, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
  globalThis.ResizeObserver ??= class { observe() {} unobserve() {} disconnect() {} } as unknown as typeof ResizeObserver;
  URL.createObjectURL = vi.fn(() => 'blob:file');
  URL.revokeObjectURL = vi.fn();
});

const session = {
  isLogined: true, role: 'seller', xsrfToken: 'x', user: { id: 'u1', name: 'Ritika', email: 'ritika@shop.in' }, profile: null,
  companyData: [], selectedCompanyIds: [], warehouseId: null, companyId: 'c1',
};

type Answer = { status: number; type: string; body: string | Uint8Array; headers?: Record<string, string> };
let answers: Answer[];
let requests: { url: string; body: unknown }[];
let clicks: string[];

function respond(a: Answer) {
  answers.push(a);
}
const json = (status: number, body: unknown): Answer => ({ status, type: 'application/json', body: JSON.stringify(body) });

let downloads: Downloads;
function Probe() {
  downloads = useDownloads();
  return null;
}

beforeEach(() => {
  answers = [];
  requests = [];
  clicks = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit) => {
    requests.push({ url, body: init.body ? JSON.parse(String(init.body)) : undefined });
    const a = answers.shift() ?? json(500, { message: 'unexpected call' });
    return new Response(a.body as BodyInit, { status: a.status, headers: { 'content-type': a.type, ...a.headers } });
  }));
  HTMLAnchorElement.prototype.click = function click(this: HTMLAnchorElement) {
    clicks.push(this.download);
  };
  const queryClient = new QueryClient();
  queryClient.setQueryData(sessionQuery.queryKey, session as never);
  render(
    <MantineProvider>
      <Notifications />
      <QueryClientProvider client={queryClient}>
        <ModalsProvider>
          <Probe />
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
});
afterEach(() => {
  act(() => notifications.clean());
  cleanup();
  vi.unstubAllGlobals();
});

describe('useDownloads', () => {
  it('saves a label file and warns about the orders left out', async () => {
    respond({
      status: 200, type: 'application/pdf', body: new Uint8Array([37, 80, 68, 70]),
      headers: { 'content-disposition': 'attachment; filename="labels.pdf"', 'x-document-failures': encodeURIComponent(JSON.stringify([{ orderId: '#1002', reasons: ['No AWB assigned yet'] }])) },
    });
    await act(() => downloads.downloadLabels(['o1', 'o2']));
    expect(requests[0]).toEqual({ url: '/api/download/label', body: { orderId: ['o1', 'o2'] } });
    expect(clicks).toEqual(['labels.pdf']);
    await screen.findByText('#1002: No AWB assigned yet');
  });

  it("shows 'Unable to find label' when the answer is JSON, and 'Download API Error' when the call fails", async () => {
    respond(json(422, { status: false, message: 'Unable to find label', failures: [{ orderId: '#1001', reasons: ['No AWB assigned yet'] }] }));
    await act(() => downloads.downloadLabels(['o1']));
    await screen.findByText('Unable to find label');
    respond({ status: 502, type: 'text/html', body: '<h1>Bad gateway</h1>' });
    await act(() => downloads.downloadInvoices(['o1']));
    expect(await screen.findAllByText(DOWNLOAD_API_ERROR)).not.toHaveLength(0);
    expect(clicks).toEqual([]);
  });

  it('asks for an e-mail address when there are too many orders, then queues the mail', async () => {
    respond(json(413, { status: false, emailRequired: true, message: EMAIL_TOO_MANY_ORDERS, count: 900, limit: 500 }));
    await act(() => downloads.downloadInvoices(['o1']));
    await screen.findByText(EMAIL_TOO_MANY_ORDERS);
    const email = screen.getByRole('textbox', { name: 'Email' }) as HTMLInputElement;
    expect(email.value).toBe('ritika@shop.in');
    respond(json(202, { status: true, jobId: 'j1' }));
    await act(async () => screen.getByRole('button', { name: 'Send download link' }).click());
    await waitFor(() => expect(requests[1]).toEqual({ url: '/api/download/email', body: { kind: 'invoice', ids: ['o1'], email: 'ritika@shop.in' } }));
    await screen.findByText('Preparing your invoices');
    // The page follows the job until it ends (here: it failed), so no poll outlives this test.
    respond(json(200, { job: { id: 'j1', status: 'failed', error: 'The mail server refused the message', progress: 0, total: 0 } }));
    await screen.findByText('Your invoices could not be prepared', undefined, { timeout: 5_000 });
    expect(requests[2]).toEqual({ url: '/api/jobs/j1', body: undefined });
  });

  it('handles the CSV answers: file, no orders, too many rows, failure', async () => {
    respond({ status: 200, type: 'text/csv', body: 'a,b\r\n', headers: { 'content-disposition': 'attachment; filename="orders.csv"' } });
    await act(() => downloads.ordersCsv({ tab: 'all' }));
    expect(requests[0]).toEqual({ url: '/api/download/csv/orders', body: { filter: { tab: 'all' }, appType: 'seller' } });
    expect(clicks).toEqual(['orders.csv']);
    respond(json(404, { status: false, message: NO_ORDERS_FOR_FILTER }));
    await act(() => downloads.ordersCsv({ status: ['DELIVERED'] }));
    await screen.findByText(NO_ORDERS_FOR_FILTER);
    respond(json(413, { status: false, emailRequired: true, message: EMAIL_TOO_MANY_ROWS }));
    await act(() => downloads.ordersCsv({}));
    await screen.findByText(EMAIL_TOO_MANY_ROWS);
    respond(json(500, { status: false, message: 'Something went wrong!' }));
    await act(() => downloads.ordersCsv({}));
    expect(await screen.findAllByText(DOWNLOAD_CSV_ERROR)).not.toHaveLength(0);
  });

  it('checks the selection before calling: pick list and Tally messages', async () => {
    await act(() => downloads.downloadPickList([]));
    expect(await screen.findAllByText(PICK_LIST_NONE)).not.toHaveLength(0);
    await act(() => downloads.tallyXml([]));
    expect(await screen.findAllByText(TALLY_NONE)).not.toHaveLength(0);
    expect(requests).toEqual([]);
    respond({ status: 200, type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', body: new Uint8Array([80, 75]) });
    await act(() => downloads.downloadPickList(['o1']));
    expect(clicks).toEqual(['PickList.xlsx']);
  });

  it('explains a partial Tally export and offers the excel of reasons', async () => {
    respond(json(200, { success: false, message: VOUCHER_FAILED, xml: '<ENVELOPE/>', vouchers: 1, failures: [] }));
    await act(() => downloads.tallyXml(['o1', 'o2']));
    await screen.findByText(VOUCHER_FAILED);
    respond({ status: 200, type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', body: new Uint8Array([80, 75]), headers: { 'content-disposition': 'attachment; filename="VoucherFailures.xlsx"' } });
    await act(async () => screen.getByRole('button', { name: 'Download excel' }).click());
    await waitFor(() => expect(clicks).toEqual(['VoucherFailures.xlsx']));
    expect(requests[1].url).toBe('/api/tally-voucher/download/excel');
  });
});
