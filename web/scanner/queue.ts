/**
 * A first-in, first-out queue that runs one async job at a time.
 *
 * Scans arrive faster than they can be validated (a scanner emits a code every
 * ~100 ms; validation may await IndexedDB). Every scan must be handled, and in
 * the order it was made, or quantities and "more than required" checks go
 * wrong. So nothing is ever dropped and a job starts only after the previous
 * one has settled, whether it resolved or threw.
 */
export interface SerialQueue<T> {
  /** Appends an item; it is handled after every item pushed before it. */
  push(item: T): void;
  /** Items waiting plus the one being handled. */
  readonly size: number;
  /** Resolves once every item pushed so far has been handled. */
  idle(): Promise<void>;
}

export interface SerialQueueOptions<T> {
  /** Told about a job that threw; the queue then carries on with the next item. */
  onError?: (error: unknown, item: T) => void;
  /** Told whenever `size` changes, e.g. to show "checking…" in the UI. */
  onSizeChange?: (size: number) => void;
}

export function createSerialQueue<T>(
  handle: (item: T) => void | Promise<void>,
  options: SerialQueueOptions<T> = {},
): SerialQueue<T> {
  const waiting: T[] = [];
  // `draining` guards against two loops; `inFlight` is what `size` counts.
  let draining = false;
  let inFlight = 0;
  let idleWaiters: Array<() => void> = [];

  const size = () => waiting.length + inFlight;
  const notifySize = () => options.onSizeChange?.(size());

  async function drain(): Promise<void> {
    draining = true;
    while (waiting.length > 0) {
      const item = waiting.shift() as T;
      inFlight = 1;
      try {
        // A synchronous handler finishes before `push` returns, so a chain of
        // queues (wedge -> screen) adds no delay that could reorder scans.
        const outcome = handle(item);
        if (isThenable(outcome)) await outcome;
      } catch (error) {
        reportError(options.onError, error, item);
      }
      inFlight = 0;
      notifySize();
    }
    draining = false;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const resolve of waiters) resolve();
  }

  return {
    push(item) {
      waiting.push(item);
      notifySize();
      if (!draining) void drain();
    },
    get size() {
      return size();
    },
    idle() {
      if (size() === 0) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },
  };
}

function reportError<T>(onError: SerialQueueOptions<T>['onError'], error: unknown, item: T): void {
  if (!onError) {
    console.error('scan handler failed', error);
    return;
  }
  try {
    onError(error, item);
  } catch (reportingError) {
    console.error('scan error handler failed', reportingError);
  }
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as PromiseLike<unknown> | undefined)?.then === 'function';
}
