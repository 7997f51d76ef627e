/**
 * Password hashing with a bound. scrypt runs on libuv's thread pool (four
 * threads, shared with file reads and DNS), so without a bound a burst of
 * sign-ins queues thousands of hashes there: file reads wait behind them and
 * each sign-in waits for all the ones before it. At most `concurrency` hashes
 * run at once and `queue` wait; a request beyond that is refused at once.
 */
export class HashQueueFull extends Error {
  constructor() {
    super('password hashing queue is full');
  }
}

export class HashQueue {
  private running = 0;
  /** Hashes run so far (started by `run`), for tests and figures. */
  ran = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly concurrency: number,
    private readonly queue: number,
  ) {}

  /** No slot and no room to wait: `run` would refuse now. */
  get full() {
    return this.running >= this.concurrency && this.waiting.length >= this.queue;
  }

  get size() {
    return { running: this.running, waiting: this.waiting.length };
  }

  /** Runs `task` when a slot is free; throws HashQueueFull when the queue is full. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.queue) throw new HashQueueFull();
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running++;
    }
    try {
      this.ran++;
      return await task();
    } finally {
      // Hand the slot straight to the next in line (running stays the same), else free it.
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}
