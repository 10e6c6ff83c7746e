import { describe, expect, it } from 'vitest';
import { resolveDefaults } from './defaults';
import type { FormField, FormSchema } from './schema';

const user = { realName: '张三', userNo: '2026001', department: '计算机学院', phone: '13800138000' };
function form(fields: FormField[]): FormSchema {
  return { format: 1, sections: [{ id: 'main', title: '基本信息', columns: 2, fields }], rules: [] };
}

describe('resolveDefaults', () => {
  it('fills each user property into its field', () => {
    const schema = form([
      { id: 'name', type: 'text', label: '姓名', default: { kind: 'user', prop: 'realName' } },
      { id: 'no', type: 'text', label: '学号', default: { kind: 'user', prop: 'userNo' } },
      { id: 'dept', type: 'text', label: '学院', default: { kind: 'user', prop: 'department' } },
      { id: 'phone', type: 'text', label: '电话', default: { kind: 'user', prop: 'phone' } },
    ]);
    expect(resolveDefaults(schema, user)).toEqual({
      name: '张三',
      no: '2026001',
      dept: '计算机学院',
      phone: '13800138000',
    });
  });

  it('a visitor gets no user defaults, still the static ones', () => {
    const schema = form([
      { id: 'name', type: 'text', label: '姓名', default: { kind: 'user', prop: 'realName' } },
      {
        id: 'term',
        type: 'select',
        label: '学期',
        options: [{ label: '秋季', value: 'fall' }],
        default: { kind: 'static', value: 'fall' },
      },
    ]);
    expect(resolveDefaults(schema, null)).toEqual({ term: 'fall' });
  });

  it('puts static defaults through the submission check: normalised, or left out when invalid', () => {
    const schema = form([
      { id: 'days', type: 'number', label: '天数', default: { kind: 'static', value: '3' } },
      { id: 'pay', type: 'money', label: '金额', default: { kind: 'static', value: 'abc' } },
      { id: 'from', type: 'date', label: '开始', default: { kind: 'static', value: '2026/9/1' } },
      {
        id: 'gone',
        type: 'radio',
        label: '选项',
        options: [{ label: '甲', value: 'a' }],
        default: { kind: 'static', value: 'b' },
      },
      { id: 'agree', type: 'switch', label: '同意', default: { kind: 'static', value: false } },
      {
        id: 'tags',
        type: 'checkbox',
        label: '标签',
        options: [{ label: '甲', value: 'a' }],
        default: { kind: 'static', value: ['a'] },
      },
      { id: 'title', type: 'text', label: '标题', default: { kind: 'static', value: '申请😀' } },
      { id: 'code', type: 'text', label: '编号', pattern: '^\\d+$', default: { kind: 'static', value: 'x1' } },
      { id: 'big', type: 'number', label: '人数', max: 10, default: { kind: 'static', value: 11 } },
    ]);
    expect(resolveDefaults(schema, user)).toEqual({
      days: 3,
      from: '2026-09-01',
      agree: false,
      tags: ['a'],
      title: '申请',
    });
  });

  it('a user property that does not fit the field is left out', () => {
    const schema = form([
      { id: 'age', type: 'number', label: '年龄', default: { kind: 'user', prop: 'realName' } },
      { id: 'dept', type: 'department', label: '部门', default: { kind: 'user', prop: 'department' } },
      { id: 'no', type: 'number', label: '学号', default: { kind: 'user', prop: 'userNo' } },
    ]);
    expect(resolveDefaults(schema, user)).toEqual({ no: 2026001 });
    expect(resolveDefaults(schema, { ...user, userNo: '' })).toEqual({});
  });

  it('does not fill sub-table rows from column defaults, nor display blocks', () => {
    const schema = form([
      {
        id: 'rows',
        type: 'subTable',
        label: '明细',
        columns: [{ id: 'qty', type: 'number', label: '数量', default: { kind: 'static', value: 1 } }],
      },
      { id: 'note', type: 'richText', label: '', content: '<p>x</p>', default: { kind: 'static', value: 'x' } },
    ]);
    expect(resolveDefaults(schema, user)).toEqual({});
  });

  it('fills hidden fields too (a rule may show them later)', () => {
    const schema = form([{ id: 'x', type: 'text', label: 'x', hidden: true, default: { kind: 'static', value: 'v' } }]);
    expect(resolveDefaults(schema, null)).toEqual({ x: 'v' });
  });
});
