import { describe, expect, it, vi } from 'vitest';
import { createSerialQueue } from './queue';

describe('createSerialQueue', () => {
  it('handles items in push order, one at a time, waiting for each promise', async () => {
    const log: string[] = [];
    const queue = createSerialQueue<number>(async (n) => {
      log.push(`start ${n}`);
      await new Promise((resolve) => setTimeout(resolve, (5 - n) * 3));
      log.push(`end ${n}`);
    });

    [1, 2, 3].forEach((n) => queue.push(n));
    expect(queue.size).toBe(3);
    await queue.idle();

    expect(log).toEqual(['start 1', 'end 1', 'start 2', 'end 2', 'start 3', 'end 3']);
    expect(queue.size).toBe(0);
  });

  it('runs a synchronous handler before push returns', () => {
    const seen: string[] = [];
    const queue = createSerialQueue<string>((item) => void seen.push(item));
    queue.push('a');
    queue.push('b');
    expect(seen).toEqual(['a', 'b']);
  });

  it('reports a failing item and carries on with the next', async () => {
    const onError = vi.fn();
    const done: number[] = [];
    const queue = createSerialQueue<number>(
      async (n) => {
        if (n === 2) throw new Error('bad item');
        done.push(n);
      },
      { onError },
    );
    [1, 2, 3].forEach((n) => queue.push(n));
    await queue.idle();

    expect(done).toEqual([1, 3]);
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'bad item' }), 2);
  });

  it('tells size changes without dropping to 0 between queued items', async () => {
    const sizes: number[] = [];
    const queue = createSerialQueue<number>(() => Promise.resolve(), { onSizeChange: (n) => sizes.push(n) });
    queue.push(1);
    queue.push(2);
    await queue.idle();
    expect(sizes).toEqual([1, 2, 1, 0]);
  });
});
