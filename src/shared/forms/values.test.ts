import { describe, expect, it } from 'vitest';
import type { ColumnField, FormField } from './schema';
import {
  compareDates,
  formatDate,
  formatValue,
  formatValueInFull,
  isEmptyValue,
  parseDate,
  parseRange,
  toBoolean,
  toNumber,
} from './values';

describe('isEmptyValue', () => {
  it.each([[undefined], [null], [''], ['   '], ['\n\t'], [[]], [{}], ['至'], [' 至 '], [NaN]])('%j is empty', (v) =>
    expect(isEmptyValue(v)).toBe(true),
  );
  it.each([[0], [false], ['0'], ['a'], [['']], [{ a: 1 }], ['2026-01-01至'], ['至2026-01-01'], [[{}]]])(
    '%j is not empty',
    (v) => expect(isEmptyValue(v)).toBe(false),
  );
});

describe('toNumber', () => {
  it.each([
    [12, 12],
    ['12', 12],
    [' 3.5 ', 3.5],
    ['-1e3', -1000],
    ['+7', 7],
    ['.5', 0.5],
    ['5.', 5],
    [0, 0],
    ['-0.25', -0.25],
  ])('%j → %j', (v, n) => expect(toNumber(v)).toBe(n));
  it.each([
    [''],
    [' '],
    ['abc'],
    ['12abc'],
    ['1,000'],
    ['0x10'],
    [Infinity],
    [NaN],
    [true],
    [null],
    [undefined],
    [[1]],
    [{}],
    ['1e999'],
    ['--1'],
  ])('%j → null', (v) => expect(toNumber(v)).toBeNull());
});

describe('parseRange', () => {
  it('splits at 至 and trims both sides', () => {
    expect(parseRange('2026-01-01至2026-01-31')).toEqual(['2026-01-01', '2026-01-31']);
    expect(parseRange(' 1 至 5 ')).toEqual(['1', '5']);
  });
  it('keeps an open side empty', () => {
    expect(parseRange('至10')).toEqual(['', '10']);
    expect(parseRange('10至')).toEqual(['10', '']);
    expect(parseRange('至')).toEqual(['', '']);
  });
  it('reads text without the separator as a start only', () => {
    expect(parseRange('2026-01-01')).toEqual(['2026-01-01', '']);
  });
});

describe('parseDate and compareDates', () => {
  it('reads dates with dashes or slashes and optional times', () => {
    expect(parseDate('2026-03-05')).toMatchObject({ year: 2026, month: 3, day: 5, hasTime: false });
    expect(parseDate('2026/3/5')).toMatchObject({ year: 2026, month: 3, day: 5 });
    expect(parseDate('2026-03-05 08:30')).toMatchObject({ hour: 8, minute: 30, second: 0, hasTime: true });
    expect(parseDate('2026-03-05 08:30:15')).toMatchObject({ second: 15 });
    expect(parseDate('2026-03-05T08:30:15')).toMatchObject({ second: 15 });
  });
  it('refuses days that are not on the calendar and odd text', () => {
    for (const bad of [
      '2026-02-29',
      '2026-13-01',
      '2026-04-31',
      '2026-00-10',
      '2026-01-00',
      '2026-01-01 24:00',
      '2026-01-01 10:60',
      '2026-01/01',
      '26-01-01',
      '2026-01-01 8',
      'abc',
      '',
    ]) {
      expect(parseDate(bad), bad).toBeNull();
    }
    expect(parseDate('2024-02-29')).not.toBeNull();
    expect(parseDate('2000-02-29')).not.toBeNull();
    expect(parseDate('1900-02-29')).toBeNull();
    expect(parseDate(20260101)).toBeNull();
  });
  it('formats back to the stored forms', () => {
    expect(formatDate(parseDate('2026/3/5')!)).toBe('2026-03-05');
    expect(formatDate(parseDate('2026/3/5 8:05')!)).toBe('2026-03-05 08:05:00');
  });
  it('orders by day, and by time only when both sides have one', () => {
    const d = (s: string) => parseDate(s)!;
    expect(compareDates(d('2026-03-05'), d('2026-03-06'))).toBeLessThan(0);
    expect(compareDates(d('2026-12-01'), d('2026-03-31'))).toBeGreaterThan(0);
    expect(compareDates(d('2026-03-05 23:00'), d('2026-03-05'))).toBe(0);
    expect(compareDates(d('2026-03-05 08:00'), d('2026-03-05 09:00'))).toBeLessThan(0);
  });
});

describe('toBoolean', () => {
  it.each([
    [true, true],
    ['true', true],
    ['是', true],
    [1, true],
    ['TRUE', true],
    [false, false],
    ['否', false],
    ['false', false],
    [0, false],
  ])('%j → %j', (v, b) => expect(toBoolean(v)).toBe(b));
  it.each([['maybe'], [2], [null], [undefined], ['']])('%j → null', (v) => expect(toBoolean(v)).toBeNull());
});

describe('formatValue', () => {
  const f = (type: FormField['type'], extra: Partial<FormField> = {}): FormField => ({
    id: 'f',
    type,
    label: '字段',
    ...extra,
  });
  const file = { id: 'a1', name: '成绩单.pdf', size: 10, url: '/resource/a1' };

  it('shows options by label, several joined with 、', () => {
    const options = [
      { label: '通过', value: 'pass' },
      { label: '驳回', value: 'reject' },
    ];
    expect(formatValue(f('select', { options }), 'pass')).toBe('通过');
    expect(formatValue(f('radio', { options }), 'gone')).toBe('gone');
    expect(formatValue(f('multiSelect', { options }), ['pass', 'reject'])).toBe('通过、驳回');
    expect(formatValue(f('checkbox', { options }), ['reject'])).toBe('驳回');
  });
  it('shows switches as 是/否 and cascaders as a label path', () => {
    expect(formatValue(f('switch'), true)).toBe('是');
    expect(formatValue(f('switch'), false)).toBe('否');
    const cascaderOptions = [
      { label: '浙江', value: 'zj' },
      { label: '杭州', value: 'hz', parent: 'zj' },
    ];
    expect(formatValue(f('cascader', { cascaderOptions }), ['zj', 'hz'])).toBe('浙江 / 杭州');
  });
  it('shows people, departments and files by name, a signature as 已签名, a sub-table by rows', () => {
    expect(
      formatValue(f('user'), [
        { id: 1, name: '张三' },
        { id: 2, name: '李四' },
      ]),
    ).toBe('张三、李四');
    expect(formatValue(f('department'), [{ id: 3, name: '教务处' }])).toBe('教务处');
    expect(formatValue(f('file'), [file, { ...file, name: '照片.png' }])).toBe('成绩单.pdf、照片.png');
    expect(formatValue(f('image'), [file])).toBe('成绩单.pdf');
    expect(formatValue(f('signature'), file)).toBe('已签名');
    expect(formatValue(f('subTable'), [{ a: 1 }, { a: 2 }, {}])).toBe('3 行');
  });
  it('shows money with its decimals and numbers with unit and precision', () => {
    expect(formatValue(f('money'), 12)).toBe('12.00');
    expect(formatValue(f('money', { precision: 0, unit: '元' }), '12.4')).toBe('12元');
    expect(formatValue(f('number', { unit: '天' }), 3)).toBe('3天');
    expect(formatValue(f('number', { precision: 1 }), 3)).toBe('3.0');
    expect(formatValue(f('number'), 'abc')).toBe('abc');
  });
  it('shows text, dates and ranges as they are, empty as empty, display blocks as nothing', () => {
    expect(formatValue(f('text'), '你好')).toBe('你好');
    expect(formatValue(f('dateRange'), '2026-01-01至2026-01-31')).toBe('2026-01-01至2026-01-31');
    expect(formatValue(f('datetime'), '2026-01-01 08:00:00')).toBe('2026-01-01 08:00:00');
    for (const type of [
      'text',
      'number',
      'select',
      'multiSelect',
      'user',
      'file',
      'signature',
      'subTable',
      'dateRange',
    ] as const) {
      expect(formatValue(f(type), undefined)).toBe('');
      expect(formatValue(f(type), null)).toBe('');
    }
    expect(formatValue(f('dateRange'), '至')).toBe('');
    expect(formatValue(f('richText'), 'x')).toBe('');
  });
  it('takes a sub-table column too', () => {
    const column: ColumnField = { id: 'qty', type: 'money', label: '金额' };
    expect(formatValue(column, 3.5)).toBe('3.50');
  });
});

describe('formatValueInFull', () => {
  const table = {
    id: 'items',
    type: 'subTable' as const,
    label: '物品明细',
    columns: [
      { id: 'item', type: 'text' as const, label: '物品' },
      { id: 'qty', type: 'number' as const, label: '数量' },
    ],
  };
  it("lists a sub-table's rows, one a line, each cell with its column", () => {
    expect(formatValueInFull(table, [{ item: '投影仪', qty: 2 }, { item: '音箱' }])).toBe(
      '物品：投影仪，数量：2\n物品：音箱，数量：—',
    );
  });
  it('is formatValue for everything else', () => {
    expect(formatValueInFull({ id: 'n', type: 'number', label: '天数', unit: '天' }, 3)).toBe(
      formatValueInFull({ id: 'n', type: 'number', label: '天数', unit: '天' }, '3'),
    );
    expect(formatValueInFull(table, [])).toBe('');
  });
});
