import { describe, expect, it } from 'vitest';
import { FORM_LIMITS, type FormField, type FormSchema, type LinkageRule } from './schema';
import { checkFieldValue, requiredMessage, subTableSums, validateSubmission, type FieldError } from './validate';

function form(fields: FormField[], rules: LinkageRule[] = []): FormSchema {
  return { format: 1, sections: [{ id: 'main', title: '基本信息', columns: 2, fields }], rules };
}
/** Validates one field's value and answers [stored value, messages]. */
function one(field: FormField, value: unknown, opts: { partial?: boolean } = {}): [unknown, string[]] {
  const { values, errors } = validateSubmission(form([field]), { [field.id]: value }, opts);
  return [values[field.id], errors.map((e) => e.message)];
}
const ok = (field: FormField, value: unknown, stored: unknown = value) =>
  expect(one(field, value)).toEqual([stored, []]);
const refused = (field: FormField, value: unknown, message: string) =>
  expect(one(field, value)).toEqual([undefined, [message]]);

const file = { id: 'u1', name: '成绩单.pdf', size: 1024, url: '/resource/u1' };
const png = { id: 'u2', name: '照片.PNG', size: 2048, url: '/resource/u2' };

describe('text and textarea', () => {
  const name: FormField = { id: 'name', type: 'text', label: '姓名', minLength: 2, maxLength: 5 };
  it('stores trimmed text without emoji', () => {
    ok(name, '  张三  ', '张三');
    ok(name, '张😀三🎉', '张三');
    ok({ id: 't', type: 'text', label: '编号' }, 12, '12');
  });
  it('counts length after stripping, astral ideographs as one', () => {
    ok(name, '𠀋𪚥𠀋𪚥𠀋');
    refused(name, '张三李四王五', '姓名不能超过 5 个字');
    refused(name, '张', '姓名至少 2 个字');
    // Emoji do not count towards the length.
    refused(name, '张😀😀😀😀', '姓名至少 2 个字');
  });
  it('caps text and textarea at the form limits even without maxLength', () => {
    refused(
      { id: 't', type: 'text', label: '标题' },
      'a'.repeat(FORM_LIMITS.textLength + 1),
      `标题不能超过 ${FORM_LIMITS.textLength} 个字`,
    );
    ok({ id: 't', type: 'textarea', label: '说明' }, 'a'.repeat(FORM_LIMITS.textLength + 1));
    refused(
      { id: 't', type: 'textarea', label: '说明' },
      'a'.repeat(FORM_LIMITS.textareaLength + 1),
      `说明不能超过 ${FORM_LIMITS.textareaLength} 个字`,
    );
    refused(
      { id: 't', type: 'text', label: '标题', maxLength: 99_999 },
      'a'.repeat(FORM_LIMITS.textLength + 1),
      `标题不能超过 ${FORM_LIMITS.textLength} 个字`,
    );
  });
  it('checks the pattern with its message, or 格式不正确', () => {
    const phone: FormField = {
      id: 'phone',
      type: 'text',
      label: '手机号',
      pattern: '^1\\d{10}$',
      patternMessage: '请输入 11 位手机号',
    };
    ok(phone, '13800138000');
    refused(phone, '1380013800', '请输入 11 位手机号');
    refused({ ...phone, patternMessage: undefined }, 'abc', '格式不正确');
  });
  it('a broken pattern never throws and lets the value through', () => {
    ok({ id: 't', type: 'text', label: '编号', pattern: '([' }, 'abc');
  });
  it('refuses what is not text', () => {
    refused(name, { a: 1 }, '姓名应为文本');
    refused(name, ['张三'], '姓名应为文本');
    refused(name, true, '姓名应为文本');
  });
  it('text that is only emoji or blanks is empty', () => {
    expect(one(name, '😀😀')).toEqual([undefined, []]);
    expect(one({ ...name, required: true }, '😀 ')).toEqual([undefined, ['请填写姓名']]);
  });
});

describe('number and money', () => {
  const age: FormField = { id: 'age', type: 'number', label: '年龄', min: 0, max: 150, precision: 0 };
  it('normalises numeric strings to numbers', () => {
    ok(age, '18', 18);
    ok(age, ' 20 ', 20);
    ok({ id: 'n', type: 'number', label: '数' }, '-1.5e2', -150);
    ok({ id: 'n', type: 'number', label: '数' }, 0);
  });
  it('checks min and max', () => {
    ok(age, 0);
    ok(age, 150);
    refused(age, -1, '年龄不能小于 0');
    refused(age, 151, '年龄不能大于 150');
  });
  it('refuses more decimals than the precision', () => {
    refused(age, 18.5, '年龄应为整数');
    refused({ id: 'n', type: 'number', label: '体重', precision: 1 }, '60.25', '体重最多 1 位小数');
    ok({ id: 'n', type: 'number', label: '体重', precision: 1 }, '60.2', 60.2);
    ok({ id: 'n', type: 'number', label: '数' }, 1.23456789);
  });
  it('money has 2 decimals unless set, rounding away binary noise', () => {
    const pay: FormField = { id: 'pay', type: 'money', label: '金额' };
    ok(pay, '12.5', 12.5);
    ok(pay, 0.1 + 0.2, 0.3);
    refused(pay, '12.345', '金额最多 2 位小数');
    refused({ ...pay, precision: 0 }, 12.5, '金额应为整数');
    ok({ ...pay, precision: 4 }, '1.2345', 1.2345);
    ok(pay, '-0.00', 0);
  });
  it('refuses what is not a number', () => {
    refused(age, 'abc', '年龄应为数字');
    refused(age, '1,000', '年龄应为数字');
    refused(age, true, '年龄应为数字');
    refused(age, [1], '年龄应为数字');
    expect(one(age, '')).toEqual([undefined, []]);
  });
});

describe('dates', () => {
  const day: FormField = { id: 'day', type: 'date', label: '日期', min: 100, max: 0 };
  const at: FormField = { id: 'at', type: 'datetime', label: '时间' };
  const span: FormField = { id: 'span', type: 'dateRange', label: '请假日期' };
  it('stores dates as YYYY-MM-DD (min/max do not apply)', () => {
    ok(day, '2026-03-05');
    ok(day, '2026/3/5', '2026-03-05');
    ok(day, '2024-02-29');
  });
  it('refuses days not on the calendar, times on a date, other text', () => {
    for (const bad of ['2026-02-29', '2026-04-31', '2026-03-05 10:00', '05/03/2026', 'abc', 20260305]) {
      refused(day, bad, '日期应为日期（年-月-日）');
    }
  });
  it('stores date-times as YYYY-MM-DD HH:mm:ss and needs the time', () => {
    ok(at, '2026-03-05 08:30', '2026-03-05 08:30:00');
    ok(at, '2026/03/05 08:30:15', '2026-03-05 08:30:15');
    for (const bad of ['2026-03-05', '2026-03-05 25:00', '2026-03-05 08:61', 'x'])
      refused(at, bad, '时间应为日期时间（年-月-日 时:分:秒）');
  });
  it('stores ranges as start至end with start ≤ end', () => {
    ok(span, '2026-03-01至2026-03-10');
    ok(span, '2026/3/1 至 2026/3/10', '2026-03-01至2026-03-10');
    ok(span, '2026-03-01至2026-03-01');
    ok(span, ['2026-03-01', '2026-03-02'], '2026-03-01至2026-03-02');
    refused(span, '2026-03-10至2026-03-01', '请假日期的开始日期不能晚于结束日期');
    refused(span, '2026-03-10', '请假日期应为日期范围（开始日期至结束日期）');
    refused(span, '2026-03-01至2026-02-30', '请假日期应为日期范围（开始日期至结束日期）');
    refused(span, '2026-03-01 08:00至2026-03-02', '请假日期应为日期范围（开始日期至结束日期）');
    refused(span, 5, '请假日期应为日期范围（开始日期至结束日期）');
  });
  it('a half range is refused on submit, kept in a draft; an empty range is empty', () => {
    refused(span, '2026-03-01至', '请假日期需填写开始和结束日期');
    expect(one(span, '2026-03-01至', { partial: true })).toEqual(['2026-03-01至', []]);
    expect(one(span, ' 至 ')).toEqual([undefined, []]);
    expect(one({ ...span, required: true }, '至')).toEqual([undefined, ['请选择请假日期']]);
  });
});

describe('choices', () => {
  const options = [
    { label: '本科', value: 'bk' },
    { label: '硕士', value: 'ss' },
    { label: '博士', value: 'bs' },
  ];
  const select: FormField = { id: 'edu', type: 'select', label: '学历', options };
  const radio: FormField = { id: 'edu', type: 'radio', label: '学历', options };
  const many: FormField = { id: 'langs', type: 'multiSelect', label: '语言', options, min: 2, max: 2 };
  const box: FormField = { id: 'langs', type: 'checkbox', label: '语言', options };
  it('select and radio take one option value', () => {
    ok(select, 'bk');
    ok(radio, ' ss ', 'ss');
    refused(select, '本科', '学历的选项无效');
    refused(radio, 'zz', '学历的选项无效');
    refused(select, ['bk'], '学历的选项无效');
  });
  it('multiSelect and checkbox take distinct option values, min/max counting picks', () => {
    ok(many, ['bk', 'ss']);
    ok(box, ['bs']);
    refused(many, ['bk'], '语言至少选择 2 项');
    refused(many, ['bk', 'ss', 'bs'], '语言最多选择 2 项');
    refused(box, ['bk', 'bk'], '语言有重复的选项');
    refused(box, ['bk', 'zz'], '语言的选项无效');
    refused(box, 'bk', '语言的选项无效');
    refused(box, [1], '语言的选项无效');
    expect(one(many, [])).toEqual([undefined, []]);
  });
  it('switch takes a boolean (and its usual spellings); off is a value', () => {
    const sw: FormField = { id: 'agree', type: 'switch', label: '同意', required: true };
    ok(sw, true);
    ok(sw, false);
    ok(sw, 'true', true);
    ok(sw, '否', false);
    refused(sw, 'maybe', '同意应为是或否');
    expect(one(sw, undefined)).toEqual([undefined, ['请选择同意']]);
  });
  it('cascader takes a path that exists, from the top', () => {
    const region: FormField = {
      id: 'region',
      type: 'cascader',
      label: '地区',
      cascaderOptions: [
        { label: '浙江', value: 'zj' },
        { label: '杭州', value: 'hz', parent: 'zj' },
        { label: '西湖区', value: 'xh', parent: 'hz' },
        { label: '江苏', value: 'js', parent: '' },
        { label: '南京', value: 'nj', parent: 'js' },
      ],
    };
    ok(region, ['zj', 'hz', 'xh']);
    ok(region, ['js']);
    refused(region, ['hz', 'xh'], '地区的选项无效');
    refused(region, ['zj', 'nj'], '地区的选项无效');
    refused(region, ['zj', 'hz', 'xh', 'zz'], '地区的选项无效');
    refused(region, 'zj', '地区的选项无效');
  });
});

describe('people and departments', () => {
  const user: FormField = { id: 'who', type: 'user', label: '审批人' };
  const users: FormField = { ...user, multiple: true };
  const dept: FormField = { id: 'dept', type: 'department', label: '部门' };
  it('takes {id, name} refs, keeping only those keys', () => {
    ok(user, [{ id: 3, name: '张三', extra: 'x' }], [{ id: 3, name: '张三' }]);
    ok(users, [
      { id: 3, name: '张三' },
      { id: 4, name: '李四' },
    ]);
    ok(dept, { id: 9, name: '教务处' }, [{ id: 9, name: '教务处' }]);
  });
  it('allows one unless multiple, no repeats, positive integer ids', () => {
    refused(
      user,
      [
        { id: 3, name: '张三' },
        { id: 4, name: '李四' },
      ],
      '审批人只能选择一项',
    );
    refused(
      users,
      [
        { id: 3, name: '张三' },
        { id: 3, name: '张三' },
      ],
      '审批人有重复的选择',
    );
    refused(user, [{ id: 0, name: '张三' }], '审批人应为选择的人员');
    refused(user, [{ id: 1.5, name: '张三' }], '审批人应为选择的人员');
    refused(user, [{ id: '3', name: '张三' }], '审批人应为选择的人员');
    refused(dept, [{ id: 3 }], '部门应为选择的部门');
    refused(dept, '教务处', '部门应为选择的部门');
  });
});

describe('files, images and signatures', () => {
  const att: FormField = { id: 'att', type: 'file', label: '附件', accept: ['pdf', 'docx'], maxCount: 2, maxSizeMb: 1 };
  const pic: FormField = { id: 'pic', type: 'image', label: '照片' };
  it('takes uploaded files of the allowed kinds and sizes', () => {
    ok(att, [file]);
    ok(att, [{ ...file, name: '  报告.DOCX ' }], [{ ...file, name: '报告.DOCX' }]);
    ok(pic, [png]);
  });
  it('refuses other kinds, big files, too many files', () => {
    refused(att, [png], '附件不接受此类文件：照片.PNG（可上传 pdf、docx）');
    refused(att, [{ ...file, size: 1024 * 1024 + 1 }], '附件的文件 成绩单.pdf 超过 1 MB');
    refused(att, [file, { ...file, id: 'u3' }, { ...file, id: 'u4' }], '附件最多上传 2 个文件');
    refused(pic, [file], '照片不接受此类文件：成绩单.pdf（可上传 jpg、jpeg、png、gif、webp、bmp）');
    refused(
      { id: 'f', type: 'file', label: '文件' },
      [{ ...file, size: (FORM_LIMITS.fileMaxMb + 1) * 1024 * 1024 }],
      `文件的文件 成绩单.pdf 超过 ${FORM_LIMITS.fileMaxMb} MB`,
    );
  });
  it('refuses refs that are not uploads of this site', () => {
    for (const bad of [
      { ...file, url: 'https://evil.example/x.pdf' },
      { ...file, url: '/resource/../etc/passwd' },
      { ...file, id: '' },
      { ...file, size: -1 },
      { ...file, name: '' },
      { name: 'x.pdf' },
      'x.pdf',
    ]) {
      refused(att, [bad], '附件应为上传的文件');
    }
  });
  it('a signature is one uploaded image', () => {
    const sig: FormField = { id: 'sig', type: 'signature', label: '签名', required: true };
    ok(sig, png);
    ok(sig, [png], png);
    refused(sig, { ...png, url: 'data:image/png;base64,xx' }, '签名应为上传的签名图片');
    refused(sig, [png, file], '签名应为上传的签名图片');
    expect(one(sig, null)).toEqual([undefined, ['请签名']]);
  });
});

describe('sub-tables', () => {
  const items: FormField = {
    id: 'items',
    type: 'subTable',
    label: '报销明细',
    minRows: 1,
    maxRows: 3,
    sumColumns: ['amount', 'qty'],
    columns: [
      { id: 'what', type: 'text', label: '事项', required: true },
      { id: 'amount', type: 'money', label: '金额', min: 0 },
      { id: 'qty', type: 'number', label: '数量', precision: 0 },
      {
        id: 'kind',
        type: 'select',
        label: '类别',
        options: [{ label: '交通', value: 'bus' }],
        default: { kind: 'static', value: 'bus' },
      },
    ],
  };
  it('checks each cell by its column and drops unknown columns', () => {
    const { values, errors } = validateSubmission(form([items]), {
      items: [{ what: ' 车票😀 ', amount: '12.5', qty: '2', kind: 'bus', junk: 1 }],
    });
    expect(errors).toEqual([]);
    expect(values.items).toEqual([{ what: '车票', amount: 12.5, qty: 2, kind: 'bus' }]);
  });
  it('errors carry the row and the column', () => {
    const { errors } = validateSubmission(form([items]), {
      items: [
        { what: '车票', amount: 1 },
        { amount: -1, qty: 1.5, kind: 'x' },
      ],
    });
    expect(errors).toEqual<FieldError[]>([
      { field: 'items', row: 1, column: 'what', message: '请填写事项' },
      { field: 'items', row: 1, column: 'amount', message: '金额不能小于 0' },
      { field: 'items', row: 1, column: 'qty', message: '数量应为整数' },
      { field: 'items', row: 1, column: 'kind', message: '类别的选项无效' },
    ]);
  });
  it('keeps rows between minRows and maxRows', () => {
    const row = { what: 'x' };
    expect(validateSubmission(form([items]), { items: [] }).errors).toEqual([
      { field: 'items', message: '报销明细至少填写 1 行' },
    ]);
    expect(validateSubmission(form([items]), { items: [row, row, row, row] }).errors).toEqual([
      { field: 'items', message: '报销明细最多 3 行' },
    ]);
    expect(validateSubmission(form([{ ...items, minRows: 2 }]), { items: [row] }).errors).toEqual([
      { field: 'items', message: '报销明细至少填写 2 行' },
    ]);
    expect(
      validateSubmission(form([{ ...items, minRows: undefined, maxRows: undefined }]), {
        items: Array(FORM_LIMITS.subTableRows + 1).fill(row),
      }).errors,
    ).toEqual([{ field: 'items', message: `报销明细最多 ${FORM_LIMITS.subTableRows} 行` }]);
  });
  it('refuses rows that are not objects and a value that is not a list', () => {
    expect(validateSubmission(form([items]), { items: [{ what: 'a' }, 'x'] }).errors).toEqual([
      { field: 'items', row: 1, message: '报销明细第 2 行格式不正确' },
    ]);
    expect(validateSubmission(form([items]), { items: { what: 'a' } }).errors).toEqual([
      { field: 'items', message: '报销明细应为表格行' },
    ]);
  });
  it('a required sub-table without rows asks for it; a draft may have none', () => {
    expect(validateSubmission(form([{ ...items, required: true }]), {}).errors).toEqual([
      { field: 'items', message: '请填写报销明细' },
    ]);
    expect(validateSubmission(form([{ ...items, required: true }]), {}, { partial: true }).errors).toEqual([]);
    expect(validateSubmission(form([items]), { items: [{}] }, { partial: true })).toEqual({
      values: { items: [{}] },
      errors: [],
    });
  });
  it('sums the sum columns', () => {
    expect(subTableSums(items, [{ amount: 0.1, qty: 1 }, { amount: '0.2', qty: '2' }, { amount: 'x' }, {}])).toEqual({
      amount: 0.3,
      qty: 3,
    });
    expect(subTableSums(items, undefined)).toEqual({ amount: 0, qty: 0 });
    expect(subTableSums({ ...items, sumColumns: ['what', 'ghost'] }, [{ what: 1 }])).toEqual({});
  });
});

describe('validateSubmission: linkage, required, drafts', () => {
  const schema = form(
    [
      {
        id: 'kind',
        type: 'select',
        label: '请假类型',
        required: true,
        options: [
          { label: '病假', value: 'sick' },
          { label: '事假', value: 'personal' },
        ],
      },
      { id: 'proof', type: 'file', label: '病历', required: true },
      { id: 'reason', type: 'textarea', label: '事由', pattern: '^.{5,}$', patternMessage: '事由至少 5 个字' },
      { id: 'note', type: 'richText', label: '', content: '<p>说明</p>' },
      { id: 'level', type: 'text', label: '级别', readOnly: true },
    ],
    [
      {
        id: 'r1',
        match: 'all',
        conditions: [{ field: 'kind', op: 'eq', value: 'sick' }],
        actions: [{ type: 'show', targets: ['proof'] }],
      },
      {
        id: 'r2',
        match: 'all',
        conditions: [{ field: 'kind', op: 'eq', value: '事假' }],
        actions: [
          { type: 'require', targets: ['reason'] },
          { type: 'setValue', targets: ['level'], value: '一般' },
        ],
      },
    ],
  );

  it('a visible required field is enforced with the right wording', () => {
    expect(validateSubmission(schema, {}).errors).toEqual([{ field: 'kind', message: '请选择请假类型' }]);
    expect(validateSubmission(schema, { kind: 'sick' }).errors).toEqual([{ field: 'proof', message: '请上传病历' }]);
    expect(validateSubmission(schema, { kind: 'personal' }).errors).toEqual([
      { field: 'reason', message: '请填写事由' },
    ]);
  });
  it('a hidden field is not required and its value is dropped, with display fields and unknown keys', () => {
    const { values, errors } = validateSubmission(schema, {
      kind: 'personal',
      proof: [file],
      reason: '家里有事要办',
      note: 'x',
      hacker: 1,
    });
    expect(errors).toEqual([]);
    expect(values).toEqual({ kind: 'personal', reason: '家里有事要办', level: '一般' });
  });
  it('a value set by a rule replaces what the client sent, even on a read-only field', () => {
    expect(validateSubmission(schema, { kind: 'personal', reason: '家里有事要办', level: '特急' }).values.level).toBe(
      '一般',
    );
    // Without the rule holding, a read-only field keeps the value it was given.
    expect(validateSubmission(schema, { kind: 'sick', proof: [file], level: '特急' }).values.level).toBe('特急');
  });
  it('a draft skips required and pattern checks, but keeps types and limits', () => {
    expect(validateSubmission(schema, { kind: 'personal', reason: '短' }, { partial: true })).toEqual({
      values: { kind: 'personal', reason: '短', level: '一般' },
      errors: [],
    });
    expect(validateSubmission(schema, { kind: 'personal', reason: '短' }).errors).toEqual([
      { field: 'reason', message: '事由至少 5 个字' },
    ]);
    expect(validateSubmission(schema, { kind: 'zz' }, { partial: true }).errors).toEqual([
      { field: 'kind', message: '请假类型的选项无效' },
    ]);
    expect(
      validateSubmission(schema, { reason: 'x'.repeat(FORM_LIMITS.textareaLength + 1) }, { partial: true }).errors,
    ).toEqual([{ field: 'reason', message: `事由不能超过 ${FORM_LIMITS.textareaLength} 个字` }]);
  });
  it('input that is not an object is an empty submission', () => {
    expect(validateSubmission(schema, null as never).errors).toEqual([{ field: 'kind', message: '请选择请假类型' }]);
    expect(validateSubmission(schema, ['x'] as never).values).toEqual({});
  });
  it('checks every section', () => {
    const two: FormSchema = {
      format: 1,
      rules: [],
      sections: [
        { id: 's1', title: '一', columns: 1, fields: [{ id: 'a', type: 'text', label: '甲', required: true }] },
        { id: 's2', title: '二', columns: 1, fields: [{ id: 'b', type: 'number', label: '乙', required: true }] },
      ],
    };
    expect(validateSubmission(two, { a: 'x' }).errors).toEqual([{ field: 'b', message: '请填写乙' }]);
  });
});

describe('checkFieldValue and requiredMessage', () => {
  it('words the required message by kind', () => {
    const m = (type: FormField['type']) => requiredMessage({ id: 'x', type, label: '字段' });
    expect([m('text'), m('number'), m('subTable')]).toEqual(['请填写字段', '请填写字段', '请填写字段']);
    expect([m('select'), m('checkbox'), m('date'), m('dateRange'), m('user'), m('cascader')]).toEqual(
      Array(6).fill('请选择字段'),
    );
    expect([m('file'), m('image'), m('signature')]).toEqual(['请上传字段', '请上传字段', '请签名']);
  });
  it('a required empty value is refused only outside drafts', () => {
    const f: FormField = { id: 'x', type: 'text', label: '字段' };
    expect(checkFieldValue(f, '', { required: true })).toEqual({ value: undefined, messages: ['请填写字段'] });
    expect(checkFieldValue(f, '', { required: true, partial: true })).toEqual({ value: undefined, messages: [] });
  });
});
