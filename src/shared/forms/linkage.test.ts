import { describe, expect, it } from 'vitest';
import { evaluateLinkage, testCondition } from './linkage';
import {
  DISPLAY_TYPES,
  FIELD_TYPES,
  RULE_OPERATORS,
  type FieldType,
  type FormField,
  type FormSchema,
  type LinkageRule,
  type RuleCondition,
  type RuleOperator,
} from './schema';

// One field of every type, as the operator table reads them.
const FIELDS: Record<string, FormField> = {
  text: { id: 'text', type: 'text', label: '文本' },
  textarea: { id: 'textarea', type: 'textarea', label: '多行文本' },
  number: { id: 'number', type: 'number', label: '数字' },
  money: { id: 'money', type: 'money', label: '金额' },
  date: { id: 'date', type: 'date', label: '日期' },
  datetime: { id: 'datetime', type: 'datetime', label: '日期时间' },
  dateRange: { id: 'dateRange', type: 'dateRange', label: '日期范围' },
  select: {
    id: 'select',
    type: 'select',
    label: '下拉',
    options: [
      { label: '通过', value: 'pass' },
      { label: '驳回', value: 'reject' },
      { label: '十分', value: '10' },
    ],
  },
  radio: {
    id: 'radio',
    type: 'radio',
    label: '单选',
    options: [
      { label: '一星', value: '1' },
      { label: '三星', value: '3' },
      { label: '其他', value: 'other' },
    ],
  },
  multiSelect: {
    id: 'multiSelect',
    type: 'multiSelect',
    label: '多选',
    options: [
      { label: '苹果', value: 'a' },
      { label: '香蕉', value: 'b' },
      { label: '橙子', value: 'c' },
    ],
  },
  checkbox: {
    id: 'checkbox',
    type: 'checkbox',
    label: '复选',
    options: [
      { label: '住宿', value: 'dorm' },
      { label: '餐补', value: 'meal' },
      { label: '交通', value: 'bus' },
    ],
  },
  switch: { id: 'switch', type: 'switch', label: '开关' },
  cascader: {
    id: 'cascader',
    type: 'cascader',
    label: '地区',
    cascaderOptions: [
      { label: '浙江', value: 'zj' },
      { label: '杭州', value: 'hz', parent: 'zj' },
      { label: '西湖区', value: 'xh', parent: 'hz' },
      { label: '江苏', value: 'js' },
      { label: '南京', value: 'nj', parent: 'js' },
    ],
  },
  user: { id: 'user', type: 'user', label: '人员', multiple: true },
  department: { id: 'department', type: 'department', label: '部门' },
  file: { id: 'file', type: 'file', label: '附件' },
  image: { id: 'image', type: 'image', label: '图片' },
  signature: { id: 'signature', type: 'signature', label: '签名' },
  subTable: {
    id: 'subTable',
    type: 'subTable',
    label: '明细',
    columns: [
      { id: 'item', type: 'text', label: '物品' },
      { id: 'qty', type: 'number', label: '数量' },
    ],
  },
};

const VALUE_TYPES = FIELD_TYPES.filter((t) => !DISPLAY_TYPES.includes(t));
const pdf = { id: 'f1', name: '成绩单.pdf', size: 100, url: '/resource/f1' };
const png = { id: 'f2', name: '照片.PNG', size: 200, url: '/resource/f2' };
const sign = { id: 's1', name: 'signature.png', size: 300, url: '/resource/s1' };
const people = [
  { id: 7, name: '张三' },
  { id: 9, name: '李四' },
];
const rows = [
  { item: '笔', qty: 2 },
  { item: '纸', qty: 10 },
];

type Case = [type: FieldType, value: unknown, op: RuleOperator, target: RuleCondition['value'], expected: boolean];

/** The operator table: every value-holding type × every operator, true and false. */
const CASES: Case[] = [
  // text: trimmed text, substring ignoring Latin case, numbers and dates in order
  ['text', '张三丰', 'eq', '张三丰', true],
  ['text', ' 张三丰 ', 'eq', '张三丰 ', true],
  ['text', '张三丰', 'eq', '张三', false],
  ['text', '012', 'eq', '12', false],
  ['text', 12, 'eq', '12.0', true],
  ['text', '张三丰', 'neq', '张三', true],
  ['text', '张三丰', 'neq', ' 张三丰', false],
  ['text', '张三丰', 'contains', '三', true],
  ['text', 'Hello', 'contains', 'hELLO', true],
  ['text', '张三丰', 'contains', '四', false],
  ['text', '张三丰', 'notContains', '四', true],
  ['text', '张三丰', 'notContains', '丰', false],
  ['text', '', 'empty', undefined, true],
  ['text', '   ', 'empty', undefined, true],
  ['text', '张', 'empty', undefined, false],
  ['text', '张', 'notEmpty', undefined, true],
  ['text', ' ', 'notEmpty', undefined, false],
  ['text', '10', 'gte', 9, true],
  ['text', '10', 'gte', '9', true],
  ['text', '8', 'gte', 9, false],
  ['text', 'abc', 'gte', 'abb', false],
  ['text', '2026-03-01', 'lte', '2026-03-02', true],
  ['text', '5', 'lte', 4, false],
  ['text', '15', 'range', '10至20', true],
  ['text', '25', 'range', '10至20', false],
  // textarea reads as text
  ['textarea', '第一行\n第二行', 'eq', '第一行\n第二行', true],
  ['textarea', '第一行', 'eq', '第二行', false],
  ['textarea', '甲', 'neq', '乙', true],
  ['textarea', '甲', 'neq', '甲', false],
  ['textarea', '请假三天', 'contains', '三天', true],
  ['textarea', '请假三天', 'contains', '五天', false],
  ['textarea', '请假三天', 'notContains', '五天', true],
  ['textarea', '请假三天', 'notContains', '请假', false],
  ['textarea', '', 'empty', undefined, true],
  ['textarea', 'x', 'empty', undefined, false],
  ['textarea', 'x', 'notEmpty', undefined, true],
  ['textarea', undefined, 'notEmpty', undefined, false],
  ['textarea', '3', 'gte', '3', true],
  ['textarea', '3', 'gte', '4', false],
  ['textarea', '3', 'lte', '3', true],
  ['textarea', '3', 'lte', '2', false],
  ['textarea', '3', 'range', '1至3', true],
  ['textarea', '3', 'range', '4至', false],
  // number: numerically, numbers given as strings on either side
  ['number', 12, 'eq', 12, true],
  ['number', 12, 'eq', '12.0', true],
  ['number', '12', 'eq', 12, true],
  ['number', ' 12 ', 'eq', '1.2e1', true],
  ['number', 12, 'eq', 13, false],
  ['number', 12, 'eq', 'abc', false],
  ['number', 12, 'neq', 13, true],
  ['number', 12, 'neq', '12', false],
  ['number', 12, 'neq', 'abc', false],
  ['number', 123, 'contains', '2', true],
  ['number', 123, 'contains', '5', false],
  ['number', 123, 'notContains', '5', true],
  ['number', 123, 'notContains', '1', false],
  ['number', undefined, 'empty', undefined, true],
  ['number', null, 'empty', undefined, true],
  ['number', 0, 'empty', undefined, false],
  ['number', 0, 'notEmpty', undefined, true],
  ['number', '', 'notEmpty', undefined, false],
  ['number', 12, 'gte', 12, true],
  ['number', 12, 'gte', '12.5', false],
  ['number', '9', 'gte', '10', false],
  ['number', '10', 'gte', '9', true],
  ['number', 12, 'lte', '12', true],
  ['number', 12, 'lte', 11, false],
  ['number', '-1e3', 'lte', 0, true],
  ['number', 12, 'range', '10至12', true],
  ['number', 12, 'range', '12至', true],
  ['number', 12, 'range', '至12', true],
  ['number', 12, 'range', '至11', false],
  ['number', 12, 'range', '13至20', false],
  ['number', 12, 'range', 'a至b', false],
  ['number', 12, 'range', '至', false],
  ['number', 12, 'range', 12, false],
  ['number', 'abc', 'range', '1至100', false],
  // money reads as number
  ['money', 99.99, 'eq', '99.990', true],
  ['money', 99.99, 'eq', 99.98, false],
  ['money', 99.99, 'neq', 100, true],
  ['money', 99.99, 'neq', '99.99', false],
  ['money', 99.99, 'contains', '.99', true],
  ['money', 99.99, 'contains', '100', false],
  ['money', 99.99, 'notContains', '100', true],
  ['money', 99.99, 'notContains', '99', false],
  ['money', undefined, 'empty', undefined, true],
  ['money', 0, 'empty', undefined, false],
  ['money', 0, 'notEmpty', undefined, true],
  ['money', null, 'notEmpty', undefined, false],
  ['money', 500, 'gte', '500.00', true],
  ['money', 499.99, 'gte', 500, false],
  ['money', 500, 'lte', 500, true],
  ['money', 500.01, 'lte', 500, false],
  ['money', '1000', 'range', '500至1000', true],
  ['money', 1000.01, 'range', '500至1000', false],
  // date: calendar days, dashes or slashes
  ['date', '2026-03-15', 'eq', '2026/03/15', true],
  ['date', '2026-03-15', 'eq', '2026-3-15', true],
  ['date', '2026-03-15', 'eq', '2026-03-16', false],
  ['date', '2026-02-28', 'eq', '2026-02-30', false],
  ['date', '2026-03-15', 'neq', '2026-03-16', true],
  ['date', '2026-03-15', 'neq', '2026/3/15', false],
  ['date', '2026-03-15', 'neq', 'garbage', false],
  ['date', '2026-03-15', 'contains', '2026-03', true],
  ['date', '2026-03-15', 'contains', '2025', false],
  ['date', '2026-03-15', 'notContains', '2025', true],
  ['date', '2026-03-15', 'notContains', '03-15', false],
  ['date', '', 'empty', undefined, true],
  ['date', '2026-03-15', 'empty', undefined, false],
  ['date', '2026-03-15', 'notEmpty', undefined, true],
  ['date', null, 'notEmpty', undefined, false],
  ['date', '2026-03-15', 'gte', '2026-03-15', true],
  ['date', '2026-03-15', 'gte', '2026-03-16', false],
  ['date', '2026-12-01', 'gte', '2026-09-30', true],
  ['date', '2026-13-01', 'gte', '2026-01-01', false],
  ['date', '2026-03-15', 'lte', '2026-03-15 23:59', true],
  ['date', '2026-03-15', 'lte', '2026-03-14', false],
  ['date', '2026-03-15', 'range', '2026-03-01至2026-03-31', true],
  ['date', '2026-03-15', 'range', '2026-03-15至2026-03-15', true],
  ['date', '2026-03-15', 'range', '至2026-03-15', true],
  ['date', '2026-03-15', 'range', '2026/03/01至', true],
  ['date', '2026-03-15', 'range', '2026-03-16至', false],
  ['date', '2026-03-15', 'range', '2026-04-01至2026-04-30', false],
  ['date', '2026-03-15', 'range', '2026-02-30至2026-04-30', false],
  // datetime: a side without a time compares by day
  ['datetime', '2026-03-15 08:30:00', 'eq', '2026-03-15 08:30', true],
  ['datetime', '2026-03-15 08:30:00', 'eq', '2026-03-15', true],
  ['datetime', '2026-03-15 08:30:00', 'eq', '2026-03-15 08:31', false],
  ['datetime', '2026-03-15 08:30:00', 'neq', '2026-03-16', true],
  ['datetime', '2026-03-15 08:30:00', 'neq', '2026/03/15 08:30:00', false],
  ['datetime', '2026-03-15 08:30:00', 'contains', '08:30', true],
  ['datetime', '2026-03-15 08:30:00', 'contains', '09:', false],
  ['datetime', '2026-03-15 08:30:00', 'notContains', '09:', true],
  ['datetime', '2026-03-15 08:30:00', 'notContains', '2026', false],
  ['datetime', undefined, 'empty', undefined, true],
  ['datetime', '2026-03-15 08:30:00', 'empty', undefined, false],
  ['datetime', '2026-03-15 08:30:00', 'notEmpty', undefined, true],
  ['datetime', '', 'notEmpty', undefined, false],
  ['datetime', '2026-03-15 08:30:00', 'gte', '2026-03-15 08:00', true],
  ['datetime', '2026-03-15 08:30:00', 'gte', '2026-03-15 08:30:01', false],
  ['datetime', '2026-03-15 08:30:00', 'lte', '2026-03-15', true],
  ['datetime', '2026-03-15 08:30:00', 'lte', '2026-03-15 08:00', false],
  ['datetime', '2026-03-15 23:30:00', 'range', '2026-03-01至2026-03-15', true],
  ['datetime', '2026-03-15 08:30:00', 'range', '2026-03-15 09:00至', false],
  // dateRange 'start至end': eq both ends; contains a day; gte the start; lte the end; range the whole span
  ['dateRange', '2026-03-01至2026-03-10', 'eq', '2026/03/01 至 2026/03/10', true],
  ['dateRange', '2026-03-01至2026-03-10', 'eq', '2026-03-01至2026-03-11', false],
  ['dateRange', '2026-03-01至2026-03-10', 'eq', '2026-03-01', false],
  ['dateRange', '2026-03-01至', 'eq', '2026-03-01至', true],
  ['dateRange', '2026-03-01至2026-03-10', 'neq', '2026-03-02至2026-03-10', true],
  ['dateRange', '2026-03-01至2026-03-10', 'neq', '2026-03-01至2026-03-10', false],
  ['dateRange', '2026-03-01至2026-03-10', 'contains', '2026-03-05', true],
  ['dateRange', '2026-03-01至2026-03-10', 'contains', '2026-03-10', true],
  ['dateRange', '2026-03-01至2026-03-10', 'contains', '2026-03-01', true],
  ['dateRange', '2026-03-01至2026-03-10', 'contains', '2026-03-11', false],
  ['dateRange', '2026-03-01至2026-03-10', 'contains', '三月', false],
  ['dateRange', '2026-03-01至2026-03-10', 'notContains', '2026-02-28', true],
  ['dateRange', '2026-03-01至2026-03-10', 'notContains', '2026-03-02', false],
  ['dateRange', '至', 'empty', undefined, true],
  ['dateRange', ' 至 ', 'empty', undefined, true],
  ['dateRange', '2026-03-01至', 'empty', undefined, false],
  ['dateRange', '至2026-03-01', 'notEmpty', undefined, true],
  ['dateRange', '至', 'notEmpty', undefined, false],
  ['dateRange', '2026-03-01至2026-03-10', 'gte', '2026-03-01', true],
  ['dateRange', '2026-03-01至2026-03-10', 'gte', '2026-03-02', false],
  ['dateRange', '至2026-03-10', 'gte', '2026-01-01', false],
  ['dateRange', '2026-03-01至2026-03-10', 'lte', '2026-03-10', true],
  ['dateRange', '2026-03-01至2026-03-10', 'lte', '2026-03-09', false],
  ['dateRange', '2026-03-01至2026-03-10', 'range', '2026-03-01至2026-03-31', true],
  ['dateRange', '2026-03-01至2026-03-10', 'range', '2026-03-01至2026-03-10', true],
  ['dateRange', '2026-03-01至2026-03-10', 'range', '2026-03-01至', true],
  ['dateRange', '2026-03-01至2026-03-10', 'range', '至2026-03-10', true],
  ['dateRange', '2026-03-01至2026-03-10', 'range', '2026-03-05至2026-03-31', false],
  ['dateRange', '2026-03-01至2026-03-10', 'range', '2026-02-25至2026-03-05', false],
  ['dateRange', '2026-03-01至2026-03-10', 'range', '至2026-03-09', false],
  ['dateRange', '2026-03-01至', 'range', '2026-03-01至2026-03-31', false],
  ['dateRange', '2026-03-01至', 'range', '2026-03-01至', true],
  // select: by option value or label
  ['select', 'pass', 'eq', 'pass', true],
  ['select', 'pass', 'eq', '通过', true],
  ['select', 'pass', 'eq', 'reject', false],
  ['select', 'pass', 'eq', '驳回', false],
  ['select', 'pass', 'neq', '驳回', true],
  ['select', 'pass', 'neq', '通过', false],
  ['select', 'pass', 'contains', '通', true],
  ['select', 'pass', 'contains', 'pa', true],
  ['select', 'pass', 'contains', '驳', false],
  ['select', 'pass', 'notContains', '驳', true],
  ['select', 'pass', 'notContains', '过', false],
  ['select', '', 'empty', undefined, true],
  ['select', 'pass', 'empty', undefined, false],
  ['select', 'pass', 'notEmpty', undefined, true],
  ['select', undefined, 'notEmpty', undefined, false],
  ['select', '10', 'gte', 5, true],
  ['select', '10', 'gte', 11, false],
  ['select', 'pass', 'gte', 1, false],
  ['select', '10', 'lte', '10', true],
  ['select', '10', 'lte', 9, false],
  ['select', '10', 'range', '1至10', true],
  ['select', 'pass', 'range', '1至10', false],
  // radio reads as select
  ['radio', '3', 'eq', 3, true],
  ['radio', '3', 'eq', '三星', true],
  ['radio', '3', 'eq', '一星', false],
  ['radio', '3', 'neq', '1', true],
  ['radio', '3', 'neq', '3', false],
  ['radio', 'other', 'contains', '其', true],
  ['radio', 'other', 'contains', '星', false],
  ['radio', 'other', 'notContains', '星', true],
  ['radio', 'other', 'notContains', 'other', false],
  ['radio', null, 'empty', undefined, true],
  ['radio', '1', 'empty', undefined, false],
  ['radio', '1', 'notEmpty', undefined, true],
  ['radio', '', 'notEmpty', undefined, false],
  ['radio', '3', 'gte', '3', true],
  ['radio', '1', 'gte', '3', false],
  ['radio', '1', 'lte', '3', true],
  ['radio', '3', 'lte', '1', false],
  ['radio', '3', 'range', '2至5', true],
  ['radio', '1', 'range', '2至5', false],
  // multiSelect: eq is the same set (values or labels, any order); contains an element; counts in order
  ['multiSelect', ['a', 'b'], 'eq', 'a,b', true],
  ['multiSelect', ['a', 'b'], 'eq', 'b、a', true],
  ['multiSelect', ['a', 'b'], 'eq', '苹果，香蕉', true],
  ['multiSelect', ['a', 'b'], 'eq', 'a', false],
  ['multiSelect', ['a', 'b'], 'eq', 'a,b,c', false],
  ['multiSelect', ['a', 'b'], 'neq', 'a', true],
  ['multiSelect', ['a', 'b'], 'neq', 'b,a', false],
  ['multiSelect', ['a', 'b'], 'contains', 'a', true],
  ['multiSelect', ['a', 'b'], 'contains', '香蕉', true],
  ['multiSelect', ['a', 'b'], 'contains', 'a,b', true],
  ['multiSelect', ['a', 'b'], 'contains', 'c', false],
  ['multiSelect', ['a', 'b'], 'contains', 'a,c', false],
  ['multiSelect', ['a', 'b'], 'contains', '橙子', false],
  ['multiSelect', ['a', 'b'], 'notContains', 'c', true],
  ['multiSelect', ['a', 'b'], 'notContains', '苹果', false],
  ['multiSelect', [], 'empty', undefined, true],
  ['multiSelect', ['a'], 'empty', undefined, false],
  ['multiSelect', ['a'], 'notEmpty', undefined, true],
  ['multiSelect', [], 'notEmpty', undefined, false],
  ['multiSelect', ['a', 'b'], 'gte', 2, true],
  ['multiSelect', ['a', 'b'], 'gte', 3, false],
  ['multiSelect', ['a', 'b'], 'lte', '2', true],
  ['multiSelect', ['a', 'b'], 'lte', 1, false],
  ['multiSelect', ['a', 'b'], 'range', '1至2', true],
  ['multiSelect', ['a', 'b'], 'range', '3至', false],
  // checkbox reads as multiSelect
  ['checkbox', ['dorm'], 'eq', '住宿', true],
  ['checkbox', ['dorm', 'meal'], 'eq', '住宿', false],
  ['checkbox', ['dorm'], 'neq', 'meal', true],
  ['checkbox', ['dorm'], 'neq', 'dorm', false],
  ['checkbox', ['dorm', 'meal'], 'contains', '餐补', true],
  ['checkbox', ['dorm', 'meal'], 'contains', 'bus', false],
  ['checkbox', ['dorm', 'meal'], 'notContains', '交通', true],
  ['checkbox', ['dorm', 'meal'], 'notContains', 'meal', false],
  ['checkbox', undefined, 'empty', undefined, true],
  ['checkbox', ['bus'], 'empty', undefined, false],
  ['checkbox', ['bus'], 'notEmpty', undefined, true],
  ['checkbox', [], 'notEmpty', undefined, false],
  ['checkbox', ['dorm', 'meal', 'bus'], 'gte', 3, true],
  ['checkbox', ['dorm'], 'gte', 2, false],
  ['checkbox', ['dorm'], 'lte', 1, true],
  ['checkbox', ['dorm', 'bus'], 'lte', 1, false],
  ['checkbox', ['dorm', 'bus'], 'range', '2至3', true],
  ['checkbox', ['dorm'], 'range', '2至3', false],
  // switch: true/false, 1/0, 是/否; a switch never touched is off; nothing else compares
  ['switch', true, 'eq', true, true],
  ['switch', true, 'eq', 'true', true],
  ['switch', true, 'eq', '是', true],
  ['switch', false, 'eq', '否', true],
  ['switch', undefined, 'eq', false, true],
  ['switch', true, 'eq', false, false],
  ['switch', undefined, 'eq', true, false],
  ['switch', true, 'eq', 'maybe', false],
  ['switch', true, 'neq', '否', true],
  ['switch', undefined, 'neq', 1, true],
  ['switch', true, 'neq', 1, false],
  ['switch', true, 'neq', 'maybe', false],
  ['switch', true, 'contains', 'true', false],
  ['switch', true, 'notContains', 'x', false],
  ['switch', undefined, 'empty', undefined, true],
  ['switch', false, 'empty', undefined, false],
  ['switch', false, 'notEmpty', undefined, true],
  ['switch', null, 'notEmpty', undefined, false],
  ['switch', true, 'gte', 0, false],
  ['switch', true, 'lte', 1, false],
  ['switch', true, 'range', '0至1', false],
  // cascader: eq the same path (values or labels, '/' or ','); contains an element; no order
  ['cascader', ['zj', 'hz', 'xh'], 'eq', 'zj/hz/xh', true],
  ['cascader', ['zj', 'hz', 'xh'], 'eq', '浙江 / 杭州 / 西湖区', true],
  ['cascader', ['zj', 'hz', 'xh'], 'eq', 'zj,hz', false],
  ['cascader', ['zj', 'hz', 'xh'], 'neq', 'zj/hz', true],
  ['cascader', ['zj', 'hz', 'xh'], 'neq', 'zj,hz,xh', false],
  ['cascader', ['zj', 'hz', 'xh'], 'contains', 'hz', true],
  ['cascader', ['zj', 'hz', 'xh'], 'contains', '杭州', true],
  ['cascader', ['zj', 'hz', 'xh'], 'contains', 'nj', false],
  ['cascader', ['zj', 'hz', 'xh'], 'notContains', '南京', true],
  ['cascader', ['zj', 'hz', 'xh'], 'notContains', '浙江', false],
  ['cascader', [], 'empty', undefined, true],
  ['cascader', ['js'], 'empty', undefined, false],
  ['cascader', ['js'], 'notEmpty', undefined, true],
  ['cascader', undefined, 'notEmpty', undefined, false],
  ['cascader', ['js', 'nj'], 'gte', 1, false],
  ['cascader', ['js', 'nj'], 'lte', 5, false],
  ['cascader', ['js', 'nj'], 'range', '1至5', false],
  // user: by id or name; eq the same set; counts in order
  ['user', people, 'eq', '7,9', true],
  ['user', people, 'eq', '张三、李四', true],
  ['user', people, 'eq', '张三', false],
  ['user', people, 'eq', '7,8', false],
  ['user', people, 'neq', '张三', true],
  ['user', people, 'neq', '9,7', false],
  ['user', people, 'contains', '张三', true],
  ['user', people, 'contains', 7, true],
  ['user', people, 'contains', '张三,9', true],
  ['user', people, 'contains', '王五', false],
  ['user', people, 'contains', '张', false],
  ['user', people, 'notContains', '王五', true],
  ['user', people, 'notContains', 9, false],
  ['user', [], 'empty', undefined, true],
  ['user', people, 'empty', undefined, false],
  ['user', people, 'notEmpty', undefined, true],
  ['user', null, 'notEmpty', undefined, false],
  ['user', people, 'gte', 2, true],
  ['user', people, 'gte', 3, false],
  ['user', people, 'lte', 2, true],
  ['user', people, 'lte', 1, false],
  ['user', people, 'range', '1至2', true],
  ['user', people, 'range', '3至5', false],
  // department reads as user
  ['department', [{ id: 3, name: '教务处' }], 'eq', '教务处', true],
  ['department', [{ id: 3, name: '教务处' }], 'eq', 3, true],
  ['department', [{ id: 3, name: '教务处' }], 'eq', 4, false],
  ['department', [{ id: 3, name: '教务处' }], 'neq', '学生处', true],
  ['department', [{ id: 3, name: '教务处' }], 'neq', '3', false],
  ['department', [{ id: 3, name: '教务处' }], 'contains', '教务处', true],
  ['department', [{ id: 3, name: '教务处' }], 'contains', '学生处', false],
  ['department', [{ id: 3, name: '教务处' }], 'notContains', '学生处', true],
  ['department', [{ id: 3, name: '教务处' }], 'notContains', 3, false],
  ['department', [], 'empty', undefined, true],
  ['department', [{ id: 3, name: '教务处' }], 'empty', undefined, false],
  ['department', [{ id: 3, name: '教务处' }], 'notEmpty', undefined, true],
  ['department', undefined, 'notEmpty', undefined, false],
  ['department', [{ id: 3, name: '教务处' }], 'gte', 1, true],
  ['department', [{ id: 3, name: '教务处' }], 'gte', 2, false],
  ['department', [{ id: 3, name: '教务处' }], 'lte', 1, true],
  ['department', [{ id: 3, name: '教务处' }], 'lte', 0, false],
  ['department', [{ id: 3, name: '教务处' }], 'range', '1至1', true],
  ['department', [{ id: 3, name: '教务处' }], 'range', '2至', false],
  // file: eq by id or name; contains a name part; counts in order
  ['file', [pdf], 'eq', '成绩单.pdf', true],
  ['file', [pdf], 'eq', 'f1', true],
  ['file', [pdf, png], 'eq', 'f1', false],
  ['file', [pdf], 'eq', 'x.pdf', false],
  ['file', [pdf], 'neq', 'x.pdf', true],
  ['file', [pdf], 'neq', 'f1', false],
  ['file', [pdf, png], 'contains', '.png', true],
  ['file', [pdf], 'contains', '成绩', true],
  ['file', [pdf], 'contains', '.doc', false],
  ['file', [pdf], 'notContains', '.doc', true],
  ['file', [pdf], 'notContains', '.PDF', false],
  ['file', [], 'empty', undefined, true],
  ['file', [pdf], 'empty', undefined, false],
  ['file', [pdf], 'notEmpty', undefined, true],
  ['file', [], 'notEmpty', undefined, false],
  ['file', [pdf, png], 'gte', 2, true],
  ['file', [pdf], 'gte', 2, false],
  ['file', [pdf], 'lte', 1, true],
  ['file', [pdf, png], 'lte', 1, false],
  ['file', [pdf], 'range', '1至3', true],
  ['file', [pdf], 'range', '2至', false],
  // image reads as file
  ['image', [png], 'eq', '照片.PNG', true],
  ['image', [png], 'eq', '照片', false],
  ['image', [png], 'neq', '照片', true],
  ['image', [png], 'neq', 'f2', false],
  ['image', [png], 'contains', '照片', true],
  ['image', [png], 'contains', '.jpg', false],
  ['image', [png], 'notContains', '.jpg', true],
  ['image', [png], 'notContains', 'png', false],
  ['image', null, 'empty', undefined, true],
  ['image', [png], 'empty', undefined, false],
  ['image', [png], 'notEmpty', undefined, true],
  ['image', undefined, 'notEmpty', undefined, false],
  ['image', [png], 'gte', 1, true],
  ['image', [png], 'gte', 2, false],
  ['image', [png], 'lte', 3, true],
  ['image', [png, pdf], 'lte', 1, false],
  ['image', [png], 'range', '至1', true],
  ['image', [png], 'range', '2至3', false],
  // signature: one file
  ['signature', sign, 'eq', 's1', true],
  ['signature', sign, 'eq', 's2', false],
  ['signature', sign, 'neq', 's2', true],
  ['signature', sign, 'neq', 'signature.png', false],
  ['signature', sign, 'contains', 'signature', true],
  ['signature', sign, 'contains', 'abc', false],
  ['signature', sign, 'notContains', 'abc', true],
  ['signature', sign, 'notContains', '.png', false],
  ['signature', undefined, 'empty', undefined, true],
  ['signature', {}, 'empty', undefined, true],
  ['signature', sign, 'empty', undefined, false],
  ['signature', sign, 'notEmpty', undefined, true],
  ['signature', null, 'notEmpty', undefined, false],
  ['signature', sign, 'gte', 1, true],
  ['signature', sign, 'gte', 2, false],
  ['signature', sign, 'lte', 1, true],
  ['signature', sign, 'lte', 0, false],
  ['signature', sign, 'range', '1至1', true],
  ['signature', sign, 'range', '2至', false],
  // subTable: rows counted; contains looks in the cells by their columns
  ['subTable', rows, 'eq', 2, true],
  ['subTable', rows, 'eq', '3', false],
  ['subTable', rows, 'neq', 3, true],
  ['subTable', rows, 'neq', '2', false],
  ['subTable', rows, 'contains', '纸', true],
  ['subTable', rows, 'contains', 10, true],
  ['subTable', rows, 'contains', '墨', false],
  ['subTable', rows, 'notContains', '墨', true],
  ['subTable', rows, 'notContains', '笔', false],
  ['subTable', [], 'empty', undefined, true],
  ['subTable', rows, 'empty', undefined, false],
  ['subTable', rows, 'notEmpty', undefined, true],
  ['subTable', [], 'notEmpty', undefined, false],
  ['subTable', rows, 'gte', 2, true],
  ['subTable', rows, 'gte', 3, false],
  ['subTable', rows, 'lte', 2, true],
  ['subTable', rows, 'lte', 1, false],
  ['subTable', rows, 'range', '1至2', true],
  ['subTable', rows, 'range', '3至', false],
];

/** Combinations that make no sense for the type: always false, whatever the values. */
const NEVER = new Set([
  'switch:contains',
  'switch:notContains',
  'switch:gte',
  'switch:lte',
  'switch:range',
  'cascader:gte',
  'cascader:lte',
  'cascader:range',
]);

describe('testCondition: every operator × every field type', () => {
  it.each(CASES)('%s %j %s %j → %s', (type, value, op, target, expected) => {
    expect(testCondition({ field: type, op, value: target }, value, FIELDS[type])).toBe(expected);
  });

  it('the table holds a true and a false case of every operator for every type that holds a value', () => {
    const missing: string[] = [];
    for (const type of VALUE_TYPES) {
      for (const op of RULE_OPERATORS) {
        const results = CASES.filter((c) => c[0] === type && c[2] === op).map((c) => c[4]);
        const key = `${type}:${op}`;
        if (!results.includes(false)) missing.push(`${key} false`);
        if (!NEVER.has(key) && !results.includes(true)) missing.push(`${key} true`);
        if (NEVER.has(key) && results.includes(true)) missing.push(`${key} should never hold`);
      }
    }
    expect(missing).toEqual([]);
  });
});

describe('testCondition: empty values of every kind', () => {
  const empties: unknown[] = [undefined, null, '', '  ', [], {}];
  const cases = VALUE_TYPES.flatMap((type) => empties.map((v) => [type, v] as const));
  it.each(cases)('%s with %j: eq/contains/gte/lte/range false, neq/notContains true, empty true', (type, v) => {
    const cond = (op: RuleOperator, value: RuleCondition['value']) =>
      testCondition({ field: type, op, value }, v, FIELDS[type]);
    const isSwitch = type === 'switch';
    expect(cond('empty', undefined)).toBe(true);
    expect(cond('notEmpty', undefined)).toBe(false);
    expect(cond('eq', '1')).toBe(false);
    expect(cond('gte', 0)).toBe(false);
    expect(cond('lte', 100)).toBe(false);
    expect(cond('range', '0至100')).toBe(false);
    expect(cond('contains', '1')).toBe(false);
    // A switch never touched is off: it is not '1' and contains nothing comparable.
    expect(cond('neq', '1')).toBe(true);
    expect(cond('notContains', '1')).toBe(!isSwitch);
  });
});

describe('testCondition: conditions that cannot be compared are false and never throw', () => {
  it('a missing or blank value makes every comparing operator false, negated ones too', () => {
    for (const op of ['eq', 'neq', 'contains', 'notContains', 'gte', 'lte', 'range'] as const) {
      for (const value of [undefined, '', '   ']) {
        expect(testCondition({ field: 'text', op, value }, 'x', FIELDS.text), `${op} ${String(value)}`).toBe(false);
        expect(testCondition({ field: 'number', op, value }, 5, FIELDS.number), `${op} ${String(value)}`).toBe(false);
      }
    }
  });
  it('survives values of the wrong shape', () => {
    const weird: unknown[] = [
      { a: 1 },
      [[1]],
      [null],
      Symbol.iterator,
      () => 1,
      12n,
      NaN,
      [{ id: 'x' }],
      'x'.repeat(10_000),
    ];
    for (const type of FIELD_TYPES) {
      for (const v of weird) {
        for (const op of RULE_OPERATORS) {
          expect(() =>
            testCondition({ field: type, op, value: '1' }, v, FIELDS[type] ?? { id: 'd', type, label: 'd' }),
          ).not.toThrow();
        }
      }
    }
  });
  it('a display field is never a source', () => {
    expect(testCondition({ field: 'd', op: 'empty' }, undefined, { id: 'd', type: 'divider', label: '' })).toBe(false);
    expect(testCondition({ field: 'd', op: 'notEmpty' }, 'x', { id: 'd', type: 'richText', label: '' })).toBe(false);
  });
  it('without a field, the kind is guessed from the value', () => {
    expect(testCondition({ field: 'x', op: 'eq', value: '12' }, 12)).toBe(true);
    expect(testCondition({ field: 'x', op: 'eq', value: '12.0' }, '12')).toBe(true);
    expect(testCondition({ field: 'x', op: 'range', value: '2026-01-01至2026-01-31' }, '2026-01-31 12:00')).toBe(true);
    expect(testCondition({ field: 'x', op: 'eq', value: '是' }, true)).toBe(true);
    expect(testCondition({ field: 'x', op: 'contains', value: 'b' }, ['a', 'b'])).toBe(true);
    expect(testCondition({ field: 'x', op: 'contains', value: '张三' }, [{ id: 1, name: '张三' }])).toBe(true);
    expect(testCondition({ field: 'x', op: 'contains', value: 'pdf' }, [pdf])).toBe(true);
    expect(testCondition({ field: 'x', op: 'contains', value: '2026-03-05' }, '2026-03-01至2026-03-10')).toBe(true);
  });
});

// --- the evaluator ---------------------------------------------------------------------------

function form(fields: FormField[], rules: LinkageRule[]): FormSchema {
  return { format: 1, sections: [{ id: 'main', title: '基本信息', columns: 2, fields }], rules };
}
const text = (id: string, extra: Partial<FormField> = {}): FormField => ({ id, type: 'text', label: id, ...extra });
let ruleNo = 0;
function rule(conditions: RuleCondition[], actions: LinkageRule['actions'], match: 'all' | 'any' = 'all'): LinkageRule {
  ruleNo += 1;
  return { id: `r${ruleNo}`, match, conditions, actions };
}
const when = (field: string, op: RuleOperator, value?: RuleCondition['value']): RuleCondition => ({ field, op, value });

describe('evaluateLinkage: states', () => {
  it('starts from each field’s own settings', () => {
    const schema = form(
      [
        text('a'),
        text('b', { hidden: true }),
        text('c', { required: true, readOnly: true }),
        { id: 'd', type: 'divider', label: '' },
      ],
      [],
    );
    const { states, values } = evaluateLinkage(schema, { a: 'x', zz: 1 });
    expect(states).toEqual({
      a: { visible: true, required: false, readOnly: false },
      b: { visible: false, required: false, readOnly: false },
      c: { visible: true, required: true, readOnly: true },
      d: { visible: true, required: false, readOnly: false },
    });
    expect(values).toEqual({ a: 'x', zz: 1 });
  });

  it('a field named by a show action is hidden until its rule holds, even when not marked hidden', () => {
    const schema = form(
      [text('kind'), text('reason')],
      [rule([when('kind', 'eq', '病假')], [{ type: 'show', targets: ['reason'] }])],
    );
    expect(evaluateLinkage(schema, {}).states.reason.visible).toBe(false);
    expect(evaluateLinkage(schema, { kind: '事假' }).states.reason.visible).toBe(false);
    expect(evaluateLinkage(schema, { kind: '病假' }).states.reason.visible).toBe(true);
  });

  it('hide, require and read-only act only while their rule holds', () => {
    const schema = form(
      [text('kind'), text('a'), text('b'), text('c')],
      [
        rule(
          [when('kind', 'eq', 'x')],
          [
            { type: 'hide', targets: ['a'] },
            { type: 'require', targets: ['b'] },
            { type: 'readOnly', targets: ['c'] },
          ],
        ),
      ],
    );
    const on = evaluateLinkage(schema, { kind: 'x' }).states;
    expect([on.a.visible, on.b.required, on.c.readOnly]).toEqual([false, true, true]);
    const off = evaluateLinkage(schema, { kind: 'y' }).states;
    expect([off.a.visible, off.b.required, off.c.readOnly]).toEqual([true, false, false]);
  });

  it('hide wins over show when both hold', () => {
    const schema = form(
      [text('a'), text('b'), text('t')],
      [
        rule([when('a', 'notEmpty')], [{ type: 'show', targets: ['t'] }]),
        rule([when('b', 'notEmpty')], [{ type: 'hide', targets: ['t'] }]),
      ],
    );
    expect(evaluateLinkage(schema, { a: 1 }).states.t.visible).toBe(true);
    expect(evaluateLinkage(schema, { a: 1, b: 1 }).states.t.visible).toBe(false);
    // The order of the rules does not matter.
    const reversed = { ...schema, rules: [...schema.rules].reverse() };
    expect(evaluateLinkage(reversed, { a: 1, b: 1 }).states.t.visible).toBe(false);
  });

  it('combines conditions with all and any', () => {
    const conditions = [when('a', 'eq', '1'), when('b', 'eq', '1')];
    const all = form(
      [text('a'), text('b'), text('t')],
      [rule(conditions, [{ type: 'require', targets: ['t'] }], 'all')],
    );
    const any = form(
      [text('a'), text('b'), text('t')],
      [rule(conditions, [{ type: 'require', targets: ['t'] }], 'any')],
    );
    expect(evaluateLinkage(all, { a: '1', b: '1' }).states.t.required).toBe(true);
    expect(evaluateLinkage(all, { a: '1', b: '2' }).states.t.required).toBe(false);
    expect(evaluateLinkage(any, { a: '1', b: '2' }).states.t.required).toBe(true);
    expect(evaluateLinkage(any, { a: '2', b: '2' }).states.t.required).toBe(false);
  });

  it('shows and hides display blocks too', () => {
    const schema = form(
      [text('a'), { id: 'notice', type: 'richText', label: '', content: '<p>注意</p>' }],
      [rule([when('a', 'eq', 'x')], [{ type: 'show', targets: ['notice'] }])],
    );
    expect(evaluateLinkage(schema, { a: 'x' }).states.notice.visible).toBe(true);
    expect(evaluateLinkage(schema, { a: 'y' }).states.notice.visible).toBe(false);
  });

  it('a condition on an unknown field, a display block or a sub-table column never holds', () => {
    const schema = form(
      [
        text('t1'),
        text('t2'),
        text('t3'),
        { id: 'd', type: 'divider', label: '' },
        { id: 'rows', type: 'subTable', label: '明细', columns: [{ id: 'qty', type: 'number', label: '数量' }] },
      ],
      [
        rule([when('ghost', 'empty')], [{ type: 'require', targets: ['t1'] }]),
        rule([when('d', 'empty')], [{ type: 'require', targets: ['t2'] }]),
        rule([when('qty', 'empty')], [{ type: 'require', targets: ['t3'] }]),
        rule([when('ghost', 'neq', 'x')], [{ type: 'hide', targets: ['t1', 'ghost2'] }]),
      ],
    );
    const { states } = evaluateLinkage(schema, { rows: [{}] });
    expect([states.t1, states.t2, states.t3].map((s) => s.required)).toEqual([false, false, false]);
    expect(states.t1.visible).toBe(true);
    expect(states.ghost2).toBeUndefined();
  });

  it('the whole sub-table field is a source', () => {
    const schema = form(
      [
        { id: 'rows', type: 'subTable', label: '明细', columns: [{ id: 'qty', type: 'number', label: '数量' }] },
        text('why'),
      ],
      [rule([when('rows', 'gte', 3)], [{ type: 'show', targets: ['why'] }])],
    );
    expect(evaluateLinkage(schema, { rows: [{}, {}] }).states.why.visible).toBe(false);
    expect(evaluateLinkage(schema, { rows: [{}, {}, {}] }).states.why.visible).toBe(true);
  });
});

describe('evaluateLinkage: hidden values and chains', () => {
  const chain = form(
    [text('a'), text('b'), text('c'), text('d')],
    [
      // Deliberately listed from the end of the chain, so it needs several passes.
      rule([when('c', 'notEmpty')], [{ type: 'show', targets: ['d'] }]),
      rule([when('b', 'notEmpty')], [{ type: 'show', targets: ['c'] }]),
      rule([when('a', 'eq', 'yes')], [{ type: 'show', targets: ['b'] }]),
    ],
  );

  it('a chain A shows B, B shows C, C shows D opens fully', () => {
    const { states } = evaluateLinkage(chain, { a: 'yes', b: 'x', c: 'y' });
    expect([states.b.visible, states.c.visible, states.d.visible]).toEqual([true, true, true]);
  });

  it('collapses when A stops holding: hidden values count as empty, but are still returned', () => {
    const input = { a: 'no', b: 'x', c: 'y', d: 'z' };
    const { states, values } = evaluateLinkage(chain, input);
    expect([states.b.visible, states.c.visible, states.d.visible]).toEqual([false, false, false]);
    expect(values).toEqual(input);
  });

  it('stops where the chain has an empty link', () => {
    const { states } = evaluateLinkage(chain, { a: 'yes', c: 'y' });
    expect([states.b.visible, states.c.visible, states.d.visible]).toEqual([true, false, false]);
  });

  it('a hidden field read by `empty` counts as empty', () => {
    const schema = form(
      [text('a', { hidden: true }), text('t')],
      [rule([when('a', 'empty')], [{ type: 'require', targets: ['t'] }])],
    );
    expect(evaluateLinkage(schema, { a: 'filled' }).states.t.required).toBe(true);
  });

  it('a chain of 200 fields settles within rules.length + 1 passes', () => {
    const fields = Array.from({ length: 200 }, (_, i) => text(`f${i}`));
    const rules = Array.from({ length: 199 }, (_, i) =>
      rule([when(`f${198 - i}`, 'notEmpty')], [{ type: 'show', targets: [`f${199 - i}`] }]),
    );
    const values = Object.fromEntries(fields.map((f) => [f.id, 'x']));
    const started = Date.now();
    const { states } = evaluateLinkage(form(fields, rules), values);
    expect(states.f199.visible).toBe(true);
    expect(Date.now() - started).toBeLessThan(5000);
    const { states: cut } = evaluateLinkage(form(fields, rules), { ...values, f100: '' });
    expect([cut.f100.visible, cut.f101.visible, cut.f199.visible]).toEqual([true, false, false]);
  });
});

describe('evaluateLinkage: setValue', () => {
  it('sets the targets while its rule holds and leaves the input alone', () => {
    const schema = form(
      [text('kind'), text('days'), { id: 'pay', type: 'money', label: '补贴' }],
      [rule([when('kind', 'eq', '出差')], [{ type: 'setValue', targets: ['days', 'pay'], value: 100 }])],
    );
    const input = { kind: '出差', days: '3' };
    const { values } = evaluateLinkage(schema, input);
    expect(values).toEqual({ kind: '出差', days: 100, pay: 100 });
    expect(input).toEqual({ kind: '出差', days: '3' });
    expect(evaluateLinkage(schema, { kind: '病假', days: '3' }).values).toEqual({ kind: '病假', days: '3' });
  });

  it('copies object values, so a renderer editing one never edits the schema', () => {
    const schema = form(
      [text('a'), { id: 'm', type: 'multiSelect', label: 'm', options: [{ label: 'x', value: 'x' }] }],
      [rule([when('a', 'notEmpty')], [{ type: 'setValue', targets: ['m'], value: ['x'] }])],
    );
    const { values } = evaluateLinkage(schema, { a: 1 });
    (values.m as string[]).push('y');
    expect(schema.rules[0].actions[0].value).toEqual(['x']);
  });

  it('a setValue without a value clears the target', () => {
    const schema = form(
      [text('a'), text('b')],
      [rule([when('a', 'eq', 'reset')], [{ type: 'setValue', targets: ['b'] }])],
    );
    expect(evaluateLinkage(schema, { a: 'reset', b: 'old' }).values).toEqual({ a: 'reset' });
  });

  it('ignores setValue on unknown and display targets', () => {
    const schema = form(
      [text('a'), { id: 'd', type: 'divider', label: '' }],
      [rule([when('a', 'notEmpty')], [{ type: 'setValue', targets: ['d', 'ghost'], value: 'v' }])],
    );
    expect(evaluateLinkage(schema, { a: 1 }).values).toEqual({ a: 1 });
  });

  it('reaches a fixed point when a set value makes another rule hold', () => {
    const schema = form(
      [text('a'), text('b'), text('c'), text('t')],
      [
        rule([when('c', 'eq', 'done')], [{ type: 'show', targets: ['t'] }]),
        rule([when('b', 'eq', 'set')], [{ type: 'setValue', targets: ['c'], value: 'done' }]),
        rule([when('a', 'eq', 'go')], [{ type: 'setValue', targets: ['b'], value: 'set' }]),
      ],
    );
    const { states, values } = evaluateLinkage(schema, { a: 'go' });
    expect(values).toEqual({ a: 'go', b: 'set', c: 'done' });
    expect(states.t.visible).toBe(true);
    // Running it again on its own result changes nothing.
    expect(evaluateLinkage(schema, values)).toEqual({ states, values });
  });

  it('a set value hidden by a rule does not feed other rules', () => {
    const schema = form(
      [text('a'), text('b'), text('t')],
      [
        rule(
          [when('a', 'eq', 'go')],
          [
            { type: 'setValue', targets: ['b'], value: 'x' },
            { type: 'hide', targets: ['b'] },
          ],
        ),
        rule([when('b', 'notEmpty')], [{ type: 'show', targets: ['t'] }]),
      ],
    );
    const { states, values } = evaluateLinkage(schema, { a: 'go' });
    expect(values.b).toBe('x');
    expect(states.b.visible).toBe(false);
    expect(states.t.visible).toBe(false);
  });

  it('a cycle of rules that feed each other stops, the same way every time', () => {
    const schema = form(
      [text('a')],
      [
        rule([when('a', 'eq', '1')], [{ type: 'setValue', targets: ['a'], value: '2' }]),
        rule([when('a', 'eq', '2')], [{ type: 'setValue', targets: ['a'], value: '1' }]),
      ],
    );
    const first = evaluateLinkage(schema, { a: '1' });
    expect(first.values.a === '1' || first.values.a === '2').toBe(true);
    expect(evaluateLinkage(schema, { a: '1' })).toEqual(first);
  });

  it('a field that hides itself when filled stops too', () => {
    const schema = form([text('a')], [rule([when('a', 'notEmpty')], [{ type: 'hide', targets: ['a'] }])]);
    const first = evaluateLinkage(schema, { a: 'x' });
    expect(typeof first.states.a.visible).toBe('boolean');
    expect(evaluateLinkage(schema, { a: 'x' })).toEqual(first);
  });
});
