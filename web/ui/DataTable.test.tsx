// @vitest-environment jsdom
// The shared list table as a user meets it: loading, empty, error with a retry,
// ticking rows (the bulk bar counts them, across pages), paging and sorting.
import { useState } from 'react';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installBrowserShims } from '../test/renderInApp';
import { cssVariablesResolver, theme } from './theme';
import { DataTable, type DataTableColumn } from './DataTable';
import { numberedPager } from './Pager';
import { useRowSelection } from './useRowSelection';

type Parcel = { awb: string; city: string; paise: number };
const PARCELS: Parcel[] = Array.from({ length: 7 }, (_, i) => ({ awb: `AWB${100 + i}`, city: ['Pune', 'Nagpur', 'Kochi'][i % 3], paise: (i + 1) * 10_000 }));
const columns: DataTableColumn<Parcel>[] = [
  { key: 'awb', header: 'AWB', cell: (r) => r.awb },
  { key: 'city', header: 'City', cell: (r) => r.city },
  { key: 'amount', header: 'Amount', align: 'right', cell: (r) => `₹${r.paise / 100}` },
];

beforeAll(() => installBrowserShims());
afterEach(() => cleanup());

function show(ui: React.ReactNode) {
  return render(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      {ui}
    </MantineProvider>,
  );
}

const bodyRows = () => within(screen.getByRole('table', { name: 'Parcels' })).getAllByRole('row').slice(1);

/** A page of three parcels at a time, with tick boxes and one bulk action. */
function ParcelList({ onDispatch }: { onDispatch: (awbs: string[]) => void }) {
  const [page, setPage] = useState(1);
  const [city, setCity] = useState<string | null>(null);
  const selection = useRowSelection<Parcel>((r) => r.awb, city);
  const all = PARCELS.filter((r) => !city || r.city === city);
  return (
    <>
      <button type="button" onClick={() => setCity('Pune')}>Only Pune</button>
      <DataTable
        label="Parcels"
        columns={columns}
        rows={all.slice((page - 1) * 3, page * 3)}
        rowKey={(r) => r.awb}
        selection={selection}
        selectLabel={(r) => `Select ${r.awb}`}
        bulkActions={<button type="button" onClick={() => onDispatch([...selection.keys])}>Dispatch</button>}
        pager={numberedPager({ page, pageSize: 3, total: all.length, onPage: setPage, noun: 'parcels' })}
      />
    </>
  );
}

describe('DataTable', () => {
  it('shows skeleton rows and says it is loading until the first answer', () => {
    show(<DataTable label="Parcels" columns={columns} rows={undefined} rowKey={(r) => r.awb} loading testId="parcels" />);
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    expect(screen.getAllByTestId('data-table-skeleton')).toHaveLength(6);
    expect(screen.getByRole('table', { name: 'Parcels' }).getAttribute('aria-busy')).toBe('true');
    expect(screen.getByTestId('parcels-wrap').getAttribute('data-busy')).toBe('true');
  });

  it('says there is nothing to display, and offers the empty state action', () => {
    const create = vi.fn();
    show(<DataTable label="Parcels" columns={columns} rows={[]} rowKey={(r) => r.awb} empty={{ action: <button type="button" onClick={create}>Book a parcel</button> }} />);
    expect(screen.getByText('Nothing to display here')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Book a parcel' }));
    expect(create).toHaveBeenCalledTimes(1);
  });

  it('shows the error instead of the table (the bulk bar stays), and Try again retries', () => {
    const retry = vi.fn();
    show(
      <DataTable
        label="Parcels"
        columns={columns}
        rows={undefined}
        rowKey={(r) => r.awb}
        error={{ title: 'Error', message: 'Could not load the parcels', onRetry: retry, testId: 'parcels-error' }}
        bulkBar={<span>Dispatching 3 parcels…</span>}
        pager={numberedPager({ page: 1, pageSize: 3, total: 0, onPage: () => {} })}
      />,
    );
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByTestId('bulk-actions-bar').textContent).toBe('Dispatching 3 parcels…');
    expect(screen.getByTestId('parcels-error').textContent).toContain('Could not load the parcels');
    expect(screen.queryByTestId('page-next')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('lists the rows with their cells, and a row click opens the row but its own buttons do not', () => {
    const open = vi.fn();
    const more = vi.fn();
    show(
      <DataTable
        label="Parcels"
        columns={[...columns, { key: 'more', label: 'Action', cell: (r) => <button type="button" onClick={() => more(r.awb)}>More on {r.awb}</button> }]}
        rows={PARCELS.slice(0, 2)}
        rowKey={(r) => r.awb}
        onRowClick={(r) => open(r.awb)}
      />,
    );
    expect(bodyRows().map((r) => within(r).getAllByRole('cell').map((c) => c.textContent))).toEqual([
      ['AWB100', 'Pune', '₹100', 'More on AWB100'],
      ['AWB101', 'Nagpur', '₹200', 'More on AWB101'],
    ]);
    // The button column has a name for screen readers though its header is empty.
    expect(screen.getByRole('columnheader', { name: 'Action' })).toBeTruthy();
    fireEvent.click(within(bodyRows()[1]).getByText('Nagpur'));
    expect(open).toHaveBeenCalledWith('AWB101');
    fireEvent.click(screen.getByRole('button', { name: 'More on AWB100' }));
    expect(more).toHaveBeenCalledWith('AWB100');
    expect(open).toHaveBeenCalledTimes(1);
  });

  it('ticks rows on several pages; the bar counts them and the action gets them all; a filter change clears them', () => {
    const dispatch = vi.fn();
    show(<ParcelList onDispatch={dispatch} />);
    expect(screen.queryByTestId('bulk-actions-bar')).toBeNull();
    expect(screen.getByTestId('orders-total').textContent).toBe('7 parcels');
    expect(screen.getByTestId('page-label').textContent).toBe('Page 1 of 3');

    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    expect(screen.getByTestId('selection-count').textContent).toBe('3 selected');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select AWB101' }));
    expect(screen.getByTestId('selection-count').textContent).toBe('2 selected');
    expect((screen.getByRole('checkbox', { name: 'Select all on this page' }) as HTMLInputElement).checked).toBe(false);

    fireEvent.click(screen.getByTestId('page-next'));
    expect(screen.getByTestId('page-label').textContent).toBe('Page 2 of 3');
    expect(bodyRows().map((r) => within(r).getAllByRole('cell')[1].textContent)).toEqual(['AWB103', 'AWB104', 'AWB105']);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select AWB104' }));
    expect(screen.getByTestId('selection-count').textContent).toBe('3 selected');
    fireEvent.click(screen.getByRole('button', { name: 'Dispatch' }));
    expect(dispatch).toHaveBeenCalledWith(['AWB100', 'AWB102', 'AWB104']);

    fireEvent.click(screen.getByTestId('page-last'));
    expect(screen.getByTestId('page-label').textContent).toBe('Page 3 of 3');
    expect(screen.getByTestId('page-next').hasAttribute('disabled')).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(screen.queryByTestId('bulk-actions-bar')).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select AWB106' }));
    expect(screen.getByTestId('selection-count').textContent).toBe('1 selected');
    fireEvent.click(screen.getByRole('button', { name: 'Only Pune' }));
    expect(screen.queryByTestId('bulk-actions-bar')).toBeNull();
    expect(screen.getByTestId('orders-total').textContent).toBe('3 parcels');
  });

  it('sorts by a column: the header is a button and tells its order', () => {
    const onSort = vi.fn();
    show(<DataTable label="Parcels" columns={[{ ...columns[2], sort: { direction: 'descending', onSort, testId: 'sort-amount' } }, columns[0]]} rows={PARCELS} rowKey={(r) => r.awb} />);
    const header = screen.getByRole('columnheader', { name: /Amount/ });
    expect(header.getAttribute('aria-sort')).toBe('descending');
    expect(screen.getByRole('columnheader', { name: 'AWB' }).getAttribute('aria-sort')).toBeNull();
    fireEvent.click(screen.getByTestId('sort-amount'));
    expect(onSort).toHaveBeenCalledTimes(1);
  });

  it('labels each cell for the stacked cards of a narrow screen, except the title and action cells', () => {
    show(
      <DataTable
        label="Parcels"
        narrow="cards"
        columns={[{ ...columns[0], card: 'title' }, columns[1], { key: 'go', label: 'Action', card: 'action', cell: () => <button type="button">Pack</button> }]}
        rows={PARCELS.slice(0, 1)}
        rowKey={(r) => r.awb}
      />,
    );
    const cells = within(bodyRows()[0]).getAllByRole('cell');
    expect(cells.map((c) => c.getAttribute('data-label'))).toEqual([null, 'City', null]);
    expect(cells[2].hasAttribute('data-action')).toBe(true);
  });

  it('stacks into cards only while the layout breakpoint matches, and pages by thumb', () => {
    // A 800 px wide tablet: below 992 px ('cards-tablet') but not below 768 px ('cards').
    const media = window.matchMedia;
    window.matchMedia = ((query: string) => ({ ...media(query), matches: query.includes('61.99em') })) as typeof window.matchMedia;
    const onChange = vi.fn();
    try {
      show(
        <>
          <DataTable label="Phone cards" narrow="cards" columns={columns} rows={PARCELS.slice(0, 1)} rowKey={(r) => r.awb} />
          <DataTable label="Tablet cards" narrow="cards-tablet" columns={columns} rows={PARCELS.slice(0, 1)} rowKey={(r) => r.awb} touchPager={{ page: 2, pages: 4, onChange }} />
        </>,
      );
    } finally {
      window.matchMedia = media;
    }
    expect(screen.getByRole('table', { name: 'Phone cards' }).className).not.toMatch(/stacked/);
    expect(screen.getByRole('table', { name: 'Tablet cards' }).className).toMatch(/stacked/);
    const pager = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pager).getByTestId('pager-position').textContent).toBe('Page 2 of 4');
    fireEvent.click(within(pager).getByRole('button', { name: 'Next' }));
    fireEvent.click(within(pager).getByRole('button', { name: 'Previous' }));
    expect(onChange.mock.calls).toEqual([[3], [1]]);
  });

  it("on a phone a default table stacks its rows into cards, with the page's tick box and the sort order above them", () => {
    const media = window.matchMedia;
    window.matchMedia = ((query: string) => ({ ...media(query), matches: query.includes('47.99em') })) as typeof window.matchMedia;
    const sorted: string[] = [];
    function Sorted() {
      const [by, setBy] = useState<{ key: string; direction: 'ascending' | 'descending' }>({ key: 'amount', direction: 'descending' });
      const selection = useRowSelection<Parcel>((r) => r.awb, null);
      const sort = (key: string) => ({
        direction: by.key === key ? by.direction : ('none' as const),
        onSort: () => {
          sorted.push(key);
          setBy((b) => (b.key === key ? { key, direction: b.direction === 'descending' ? 'ascending' : 'descending' } : { key, direction: 'descending' }));
        },
      });
      return (
        <>
          <output data-testid="ticked">{[...selection.keys].join(',')}</output>
          <DataTable
            label="Parcels"
            columns={[columns[0], { ...columns[1], sort: sort('city') }, { ...columns[2], sort: sort('amount') }]}
            rows={PARCELS.slice(0, 3)}
            rowKey={(r) => r.awb}
            selection={selection}
            selectLabel={(r) => `Select ${r.awb}`}
            selectAllLabel="Select all parcels on this page"
            minWidth={900}
          />
        </>
      );
    }
    try {
      show(<Sorted />);
      expect(screen.getByRole('table', { name: 'Parcels' }).className).toMatch(/stacked/);
      // No sideways scroll: the table is not held to its laptop width.
      expect(screen.getByRole('table', { name: 'Parcels' }).style.minWidth).toBe('');
      expect(within(bodyRows()[0]).getAllByRole('cell').map((c) => c.getAttribute('data-label'))).toEqual([null, 'AWB', 'City', 'Amount']);

      const sortBy = screen.getByRole('combobox', { name: 'Sort by' }) as HTMLSelectElement;
      expect(sortBy.value).toBe('amount');
      fireEvent.click(screen.getByRole('button', { name: 'Sort order: descending, change' }));
      expect(screen.getByRole('button', { name: 'Sort order: ascending, change' })).toBeTruthy();
      fireEvent.change(sortBy, { target: { value: 'city' } });
      expect((screen.getByRole('combobox', { name: 'Sort by' }) as HTMLSelectElement).value).toBe('city');
      expect(sorted).toEqual(['amount', 'city']);

      // (jsdom applies no CSS: the hidden header row's own tick box is still in its tree.)
      fireEvent.click(within(screen.getByTestId('stacked-head')).getByRole('checkbox', { name: 'Select all parcels on this page' }));
      expect(screen.getByTestId('ticked').textContent).toBe('AWB100,AWB101,AWB102');
    } finally {
      window.matchMedia = media;
    }
  });

  it('on a laptop a default table keeps its header row and scrolls sideways under its minimum width', () => {
    show(<DataTable label="Parcels" columns={[{ ...columns[0], sort: { direction: 'ascending', onSort: () => {} } }, columns[1]]} rows={PARCELS.slice(0, 1)} rowKey={(r) => r.awb} minWidth={900} />);
    expect(screen.queryByRole('combobox', { name: 'Sort by' })).toBeNull();
    expect(screen.getByRole('table', { name: 'Parcels' }).className).not.toMatch(/stacked/);
    expect(screen.getByRole('columnheader', { name: /AWB/ }).getAttribute('aria-sort')).toBe('ascending');
  });

  it('stacks into cards where the page gives it less room than its columns need (a tablet), not where they fit', async () => {
    // The room each table is given, as the browser measures it: 800 px.
    const Observer = globalThis.ResizeObserver;
    globalThis.ResizeObserver = class {
      constructor(private readonly report: ResizeObserverCallback) {}
      observe(target: Element) {
        this.report([{ target, borderBoxSize: [{ inlineSize: 800, blockSize: 400 }], contentRect: { x: 0, y: 0, width: 800, height: 400, top: 0, left: 0, bottom: 400, right: 800 } } as unknown as ResizeObserverEntry], this as unknown as ResizeObserver);
      }
      unobserve() {}
      disconnect() {}
    } as unknown as typeof ResizeObserver;
    try {
      show(
        <>
          <DataTable label="Wide parcels" columns={columns} rows={PARCELS.slice(0, 1)} rowKey={(r) => r.awb} minWidth={1000} />
          <DataTable label="Narrow parcels" columns={columns} rows={PARCELS.slice(0, 1)} rowKey={(r) => r.awb} minWidth={700} />
        </>,
      );
      await waitFor(() => expect(screen.getByRole('table', { name: 'Wide parcels' }).className).toMatch(/stacked/));
      expect(screen.getByRole('table', { name: 'Narrow parcels' }).className).not.toMatch(/stacked/);
    } finally {
      globalThis.ResizeObserver = Observer;
    }
  });
});
