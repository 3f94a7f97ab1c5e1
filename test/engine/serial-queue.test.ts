/** The queue the cart and site-editor objects run their changes through (src/durable/serial-queue.ts). */
import { describe, expect, it } from 'vitest';
import { SerialQueue } from '../../src/durable/serial-queue';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('SerialQueue', () => {
  it('runs each change after the one before it has settled, in the order they came', async () => {
    const queue = new SerialQueue();
    const log: string[] = [];
    const change = (name: string) => async () => {
      log.push(`${name} starts`);
      await tick();
      log.push(`${name} ends`);
      return name;
    };
    expect(await Promise.all([queue.run(change('a')), queue.run(change('b')), queue.run(change('c'))])).toEqual([
      'a',
      'b',
      'c',
    ]);
    expect(log).toEqual(['a starts', 'a ends', 'b starts', 'b ends', 'c starts', 'c ends']);
  });

  it('fails only the caller of a failed change; the next one still runs', async () => {
    const queue = new SerialQueue();
    const failed = queue.run(async () => {
      await tick();
      throw new Error('no stock');
    });
    const next = queue.run(async () => 'added');
    await expect(failed).rejects.toThrow('no stock');
    await expect(next).resolves.toBe('added');
  });

  it('settles once every change queued so far has, failed ones included', async () => {
    const queue = new SerialQueue();
    let written = false;
    void queue
      .run(async () => {
        await tick();
        throw new Error('refused');
      })
      .catch(() => undefined);
    void queue.run(async () => {
      await tick();
      written = true;
    });
    await queue.settled();
    expect(written).toBe(true);
  });
});
