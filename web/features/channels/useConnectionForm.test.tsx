// @vitest-environment jsdom
// What a seller sees of a connection form's answer, whichever page it is on: the server's field errors under their
// fields, its message when no field carries one, and the connection list fetched again once something changed.
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../api/client';
import { useConnectionForm } from './useConnectionForm';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const LIST = ['integrations', 'connections', 'test'] as const;

function setup(mutationFn: (v: string) => Promise<string>, opts: { refreshAlways?: boolean } = {}) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  let fetches = 0;
  const done: string[] = [];
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={qc}>{children}</QueryClientProvider>;
  const hook = renderHook(() => {
    // The connection list is on screen beside the form, as on the pages.
    useQuery({ queryKey: LIST, queryFn: () => ++fetches });
    return useConnectionForm({ mutationFn, listKey: LIST, onDone: (d: string) => done.push(d), ...opts });
  }, { wrapper });
  return { hook, done, fetches: () => fetches };
}

afterEach(cleanup);

describe('useConnectionForm', () => {
  it("a refusal with field errors puts each under its field and no message beside the form; nothing is refreshed or reset", async () => {
    const { hook, done, fetches } = setup(async () => {
      throw new ApiRequestError(400, 'Invalid input', [{ path: 'secrets.token', message: 'Please enter the API token' }]);
    });
    await waitFor(() => expect(fetches()).toBe(1));
    await act(async () => { await hook.result.current.mutation.mutateAsync('x').catch(() => undefined); });
    expect(hook.result.current.errorOf('secrets.token')).toBe('Please enter the API token');
    expect(hook.result.current.formError).toBeNull();
    expect(done).toEqual([]);
    expect(fetches()).toBe(1);
  });

  it("a refusal no field carries is the form's message; a later success clears it, runs the form's follow-up and fetches the list again", async () => {
    let fail = true;
    const { hook, done, fetches } = setup(async (v) => {
      if (fail) throw new ApiRequestError(409, 'Delhivery answered 401');
      return `saved ${v}`;
    });
    await waitFor(() => expect(fetches()).toBe(1));
    await act(async () => { await hook.result.current.mutation.mutateAsync('a').catch(() => undefined); });
    expect(hook.result.current.formError).toBe('Delhivery answered 401');
    fail = false;
    await act(async () => { await hook.result.current.mutation.mutateAsync('b'); });
    expect(hook.result.current.formError).toBeNull();
    expect(hook.result.current.errors).toEqual({});
    expect(done).toEqual(['saved b']);
    await waitFor(() => expect(fetches()).toBe(2));
  });

  it('a connection test refreshes the list after a failure too (its answer is recorded either way)', async () => {
    const { hook, fetches } = setup(async () => { throw new Error('Shiprocket could not be reached'); }, { refreshAlways: true });
    await waitFor(() => expect(fetches()).toBe(1));
    await act(async () => { await hook.result.current.mutation.mutateAsync('t').catch(() => undefined); });
    expect(hook.result.current.formError).toBe('Shiprocket could not be reached');
    await waitFor(() => expect(fetches()).toBe(2));
  });
});
