import { describe, expect, it } from 'vitest';
import { FORM_SCHEMA_FORMAT, type FormSchema } from '@/shared/forms/schema';
import {
  DEFAULT_TITLE_TEMPLATE,
  renderTitle,
  TITLE_MAX,
  titlePlaceholders,
  titleTemplateProblems,
} from './title-template';

const schema: FormSchema = {
  format: FORM_SCHEMA_FORMAT,
  sections: [
    {
      id: 's',
      title: '',
      columns: 1,
      fields: [
        {
          id: 'kind',
          type: 'select',
          label: '请假类型',
          options: [
            { label: '病假', value: 'sick' },
            { label: '事假', value: 'personal' },
          ],
        },
        { id: 'period', type: 'dateRange', label: '请假时间' },
        { id: 'days', type: 'number', label: '请假天数', unit: '天' },
        { id: 'reason', type: 'textarea', label: '请假事由' },
      ],
    },
  ],
  rules: [],
};
const data = {
  applicant: '张三',
  form: '学生请假申请',
  schema,
  values: { kind: 'sick', period: '2026-03-02至2026-03-03', days: 2, reason: 'x'.repeat(200) },
};

describe('title rules', () => {
  it('fills the applicant, the form and fields by label, options by their label', () => {
    expect(renderTitle('{申请人}的请假申请（{请假类型}，{请假时间}，{请假天数}）', data)).toBe(
      '张三的请假申请（病假，2026-03-02至2026-03-03，2天）',
    );
  });

  it('falls back to 申请人的表单 without a rule, and when the rule leaves nothing', () => {
    expect(renderTitle(undefined, data)).toBe('张三的学生请假申请');
    expect(renderTitle('   ', data)).toBe('张三的学生请假申请');
    expect(renderTitle(DEFAULT_TITLE_TEMPLATE, data)).toBe('张三的学生请假申请');
    expect(renderTitle('{请假类型}', { ...data, values: {} })).toBe('张三的学生请假申请');
  });

  it('keeps an unknown placeholder as written, empty values empty, and cuts long titles', () => {
    expect(renderTitle('{申请人}：{导师}', data)).toBe('张三：{导师}');
    expect(renderTitle('{申请人}（{请假类型}）', { ...data, values: {} })).toBe('张三（）');
    expect(renderTitle('{请假事由}', data)).toHaveLength(TITLE_MAX);
  });

  it('names the placeholders that are not fields of the form', () => {
    expect(titlePlaceholders('{申请人}的{ 请假类型 }{x')).toEqual(['申请人', '请假类型']);
    expect(titleTemplateProblems(undefined, schema)).toEqual([]);
    expect(titleTemplateProblems('{申请人}{表单}{请假时间}', schema)).toEqual([]);
    expect(titleTemplateProblems('{导师}的{导师}', schema)).toEqual(['标题规则中的「{导师}」不是表单中的字段']);
    expect(titleTemplateProblems(' ', schema)).toEqual(['标题规则不能为空（不需要时请删除）']);
    // Without the form the fields cannot be judged.
    expect(titleTemplateProblems('{导师}')).toEqual([]);
  });
});
