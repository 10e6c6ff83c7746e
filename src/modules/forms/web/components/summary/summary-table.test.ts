import { describe, expect, it } from 'vitest';
import { submitterColumns, tableWidth } from './summary-table';
import type { SummaryField } from './summary-fields';

const text = (id: string, label: string, prop?: 'realName' | 'userNo' | 'phone'): SummaryField => ({
  id,
  label,
  type: 'text',
  ...(prop ? { default: { kind: 'user' as const, prop } } : {}),
});

describe('summary table columns', () => {
  it('leaves out 提交人 and 学工号 when the form asks for the submitter’s own name and number', () => {
    const leave = [text('name', '姓名', 'realName'), text('no', '学号', 'userNo'), text('phone', '电话', 'phone')];
    expect(submitterColumns(leave)).toEqual({ name: false, userNo: false });
    expect(submitterColumns([text('no', '学号', 'userNo')])).toEqual({ name: true, userNo: false });
    // A name typed freely (no default from the user) is not the submitter: both columns stay.
    expect(submitterColumns([text('name', '姓名')])).toEqual({ name: true, userNo: true });
    // The scroll width counts only the columns shown.
    expect(tableWidth([text('name', '姓名')]) - tableWidth([text('name', '姓名', 'realName')])).toBe(110);
  });
});
