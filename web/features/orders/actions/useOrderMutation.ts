import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { ERROR_TITLE } from '../../../../domain/orders/texts';
import { apiJson } from '../../../api/client';
import { refreshOrders } from '../queries';
import type { WriteAnswer } from '../../../../domain/api';

export type OrderMutation = {
  path: string;
  method: 'POST' | 'PATCH';
  body?: unknown;
  success: string;
  /** Title of the failure notification (default 'Error'). */
  failTitle?: string;
  /** Message of the failure notification; the server's message when not given. */
  failMessage?: string;
  /** Used when the server says nothing. */
  fallback?: string;
};

/** Calls an order action, tells the user how it went, and reloads the order, the list and the counts. */
export function useOrderMutation() {
  const queryClient = useQueryClient();
  return async function run(m: OrderMutation): Promise<{ ok: true } | { ok: false; error: unknown }> {
    try {
      const r = await apiJson<WriteAnswer>(m.path, { method: m.method, body: m.body ?? {} });
      notifications.show({ color: 'green', message: r?.message || m.success });
      await refreshOrders(queryClient);
      return { ok: true };
    } catch (error) {
      notifications.show({ color: 'red', title: m.failTitle ?? ERROR_TITLE, message: m.failMessage ?? ((error as Error).message || m.fallback || 'Please try after some time.') });
      return { ok: false, error };
    }
  };
}
