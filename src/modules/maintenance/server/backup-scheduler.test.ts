import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startBackupScheduler, SCHEDULER_TICK_MS } from './backup-scheduler';

afterEach(() => {
  vi.useRealTimers();
});

describe('backup scheduler timer', () => {
  it('never keeps the process alive and stops when the app closes', async () => {
    vi.useFakeTimers();
    const hooks: (() => Promise<void>)[] = [];
    const fake = {
      addHook: (_name: string, fn: () => Promise<void>) => {
        hooks.push(fn);
      },
      log: { error: vi.fn() },
    } as unknown as FastifyInstance;
    const timer = startBackupScheduler(fake);
    expect(timer.hasRef()).toBe(false);
    expect(vi.getTimerCount()).toBe(1);
    expect(hooks).toHaveLength(1);
    await hooks[0]!();
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(SCHEDULER_TICK_MS * 3);
    expect(fake.log.error).not.toHaveBeenCalled();
  });
});
