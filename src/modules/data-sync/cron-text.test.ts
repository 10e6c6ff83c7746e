import { describe, expect, it } from 'vitest';
import { describeCron, nextRuns } from './cron-text';

describe('describeCron', () => {
  it('names the common shapes', () => {
    expect(describeCron('0 2 * * *')).toBe('每天 02:00');
    expect(describeCron('*/15 * * * *')).toBe('每 15 分钟');
    expect(describeCron('30 * * * *')).toBe('每小时第 30 分');
    expect(describeCron('0 8 * * 1-5')).toBe('每个工作日 08:00');
    expect(describeCron('0 3 * * 0')).toBe('每周日 03:00');
    expect(describeCron('0 1 15 * *')).toBe('每月 15 日 01:00');
    expect(describeCron('5 4 1,15 * *')).toBe('自定义计划');
  });

  it('refuses what is not a five-field expression', () => {
    expect(describeCron('0 2 * *')).toBeNull();
    expect(describeCron('61 2 * * *')).toBeNull();
    expect(describeCron('nonsense')).toBeNull();
  });

  it('lists the next runs in order', () => {
    const from = new Date(2026, 0, 1, 0, 0).getTime();
    const runs = nextRuns('0 2 * * *', 3, from);
    expect(runs).toHaveLength(3);
    expect(new Date(runs[0]!).getHours()).toBe(2);
    expect(runs[1]! - runs[0]!).toBe(86_400_000);
  });
});
