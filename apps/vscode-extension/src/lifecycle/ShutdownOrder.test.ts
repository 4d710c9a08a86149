import { describe, expect, test } from 'vitest';
import { ShutdownOrder } from './ShutdownOrder';

describe('ShutdownOrder', () => {
  test('VS Code disposing the subscriptions during a shutdown leaves the resources to the shutdown', async () => {
    const events: string[] = [];
    const order = new ShutdownOrder({ dispose: () => events.push('disposed') });
    let finish = () => {};
    // As VS Code does: deactivate() is called, then the subscriptions are disposed at once.
    const done = order.shutdown(async () => {
      await new Promise<void>((resolve) => (finish = resolve));
      events.push('written');
    });
    order.subscription.dispose();
    expect(events).toEqual([]);
    finish();
    await done;
    expect(events).toEqual(['written', 'disposed']);
  });

  test('without a shutdown, disposing the subscription disposes the resources; a failed shutdown still does', async () => {
    const events: string[] = [];
    new ShutdownOrder({ dispose: () => events.push('a') }).subscription.dispose();
    const failing = new ShutdownOrder({ dispose: () => events.push('b') });
    await expect(failing.shutdown(() => Promise.reject(new Error('disk full')))).rejects.toThrow('disk full');
    expect(events).toEqual(['a', 'b']);
  });
});
