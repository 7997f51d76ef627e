import { useEffect, useRef } from 'react';
import { notifications } from '@mantine/notifications';
import { ERROR_TITLE, FAILED_TO_GET_ORDERS } from '../../../domain/orders/texts';

/** Says once, in a toast, that a list could not be loaded (each new error once; a refetch's same error not again). */
export function useFailureToast(error: unknown) {
  const shown = useRef<unknown>(null);
  useEffect(() => {
    if (error && error !== shown.current) {
      shown.current = error;
      notifications.show({ color: 'red', title: ERROR_TITLE, message: (error as Error).message || FAILED_TO_GET_ORDERS });
    }
  }, [error]);
}
