import { describe, expect, it } from 'vitest';
import { stripEmoji } from './emoji';

describe('stripEmoji', () => {
  it('removes emoji made of surrogate pairs', () => {
    expect(stripEmoji('请假😀申请🎉')).toBe('请假申请');
  });
  it('removes joined and keycap sequences completely', () => {
    expect(stripEmoji('家庭👨‍👩‍👧成员')).toBe('家庭成员');
    expect(stripEmoji('第1️⃣项')).toBe('第1项');
    expect(stripEmoji('爱心❤️')).toBe('爱心❤');
  });
  it('keeps Chinese, Latin, digits, punctuation and astral CJK ideographs used in names', () => {
    expect(stripEmoji('张三 Zhang San, 2026年（秋）')).toBe('张三 Zhang San, 2026年（秋）');
    expect(stripEmoji('𠀋𪚥')).toBe('𠀋𪚥');
  });
  it('leaves an empty string empty', () => {
    expect(stripEmoji('')).toBe('');
  });
});
