/**
 * Runs a Durable Object's changes one at a time. A change that awaits storage or another object
 * lets the next request in; queued here, each waits for the one before it, and a failed change
 * fails only its own caller.
 */
export class SerialQueue {
  /** The tail of the queue: settles when the last change queued so far has. */
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(change: () => Promise<T>): Promise<T> {
    const result = this.tail.then(change, change);
    this.tail = result.catch(() => undefined);
    return result;
  }

  /** Resolves once every change queued so far has settled: a read waits here to see their writes. */
  async settled(): Promise<void> {
    await this.tail;
  }
}
