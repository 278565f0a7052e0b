import { describe, expect, it } from 'vitest';
import { nextTask } from './next-task';

describe('nextTask', () => {
  it('resolves after the microtasks already queued, in a later task', async () => {
    const order: string[] = [];
    const yielded = nextTask().then(() => order.push('next task'));
    queueMicrotask(() => order.push('microtask'));
    await yielded;
    expect(order).toEqual(['microtask', 'next task']);
  });
});
