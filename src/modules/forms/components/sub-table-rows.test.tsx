// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import type { FormField } from '@/shared/forms/schema';
import { rowLimitsText, useSubTableRows, withCell, withRowAdded, withRowRemoved } from './sub-table-rows';
import { column, field } from './testing/sample-schemas';

const costs = (extra: Partial<FormField> = {}) =>
  field('costs', 'subTable', '差旅费用', {
    columns: [column('item', 'text', '项目'), column('amount', 'money', '金额', { unit: '元' })],
    sumColumns: ['amount'],
    ...extra,
  });

/** The hook over a value the test holds, as a renderer would (onChange writes it back). */
function table(f: FormField, initial: unknown, opts: { disabled?: boolean; readOnly?: boolean } = {}) {
  let value = initial;
  const onChange = vi.fn((rows: Record<string, unknown>[]) => {
    value = rows;
  });
  const hook = renderHook(() =>
    useSubTableRows({ field: f, value, onChange, disabled: !!opts.disabled, readOnly: !!opts.readOnly }),
  );
  return { hook, onChange, value: () => value };
}

describe('sub-table rows', () => {
  it('sets one cell, adds an empty row and removes a row without touching the others', () => {
    const rows = [{ item: '车费' }, { item: '住宿' }];
    expect(withCell(rows, 1, 'amount', 300)).toEqual([{ item: '车费' }, { item: '住宿', amount: 300 }]);
    expect(withRowAdded(rows)).toEqual([...rows, {}]);
    expect(withRowRemoved(rows, 0)).toEqual([{ item: '住宿' }]);
    expect(rows).toEqual([{ item: '车费' }, { item: '住宿' }]);
  });

  it('says the row limits the table sets, and nothing when it sets none', () => {
    expect(rowLimitsText({ minRows: 2, maxRows: 5 })).toBe('至少 2 行，最多 5 行');
    expect(rowLimitsText({ minRows: 1 })).toBe('至少 1 行');
    expect(rowLimitsText({ maxRows: 3 })).toBe('最多 3 行');
    expect(rowLimitsText({})).toBe('');
  });

  it('starts an editable table with its minimum of empty rows, but never a read-only one', () => {
    const editable = table(costs({ minRows: 2 }), undefined);
    expect(editable.onChange).toHaveBeenCalledWith([{}, {}]);
    const readOnly = table(costs({ minRows: 2 }), undefined, { readOnly: true });
    expect(readOnly.onChange).not.toHaveBeenCalled();
    const locked = table(costs({ minRows: 2 }), undefined, { disabled: true });
    expect(locked.onChange).not.toHaveBeenCalled();
  });

  it('adds rows up to the maximum and removes them down to the minimum', () => {
    const t = table(costs({ minRows: 1, maxRows: 2 }), [{ item: '车费' }]);
    expect(t.hook.result.current.canRemove).toBe(false);
    expect(t.hook.result.current.canAdd).toBe(true);
    act(() => t.hook.result.current.addRow());
    expect(t.value()).toEqual([{ item: '车费' }, {}]);
    t.hook.rerender();
    expect(t.hook.result.current.canAdd).toBe(false);
    expect(t.hook.result.current.canRemove).toBe(true);
    act(() => t.hook.result.current.setCell(1, 'item', '住宿'));
    expect(t.value()).toEqual([{ item: '车费' }, { item: '住宿' }]);
    t.hook.rerender();
    act(() => t.hook.result.current.removeRow(0));
    expect(t.value()).toEqual([{ item: '住宿' }]);
  });

  it('a locked table can neither grow nor shrink', () => {
    const t = table(costs({ maxRows: 5 }), [{}, {}], { disabled: true });
    expect(t.hook.result.current.canAdd).toBe(false);
    expect(t.hook.result.current.canRemove).toBe(false);
  });

  it('sums the summed columns with their unit and money places, and only those', () => {
    const t = table(costs(), [{ amount: 120.5 }, { amount: '79.5' }, { amount: 'x' }]);
    const [item, amount] = t.hook.result.current.columns;
    expect(t.hook.result.current.hasSums).toBe(true);
    expect(t.hook.result.current.sumText(amount!)).toBe('¥200.00 元');
    expect(t.hook.result.current.sumText(item!)).toBeNull();
    expect(table(costs({ sumColumns: [] }), []).hook.result.current.hasSums).toBe(false);
  });

  it('treats anything but a list of objects as no rows', () => {
    expect(table(costs(), 'text').hook.result.current.rows).toEqual([]);
    expect(table(costs(), [1, null, ['a'], { item: 'ok' }]).hook.result.current.rows).toEqual([{ item: 'ok' }]);
  });
});
