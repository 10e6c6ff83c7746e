import { describe, expect, it } from 'vitest';
import { checkFormSchema } from './check-schema';
import { FORM_LIMITS, type FormField, type FormSchema, type LinkageRule } from './schema';

function form(fields: FormField[], rules: LinkageRule[] = [], columns = 2): FormSchema {
  return { format: 1, sections: [{ id: 'main', title: '基本信息', columns, fields }], rules };
}
const text = (id: string, extra: Partial<FormField> = {}): FormField => ({ id, type: 'text', label: id, ...extra });
const rule = (extra: Partial<LinkageRule>): LinkageRule => ({
  id: 'r1',
  match: 'all',
  conditions: [{ field: 'a', op: 'notEmpty' }],
  actions: [{ type: 'show', targets: ['b'] }],
  ...extra,
});

describe('checkFormSchema', () => {
  it('passes a sound form with every kind of field and rule', () => {
    const schema: FormSchema = {
      format: 1,
      sections: [
        {
          id: 's1',
          title: '申请人',
          columns: 2,
          fields: [
            text('a', {
              span: 2,
              pattern: '^\\d+$',
              minLength: 1,
              maxLength: 10,
              default: { kind: 'user', prop: 'userNo' },
            }),
            text('b'),
            { id: 'n', type: 'number', label: '数量', min: 0, max: 10, default: { kind: 'static', value: 1 } },
            {
              id: 'kind',
              type: 'select',
              label: '类型',
              options: [
                { label: '甲', value: 'x' },
                { label: '乙', value: 'y' },
              ],
            },
            {
              id: 'area',
              type: 'cascader',
              label: '地区',
              cascaderOptions: [
                { label: '浙江', value: 'zj' },
                { label: '杭州', value: 'hz', parent: 'zj' },
              ],
            },
            { id: 'd', type: 'divider', label: '' },
          ],
        },
        {
          id: 's2',
          title: '明细',
          columns: 1,
          fields: [
            {
              id: 'rows',
              type: 'subTable',
              label: '明细',
              minRows: 1,
              maxRows: 5,
              sumColumns: ['amt'],
              columns: [
                { id: 'what', type: 'text', label: '事项' },
                { id: 'amt', type: 'money', label: '金额' },
                { id: 'c', type: 'radio', label: '类', options: [{ label: '甲', value: 'x' }] },
              ],
            },
          ],
        },
      ],
      rules: [
        rule({
          id: 'r1',
          conditions: [{ field: 'kind', op: 'eq', value: 'x' }],
          actions: [
            { type: 'show', targets: ['rows', 'd'] },
            { type: 'setValue', targets: ['n'], value: 3 },
          ],
        }),
        rule({
          id: 'r2',
          match: 'any',
          conditions: [
            { field: 'n', op: 'range', value: '1至' },
            { field: 'rows', op: 'empty' },
          ],
          actions: [{ type: 'require', targets: ['b'] }],
        }),
      ],
    };
    expect(checkFormSchema(schema)).toEqual([]);
  });

  it('field ids are unique across the whole form, sections too', () => {
    const schema: FormSchema = {
      format: 1,
      rules: [],
      sections: [
        { id: 's1', title: '一', columns: 1, fields: [text('a'), text('s2')] },
        { id: 's2', title: '二', columns: 1, fields: [text('a')] },
      ],
    };
    expect(checkFormSchema(schema)).toEqual([
      '标识 s2 重复（分组「二」）：表单内的分组和字段标识不能相同',
      '标识 a 重复（字段「a」）：表单内的分组和字段标识不能相同',
    ]);
  });

  it('ids follow the id pattern; value fields need a label', () => {
    expect(checkFormSchema(form([text('1bad'), text('ok', { label: ' ' })]))).toEqual([
      '字段「1bad」的标识 1bad 无效：须以字母开头，只含字母、数字和下划线，最长 40 个字符',
      '字段「ok」缺少标题',
    ]);
  });

  it('a form needs a section; total fields are limited', () => {
    expect(checkFormSchema({ format: 1, sections: [], rules: [] })).toEqual(['表单至少需要一个分组']);
    const many = Array.from({ length: FORM_LIMITS.fields + 1 }, (_, i) => text(`f${i}`));
    expect(checkFormSchema(form(many))).toEqual([
      `字段不能超过 ${FORM_LIMITS.fields} 个（现有 ${FORM_LIMITS.fields + 1} 个）`,
    ]);
  });

  it('sub-tables need columns of column types with unique ids; other fields have none', () => {
    const sub = (columns: FormField['columns']): FormField => ({ id: 't', type: 'subTable', label: '明细', columns });
    expect(checkFormSchema(form([sub([])]))).toEqual(['字段「明细」至少需要一列']);
    expect(checkFormSchema(form([sub(undefined)]))).toEqual(['字段「明细」至少需要一列']);
    expect(
      checkFormSchema(
        form([
          sub([
            { id: 'x', type: 'text', label: '甲' },
            { id: 'x', type: 'file', label: '乙' },
          ]),
        ]),
      ),
    ).toEqual(['字段「明细」的列标识 x 重复', '字段「明细」的列「乙」的类型不能用作表格列']);
    expect(checkFormSchema(form([text('a', { columns: [{ id: 'x', type: 'text', label: '甲' }] })]))).toEqual([
      '字段「a」不是子表格，不能有表格列',
    ]);
  });

  it('columns are checked like fields', () => {
    const schema = form([
      {
        id: 't',
        type: 'subTable',
        label: '明细',
        columns: [
          { id: 'x', type: 'select', label: '类', options: [] },
          { id: 'y', type: 'number', label: '数', min: 5, max: 1 },
        ],
      },
    ]);
    expect(checkFormSchema(schema)).toEqual([
      '字段「明细」的列「类」至少需要一个选项',
      '字段「明细」的列「数」的最小值不能大于最大值',
    ]);
  });

  it('select-like fields need options with unique values', () => {
    for (const type of ['select', 'multiSelect', 'radio', 'checkbox'] as const) {
      expect(checkFormSchema(form([{ id: 'a', type, label: '选' }]))).toEqual(['字段「选」至少需要一个选项']);
      expect(
        checkFormSchema(
          form([
            {
              id: 'a',
              type,
              label: '选',
              options: [
                { label: '甲', value: 'x' },
                { label: '乙', value: 'x' },
              ],
            },
          ]),
        ),
      ).toEqual(['字段「选」的选项值有重复']);
    }
  });

  it('cascader options need existing parents, unique values, no cycles', () => {
    const c = (cascaderOptions: FormField['cascaderOptions']) =>
      form([{ id: 'c', type: 'cascader', label: '地区', cascaderOptions }]);
    expect(checkFormSchema(c([]))).toEqual(['字段「地区」至少需要一个选项']);
    expect(checkFormSchema(c([{ label: '杭州', value: 'hz', parent: 'zj' }]))).toEqual([
      '字段「地区」的选项 杭州 的上级 zj 不存在',
    ]);
    expect(
      checkFormSchema(
        c([
          { label: '甲', value: 'a' },
          { label: '乙', value: 'a' },
        ]),
      ),
    ).toEqual(['字段「地区」的选项值 a 重复']);
    expect(
      checkFormSchema(
        c([
          { label: '甲', value: 'a', parent: 'b' },
          { label: '乙', value: 'b', parent: 'a' },
          { label: '丙', value: 'c', parent: 'a' },
        ]),
      ),
    ).toEqual(['字段「地区」的选项上下级形成循环（a）']);
    expect(checkFormSchema(c([{ label: '甲', value: 'a', parent: 'a' }]))).toEqual([
      '字段「地区」的选项上下级形成循环（a）',
    ]);
  });

  it('limits must be in order, patterns must compile, spans must fit, defaults must be valid', () => {
    expect(
      checkFormSchema(
        form([
          { id: 'n', type: 'number', label: '数', min: 3, max: 2 },
          text('t', { minLength: 5, maxLength: 4, pattern: '(' }),
          {
            id: 'r',
            type: 'subTable',
            label: '表',
            minRows: 3,
            maxRows: 2,
            columns: [{ id: 'x', type: 'text', label: 'x' }],
          },
          text('w', { span: 3 }),
          { id: 'd', type: 'date', label: '日', default: { kind: 'static', value: '2026-02-30' } },
        ]),
      ),
    ).toEqual([
      '字段「数」的最小值不能大于最大值',
      '字段「t」的最短长度不能大于最长长度',
      '字段「t」的校验正则无效',
      '字段「表」的最少行数不能大于最多行数',
      '字段「w」的宽度 3 列超过了分组的 2 列',
      '字段「日」的默认值无效：日应为日期（年-月-日）',
    ]);
  });

  it('sum columns name number or money columns of the table', () => {
    const schema = form([
      {
        id: 't',
        type: 'subTable',
        label: '表',
        sumColumns: ['x', 'ghost', 'n'],
        columns: [
          { id: 'x', type: 'text', label: '文' },
          { id: 'n', type: 'number', label: '数' },
        ],
      },
    ]);
    expect(checkFormSchema(schema)).toEqual([
      '字段「表」的合计列「文」不是数字或金额',
      '字段「表」的合计列 ghost 不存在',
    ]);
  });

  it('rules name existing fields that hold values, with unique ids', () => {
    const fields = [
      text('a'),
      text('b'),
      { id: 'd', type: 'divider', label: '' } as FormField,
      { id: 't', type: 'subTable', label: '表', columns: [{ id: 'col', type: 'text', label: '列' }] } as FormField,
    ];
    expect(
      checkFormSchema(
        form(fields, [
          rule({
            id: 'r1',
            conditions: [
              { field: 'ghost', op: 'empty' },
              { field: 'd', op: 'empty' },
              { field: 'col', op: 'empty' },
            ],
          }),
          rule({
            id: 'r1',
            actions: [
              { type: 'hide', targets: ['ghost', 'd'] },
              { type: 'require', targets: ['d'] },
              { type: 'readOnly', targets: ['col'] },
            ],
          }),
        ]),
      ),
    ).toEqual([
      '第 1 条联动规则的条件字段 ghost 不存在',
      '第 1 条联动规则的条件字段「d」不含值，不能作为条件',
      '第 1 条联动规则的条件字段 col 不存在',
      '第 2 条联动规则的标识 r1 重复',
      '第 2 条联动规则的目标字段 ghost 不存在',
      '第 2 条联动规则：「d」不含值，只能显示或隐藏',
      '第 2 条联动规则的目标字段 col 不存在',
    ]);
  });

  it('conditions need a value (a range written start至end), except empty and notEmpty', () => {
    expect(
      checkFormSchema(
        form(
          [text('a'), text('b')],
          [
            rule({
              conditions: [
                { field: 'a', op: 'eq' },
                { field: 'a', op: 'contains', value: ' ' },
                { field: 'a', op: 'range', value: '5' },
                { field: 'a', op: 'range', value: '至' },
                { field: 'a', op: 'range', value: 5 },
                { field: 'a', op: 'empty' },
                { field: 'a', op: 'range', value: '至9' },
              ],
            }),
          ],
        ),
      ),
    ).toEqual([
      '第 1 条联动规则的条件缺少比较的值',
      '第 1 条联动规则的条件缺少比较的值',
      '第 1 条联动规则的范围应写作“开始至结束”',
      '第 1 条联动规则的范围应写作“开始至结束”',
      '第 1 条联动规则的范围应写作“开始至结束”',
    ]);
  });

  it('setValue never targets sub-tables, uploads or signatures, and its value must fit the target', () => {
    const fields: FormField[] = [
      text('a'),
      { id: 'n', type: 'number', label: '数', max: 5 },
      { id: 't', type: 'subTable', label: '表', columns: [{ id: 'x', type: 'text', label: 'x' }] },
      { id: 'f', type: 'file', label: '附件' },
      { id: 'i', type: 'image', label: '图' },
      { id: 's', type: 'signature', label: '签' },
    ];
    expect(
      checkFormSchema(
        form(fields, [
          rule({
            actions: [
              { type: 'setValue', targets: ['t', 'f', 'i', 's'], value: 'x' },
              { type: 'setValue', targets: ['n'], value: 'abc' },
              { type: 'setValue', targets: ['n'], value: 9 },
              { type: 'setValue', targets: ['n', 'a'] },
            ],
          }),
        ]),
      ),
    ).toEqual([
      '第 1 条联动规则：不能给「表」赋值（子表格、上传和签名不能赋值）',
      '第 1 条联动规则：不能给「附件」赋值（子表格、上传和签名不能赋值）',
      '第 1 条联动规则：不能给「图」赋值（子表格、上传和签名不能赋值）',
      '第 1 条联动规则：不能给「签」赋值（子表格、上传和签名不能赋值）',
      '第 1 条联动规则给「数」赋的值无效：数应为数字',
      '第 1 条联动规则给「数」赋的值无效：数不能大于 5',
    ]);
  });
});

describe('patterns that could take exponential time', () => {
  const withPattern = (pattern: string) => ({
    format: 1 as const,
    rules: [],
    sections: [
      { id: 's1', title: '', columns: 1, fields: [{ id: 'code', type: 'text' as const, label: '编号', pattern }] },
    ],
  });
  it.each(['(a+)+$', '^(\\w*)*$', '(a|ab)*c', '^(\\d+){2,}$'])('refuses the nested repetition %s', (p) => {
    expect(checkFormSchema(withPattern(p)).join()).toContain('嵌套重复');
  });
  it.each(['^1[3-9]\\d{9}$', '^[A-Z]{2}\\d+$', '^(\\d{3})-(\\d{4})$', '^\\S+@\\S+\\.\\S+$', '^(男|女)$'])(
    'accepts the ordinary pattern %s',
    (p) => {
      expect(checkFormSchema(withPattern(p))).toEqual([]);
    },
  );
});
