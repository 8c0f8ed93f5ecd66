import { describe, expect, it } from 'vitest';
import { EventBus } from './bus';

interface TestEvents {
  said: { tx: string[]; payload: string };
  other: { tx: string[]; payload: number };
}

describe('EventBus', () => {
  it('runs the handlers of an event in the order they subscribed, with the handle and payload', async () => {
    const bus = new EventBus<TestEvents>();
    bus.on('said', (log, word) => {
      log.push(`first ${word}`);
    });
    bus.on('other', (log) => {
      log.push('other');
    });
    bus.on('said', async (log, word) => {
      await Promise.resolve();
      log.push(`second ${word}`);
    });
    const log: string[] = [];
    await bus.emit('said', log, 'hello');
    expect(log).toEqual(['first hello', 'second hello']);
  });

  it('waits for each handler before the next, and stops at the first that throws', async () => {
    const bus = new EventBus<TestEvents>();
    bus.on('said', async (log) => {
      await new Promise((resolve) => setTimeout(resolve, 10));
      log.push('slow');
    });
    bus.on('said', () => {
      throw new Error('refused');
    });
    bus.on('said', (log) => {
      log.push('never');
    });
    const log: string[] = [];
    await expect(bus.emit('said', log, 'x')).rejects.toThrow('refused');
    expect(log).toEqual(['slow']);
  });

  it('unsubscribes, also while the event runs, without skipping the next handler', async () => {
    const bus = new EventBus<TestEvents>();
    const log: string[] = [];
    const off = bus.on('said', () => {
      log.push('once');
      off();
    });
    bus.on('said', () => {
      log.push('always');
    });
    await bus.emit('said', log, 'a');
    await bus.emit('said', log, 'b');
    expect(log).toEqual(['once', 'always', 'always']);
    await expect(new EventBus<TestEvents>().emit('other', [], 1)).resolves.toBeUndefined();
  });
});
