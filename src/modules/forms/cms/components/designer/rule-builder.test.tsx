// @vitest-environment jsdom
import '@/core/testing/dom-polyfills';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Value } from 'typebox/value';
import { AppProviders } from '@/core/ui/app-providers';
import { LinkageRule, type FormSchema } from '@/shared/forms/schema';
import { evaluateLinkage } from '@/shared/forms/linkage';
import { RuleBuilder } from './rule-builder';

const base: FormSchema = {
  format: 1,
  sections: [
    {
      id: 'section_a',
      title: '',
      columns: 2,
      fields: [
        { id: 'days', type: 'number', label: '天数' },
        { id: 'note', type: 'text', label: '备注' },
        { id: 'hint', type: 'text', label: '提示' },
        { id: 'fee', type: 'money', label: '补贴', precision: 2 },
        { id: 'intro', type: 'richText', label: '说明', content: '<p>说明</p>' },
      ],
    },
  ],
  rules: [],
};

let latest: FormSchema = base;
function Harness() {
  const [schema, setSchema] = useState(base);
  latest = schema;
  return <RuleBuilder schema={schema} onChange={(rules) => setSchema((s) => ({ ...s, rules }))} />;
}

async function choose(scope: HTMLElement, label: string, option: string) {
  fireEvent.mouseDown(within(scope).getByRole('combobox', { name: label }));
  fireEvent.click((await screen.findAllByText(option, { selector: '.ant-select-item-option-content' })).at(-1)!);
}

afterEach(cleanup);

describe('rule builder', () => {
  it('builds a number range rule with two number inputs (a至b) that shows a field', async () => {
    render(
      <AppProviders>
        <Harness />
      </AppProviders>,
    );
    fireEvent.click(screen.getByRole('button', { name: /添加规则/ }));
    const card = await screen.findByTestId('rule-card');
    // Display blocks are no rule sources.
    fireEvent.mouseDown(within(card).getByRole('combobox', { name: '条件 1 字段' }));
    expect(screen.queryByText('说明（说明文字）', { selector: '.ant-select-item-option-content' })).toBeNull();
    await choose(card, '条件 1 比较方式', '介于');
    fireEvent.change(within(card).getByRole('spinbutton', { name: '条件 1 值（最小）' }), { target: { value: '3' } });
    fireEvent.change(within(card).getByRole('spinbutton', { name: '条件 1 值（最大）' }), { target: { value: '7' } });
    await choose(card, '动作 1 目标字段', '提示（单行文本）');
    await waitFor(() => expect(latest.rules[0]?.conditions[0]).toEqual({ field: 'days', op: 'range', value: '3至7' }));
    const rule = latest.rules[0]!;
    expect(rule.actions).toEqual([{ type: 'show', targets: ['hint'] }]);
    expect(Value.Check(LinkageRule, rule)).toBe(true);
    expect(evaluateLinkage(latest, { days: 5 }).states.hint!.visible).toBe(true);
    expect(evaluateLinkage(latest, { days: 8 }).states.hint!.visible).toBe(false);
    expect(within(card).queryByRole('alert')).toBeNull();
  });

  it('builds a text rule that assigns a number to another field, and an any-of rule with an empty check', async () => {
    render(
      <AppProviders>
        <Harness />
      </AppProviders>,
    );
    fireEvent.click(screen.getByRole('button', { name: /添加规则/ }));
    const card = await screen.findByTestId('rule-card');
    await choose(card, '条件 1 字段', '备注（单行文本）');
    await choose(card, '条件 1 比较方式', '包含');
    fireEvent.change(within(card).getByRole('textbox', { name: '条件 1 值' }), { target: { value: '加急' } });
    await choose(card, '动作 1 类型', '赋值');
    await choose(card, '动作 1 目标字段', '补贴（金额）');
    fireEvent.change(within(card).getByRole('spinbutton', { name: '动作 1 赋值' }), { target: { value: '50' } });
    await waitFor(() => expect(latest.rules[0]?.actions[0]).toEqual({ type: 'setValue', targets: ['fee'], value: 50 }));
    expect(evaluateLinkage(latest, { note: '请加急处理' }).values.fee).toBe(50);

    fireEvent.click(within(card).getByRole('button', { name: /添加条件/ }));
    await choose(card, '条件 2 字段', '提示（单行文本）');
    await choose(card, '条件 2 比较方式', '为空');
    expect(within(card).queryByRole('textbox', { name: '条件 2 值' })).toBeNull();
    fireEvent.click(within(card).getByText('满足任一条件'));
    await waitFor(() => expect(latest.rules[0]!.match).toBe('any'));
    expect(latest.rules[0]!.conditions[1]).toEqual({ field: 'hint', op: 'empty' });
    expect(within(card).getByText('当 备注 包含 加急 或 提示 为空 时，赋值 补贴')).toBeTruthy();
    expect(Value.Check(LinkageRule, latest.rules[0])).toBe(true);
  });

  it('says what a rule still lacks', async () => {
    render(
      <AppProviders>
        <Harness />
      </AppProviders>,
    );
    fireEvent.click(screen.getByRole('button', { name: /添加规则/ }));
    const card = await screen.findByTestId('rule-card');
    expect(within(card).getByText('条件 1：请填写比较的值；动作 1：请选择目标字段')).toBeTruthy();
  });
});
