import { describe, expect, it } from 'vitest';
import type { SyncFieldInfo } from './contract';
import { autoMatch } from './mapping-match';
import { mappingTypeProblem } from './contract';

const f = (name: string, type: SyncFieldInfo['type'], label = ''): SyncFieldInfo => ({
  name,
  label,
  type,
  sensitive: false,
  required: false,
});

describe('autoMatch', () => {
  it('pairs by name, then by loose name, then by label, only where the types fit', () => {
    const dataset = [f('XH', 'string', '学号'), f('stu_name', 'string'), f('score', 'decimal'), f('age', 'integer')];
    const table = [
      f('student_no', 'string', '学号'),
      f('stuname', 'string'),
      f('score', 'integer'),
      f('age', 'decimal'),
    ];
    expect(autoMatch(dataset, table)).toEqual([
      { from: 'XH', to: 'student_no' },
      { from: 'stu_name', to: 'stuname' },
      { from: 'age', to: 'age' },
    ]);
  });
});

describe('mappingTypeProblem', () => {
  it('widens but never narrows', () => {
    expect(mappingTypeProblem('integer', 'decimal')).toBeNull();
    expect(mappingTypeProblem('date', 'string')).toBeNull();
    expect(mappingTypeProblem('string', 'text')).toBeNull();
    expect(mappingTypeProblem('decimal', 'integer')).toBe('小数不能写入整数字段');
    expect(mappingTypeProblem('text', 'date')).toBe('长文本不能写入日期字段');
  });
});
