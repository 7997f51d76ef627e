// @vitest-environment jsdom
// A list screen as a user meets it: its title and actions, a skeleton until the
// first page comes, the empty state, an error with a retry, and paging by number.
import { useState } from 'react';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { keepPreviousData, QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installBrowserShims } from '../test/renderInApp';
import { cssVariablesResolver, theme } from './theme';
import { ListPage } from './ListPage';

type Store = { id: string; name: string };
type StorePage = { stores: Store[]; total: number };
type Fetch = (page: number, city: string) => Promise<StorePage>;

const STORES: Store[] = Array.from({ length: 12 }, (_, i) => ({ id: `s${i + 1}`, name: `Store ${i + 1}` }));
const PAGE = 5;
/** The server: five stores a page; 'Nowhere' has none. */
const server: Fetch = async (page, city) => {
  const all = city === 'Nowhere' ? [] : STORES;
  return { stores: all.slice((page - 1) * PAGE, page * PAGE), total: all.length };
};

beforeAll(() => installBrowserShims());
afterEach(() => cleanup());

function Stores({ fetchPage, onCreate }: { fetchPage: Fetch; onCreate?: () => void }) {
  const [page, setPage] = useState(1);
  const [city, setCity] = useState('');
  const q = useQuery({ queryKey: ['stores', page, city], queryFn: () => fetchPage(page, city), placeholderData: keepPreviousData, retry: false });
  return (
    <ListPage
      title="Stores"
      actions={<button type="button" onClick={onCreate}>Add store</button>}
      filters={<input aria-label="City" value={city} onChange={(e) => { setCity(e.currentTarget.value); setPage(1); }} />}
      query={q}
      list={{ rows: (d) => d.stores, total: (d) => d.total, page, pageSize: PAGE, onPage: setPage, noun: 'stores', error: { title: 'Could not get stores' } }}
      table={{ label: 'Stores', testId: 'stores-table', rowKey: (s) => s.id, columns: [{ key: 'name', header: 'Name', cell: (s) => s.name }] }}
    />
  );
}

function show(fetchPage: Fetch, onCreate?: () => void) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <QueryClientProvider client={client}>
        <Stores fetchPage={fetchPage} onCreate={onCreate} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const names = () => within(screen.getByRole('table', { name: 'Stores' })).getAllByRole('row').slice(1).map((r) => r.textContent);

describe('ListPage', () => {
  it('shows its title, actions and filters, and a skeleton until the first page comes', async () => {
    let answer: (p: StorePage) => void = () => undefined;
    const onCreate = vi.fn();
    show(() => new Promise((resolve) => (answer = resolve)), onCreate);
    expect(screen.getByRole('heading', { name: 'Stores' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add store' }));
    expect(onCreate).toHaveBeenCalledOnce();
    expect(screen.getByRole('textbox', { name: 'City' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    expect(screen.getAllByTestId('data-table-skeleton').length).toBeGreaterThan(0);

    answer(await server(1, ''));
    await waitFor(() => expect(names()).toEqual(['Store 1', 'Store 2', 'Store 3', 'Store 4', 'Store 5']));
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByTestId('orders-total').textContent).toBe('12 stores');
  });

  it('pages by number: next, last and back to the first', async () => {
    show(server);
    await waitFor(() => expect(screen.getByTestId('page-label').textContent).toBe('Page 1 of 3'));
    expect((screen.getByRole('button', { name: 'Previous page' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(names()[0]).toBe('Store 6'));
    expect(screen.getByTestId('page-label').textContent).toBe('Page 2 of 3');

    fireEvent.click(screen.getByRole('button', { name: 'Last page' }));
    await waitFor(() => expect(names()).toEqual(['Store 11', 'Store 12']));
    expect((screen.getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'First page' }));
    await waitFor(() => expect(screen.getByTestId('page-label').textContent).toBe('Page 1 of 3'));
    expect(names()[0]).toBe('Store 1');
  });

  it('says when a filter leaves nothing to show', async () => {
    show(server);
    await waitFor(() => expect(names()).toHaveLength(5));
    fireEvent.change(screen.getByRole('textbox', { name: 'City' }), { target: { value: 'Nowhere' } });
    await waitFor(() => expect(screen.getByText('Nothing to display here')).toBeTruthy());
    expect(screen.getByTestId('orders-total').textContent).toBe('0 stores');
  });

  it('shows the error with its title instead of the table, and Try again loads the list', async () => {
    let fail = true;
    const fetchPage = vi.fn<Fetch>(async (page, city) => {
      if (fail) throw new Error('The server is down');
      return server(page, city);
    });
    show(fetchPage);
    await waitFor(() => expect(screen.getByText('The server is down')).toBeTruthy());
    expect(screen.getByText('Could not get stores')).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Stores' })).toBeNull();

    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(names()).toHaveLength(5));
    expect(fetchPage).toHaveBeenCalledTimes(2);
    expect(screen.queryByText('The server is down')).toBeNull();
  });
});
