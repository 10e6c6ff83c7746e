import { describe, expect, it } from 'vitest';
import { evaluateFormula, FormulaError, formulaRefs, formulaType, parseFormula, type FormulaType } from './formula';
import { applyFormulas, crossCheckErrors, idCardValid, presetMessage } from './computed';
import { checkFormSchema } from './check-schema';
import { validateSubmission } from './validate';
import { FORM_SCHEMA_FORMAT, type FormField, type FormSchema } from './schema';

const run = (src: string, values: Record<string, unknown> = {}, now?: number) =>
  evaluateFormula(parseFormula(src), { value: (id) => values[id], now });

describe('the formula parser and evaluator', () => {
  it('follows precedence, parentheses, unary minus and comparisons', () => {
    expect(run('1 + 2 * 3')).toBe(7);
    expect(run('(1 + 2) * 3')).toBe(9);
    expect(run('-2 * -3 - 1')).toBe(5);
    expect(run('10 / 4')).toBe(2.5);
    expect(run('1 / 0')).toBeNull();
    expect(run('2 >= 2 && 3 < 2 || 1 = 1')).toBe(true);
    expect(run('a * b', { a: '1.5', b: 4 })).toBe(6);
    expect(run('a + 1', {})).toBeNull();
  });

  it('computes days between dates, over a date range, sums over a sub-table column, and IF', () => {
    expect(run('DAYS(s, e)', { s: '2026-11-20', e: '2026-12-02' })).toBe(12);
    expect(run('DAYS(p)', { p: '2026-11-30至2026-12-02' })).toBe(3);
    expect(run('SUM(items.price, extra)', { items: [{ price: 10 }, { price: 2.5 }, {}], extra: 1 })).toBe(13.5);
    expect(run("IF(total > budget, 'over', 'ok')", { total: 5, budget: 3 })).toBe('over');
    expect(run('ROUND(x, 1)', { x: 2.26 })).toBe(2.3);
    expect(run('MAX(a, b, 3)', { a: 1, b: 7 })).toBe(7);
    expect(run('TODAY()', {}, Date.UTC(2026, 10, 25, 20))).toBe('2026-11-26');
  });

  it('refuses what is not in the grammar, with a Chinese message (no eval anywhere)', () => {
    for (const bad of ['1 +', 'a b', 'alert("x")', '(1', 'a;b', 'x = ', 'constructor.constructor("x")()', 'IF(1,2)'])
      expect(() => parseFormula(bad), bad).toThrow(FormulaError);
    expect(formulaRefs(parseFormula('SUM(t.c) + IF(a > 1, b, 0)')).map((r) => r.id)).toEqual(['t', 'a', 'b']);
  });

  it('types formulas: numbers with numbers, DAYS of dates, no comparing a date with a number', () => {
    const types: Record<string, FormulaType> = { n: 'number', d: 'date', r: 'range', t: 'text' };
    const typeOf = (src: string) => formulaType(parseFormula(src), (id) => types[id]!);
    expect(typeOf('DAYS(r) + n')).toBe('number');
    expect(typeOf('d >= d')).toBe('boolean');
    expect(() => typeOf('t + 1')).toThrow(FormulaError);
    expect(() => typeOf('DAYS(n)')).toThrow(FormulaError);
    expect(() => typeOf('d > 3')).toThrow(FormulaError);
  });
});

describe('ID card numbers (GB 11643 check character)', () => {
  it('accepts valid numbers (an X check included) and refuses a wrong check, date or length', () => {
    expect(idCardValid('11010519491231002X')).toBe(true);
    expect(idCardValid('110105194912310021')).toBe(false);
    expect(idCardValid('440524188001010014')).toBe(true);
    expect(idCardValid('440524188013010014')).toBe(false);
    expect(idCardValid('44052418800101001')).toBe(false);
    expect(presetMessage('idCard', '110105194912310021', '身份证号')).toContain('身份证号');
    expect(presetMessage('mobile', '13800138000', '手机')).toBeNull();
    expect(presetMessage('mobile', '12800138000', '手机')).not.toBeNull();
    expect(presetMessage('email', 'a@b.cn', '邮箱')).toBeNull();
    expect(presetMessage('email', 'a@b', '邮箱')).not.toBeNull();
    expect(presetMessage('studentNo', '2023010001', '学号')).toBeNull();
    expect(presetMessage('studentNo', '20230A', '学号')).not.toBeNull();
  });
});

const leave = (extra: Partial<FormSchema> = {}, fields: FormField[] = []): FormSchema => ({
  format: FORM_SCHEMA_FORMAT,
  sections: [
    {
      id: 's1',
      title: '',
      columns: 2,
      fields: [
        { id: 'start', type: 'date', label: '开始日期', required: true },
        { id: 'end', type: 'date', label: '结束日期', required: true },
        { id: 'days', type: 'number', label: '请假天数', formula: 'DAYS(start, end) + 1' },
        { id: 'budget', type: 'money', label: '预算' },
        { id: 'total', type: 'money', label: '合计' },
        { id: 'idNo', type: 'text', label: '身份证号', preset: 'idCard' },
        ...fields,
      ],
    },
  ],
  rules: [],
  checks: [
    { id: 'c1', field: 'end', op: 'gte', other: 'start', message: '结束日期不能早于开始日期' },
    { id: 'c2', field: 'total', op: 'lte', other: 'budget' },
    { id: 'c3', field: 'start', op: 'notPast' },
    { id: 'c4', field: 'end', op: 'maxDays', other: 'start', days: 30 },
  ],
  ...extra,
});

describe('computed fields and cross-field checks in the one submission check', () => {
  const now = Date.UTC(2026, 10, 25, 4);
  it('recomputes a computed field and ignores the value the client sent', () => {
    const { values, errors } = validateSubmission(
      leave(),
      { start: '2026-11-26', end: '2026-11-28', days: 99 },
      { now },
    );
    expect(errors).toEqual([]);
    expect(values.days).toBe(3);
    expect(applyFormulas(leave(), { start: '2026-11-26' }).days).toBeUndefined();
  });

  it('refuses end before start, total over budget, a past date and a span too long, naming each field', () => {
    const { errors } = validateSubmission(
      leave(),
      { start: '2026-11-20', end: '2026-11-19', budget: 100, total: 120, idNo: '110105194912310021' },
      { now },
    );
    const byField = Object.fromEntries(errors.map((e) => [e.field, e.message]));
    expect(byField.end).toBe('结束日期不能早于开始日期');
    expect(byField.total).toBe('合计不能晚于（大于）预算');
    expect(byField.start).toBe('开始日期不能早于今天');
    expect(byField.idNo).toContain('身份证号');
    expect(crossCheckErrors(leave(), { start: '2026-11-26', end: '2027-01-30' }, now)).toEqual([
      { field: 'end', message: '结束日期与开始日期相隔不能超过 30 天' },
    ]);
    // Drafts keep what is typed.
    expect(
      validateSubmission(leave(), { start: '2026-11-20', end: '2026-11-19' }, { now, partial: true }).errors,
    ).toEqual([]);
  });

  it('the checker refuses unknown fields, cycles and type mismatches in formulas and checks', () => {
    expect(checkFormSchema(leave())).toEqual([]);
    const bad = (fields: FormField[], checks?: FormSchema['checks']) =>
      checkFormSchema(leave(checks ? { checks } : {}, fields)).join('\n');
    expect(bad([{ id: 'x', type: 'number', label: 'X', formula: 'nobody + 1' }])).toContain('不存在的字段 nobody');
    expect(
      bad([
        { id: 'x', type: 'number', label: 'X', formula: 'y + 1' },
        { id: 'y', type: 'number', label: 'Y', formula: 'x + 1' },
      ]),
    ).toContain('循环引用');
    expect(bad([{ id: 'x', type: 'number', label: 'X', formula: 'start + 1' }])).toContain('类型不对');
    expect(bad([{ id: 'x', type: 'date', label: 'X', formula: 'budget * 2' }])).toContain('结果不是日期');
    expect(bad([], [{ id: 'k', field: 'end', op: 'gte', other: 'budget' }])).toContain('类型不同');
    expect(bad([], [{ id: 'k', field: 'ghost', op: 'notPast' }])).toContain('ghost');
  });
});
