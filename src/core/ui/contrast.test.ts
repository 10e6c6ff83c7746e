import { describe, expect, it } from 'vitest';
import { contrastRatio, readablePrimary } from './contrast';

describe('readable theme colours', () => {
  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#1677ff', '#ffffff')).toBeCloseTo(4.1, 1);
  });

  it('darkens a primary colour that white text cannot be read on, keeping a dark enough one', () => {
    const blue = readablePrimary('#1677ff');
    expect(blue).not.toBe('#1677ff');
    expect(contrastRatio(blue, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(blue, '#f0f2f5')).toBeGreaterThanOrEqual(4.5);
    expect(readablePrimary('#0958d9')).toBe('#0958d9');
    expect(contrastRatio(readablePrimary('#fadb14'), '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(readablePrimary('not a colour')).toBe('not a colour');
  });
});
