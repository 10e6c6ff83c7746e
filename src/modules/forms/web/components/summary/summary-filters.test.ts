import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import type { SummaryColumn } from '@/modules/forms/contract';
import { filterableColumns, filterKindOf, toFilterParams, toFormValues } from './summary-filters';

const COLUMNS: Array<Pick<SummaryColumn, 'id' | 'label' | 'type'>> = [
  { id: 'name', label: '姓名', type: 'text' },
  { id: 'reason', label: '事由', type: 'textarea' },
  { id: 'kind', label: '类型', type: 'select' },
  { id: 'campus', label: '校区', type: 'radio' },
  { id: 'tags', label: '标签', type: 'checkbox' },
  { id: 'days', label: '天数', type: 'number' },
  { id: 'fee', label: '费用', type: 'money' },
  { id: 'day', label: '日期', type: 'date' },
  { id: 'at', label: '时间', type: 'datetime' },
  { id: 'span', label: '起止', type: 'dateRange' },
  { id: 'who', label: '审批人', type: 'user' },
  { id: 'ok', label: '同意', type: 'switch' },
  { id: 'files', label: '附件', type: 'file' },
  { id: 'rows', label: '明细', type: 'subTable' },
  { id: 'sign', label: '签名', type: 'signature' },
];

const filtersOf = (fields: Record<string, unknown>) => {
  const p = toFilterParams(COLUMNS, { fields: fields as never });
  return p.filters === undefined ? undefined : (JSON.parse(p.filters) as Record<string, unknown>);
};

describe('summary filters', () => {
  it('gives every type the control the server can filter it by, and none to files, sub-tables and signatures', () => {
    expect(Object.fromEntries(COLUMNS.map((c) => [c.id, filterKindOf(c.type)]))).toEqual({
      name: 'contains',
      reason: 'contains',
      kind: 'option',
      campus: 'option',
      tags: 'option',
      days: 'number',
      fee: 'number',
      day: 'date',
      at: 'date',
      span: 'contains',
      who: 'contains',
      ok: 'yesNo',
      files: null,
      rows: null,
      sign: null,
    });
    expect(filterableColumns(COLUMNS).map((c) => c.id)).not.toContain('files');
  });

  it('sends text as a trimmed contains string and options as their value', () => {
    expect(filtersOf({ name: '  张 ', kind: 'sick', tags: 'a', ok: '否', who: '李' })).toEqual({
      name: '张',
      kind: 'sick',
      tags: 'a',
      ok: '否',
      who: '李',
    });
  });

  it('sends number and money as min/max, either end open', () => {
    expect(filtersOf({ days: { min: 1, max: 3 }, fee: { min: null, max: 99.5 } })).toEqual({
      days: { min: 1, max: 3 },
      fee: { max: 99.5 },
    });
    expect(filtersOf({ days: { min: 0 } })).toEqual({ days: { min: 0 } });
  });

  it('sends dates as inclusive day bounds; a datetime range covers the first to the last second', () => {
    const range = [dayjs('2026-03-01'), dayjs('2026-03-05')];
    expect(filtersOf({ day: range, at: range })).toEqual({
      day: { min: '2026-03-01', max: '2026-03-05' },
      at: { min: '2026-03-01 00:00:00', max: '2026-03-05 23:59:59' },
    });
    expect(filtersOf({ day: [null, dayjs('2026-03-05')] })).toEqual({ day: { max: '2026-03-05' } });
  });

  it('leaves out empty controls, and sends no filters at all when every control is empty', () => {
    expect(
      toFilterParams(COLUMNS, {
        fields: { name: '   ', kind: undefined, days: { min: null, max: null }, day: [null, null] },
      }),
    ).toEqual({});
    expect(toFilterParams(COLUMNS, {})).toEqual({});
  });

  it('sends the submitted-time range as ms from the first day’s start to the last day’s end', () => {
    const p = toFilterParams(COLUMNS, { submitted: [dayjs('2026-03-01 15:00'), dayjs('2026-03-02 08:00')] });
    expect(p).toEqual({
      submittedFrom: dayjs('2026-03-01 00:00:00').valueOf(),
      submittedTo: dayjs('2026-03-02 23:59:59.999').valueOf(),
    });
  });

  it('reads filters from the address back into the controls, ignoring what it cannot read', () => {
    const params = toFilterParams(COLUMNS, {
      fields: { name: '张', days: { min: 1, max: null }, day: [dayjs('2026-03-01'), dayjs('2026-03-05')] },
      submitted: [dayjs('2026-03-01'), null],
    });
    const back = toFormValues(COLUMNS, params);
    expect(back.fields!.name).toBe('张');
    expect(back.fields!.days).toEqual({ min: 1, max: null });
    const [a, b] = back.fields!.day as [dayjs.Dayjs, dayjs.Dayjs];
    expect([a.format('YYYY-MM-DD'), b.format('YYYY-MM-DD')]).toEqual(['2026-03-01', '2026-03-05']);
    expect(back.submitted![0]!.valueOf()).toBe(dayjs('2026-03-01').valueOf());
    expect(back.submitted![1]).toBeNull();
    // The round trip gives the same query again.
    expect(toFilterParams(COLUMNS, back)).toEqual(params);

    expect(toFormValues(COLUMNS, { filters: '{not json' })).toEqual({ fields: {} });
    expect(toFormValues(COLUMNS, { filters: JSON.stringify({ gone: 'x', name: 5, days: 'x' }) })).toEqual({
      fields: {},
    });
  });
});
