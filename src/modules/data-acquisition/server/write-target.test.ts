import { describe, expect, it } from 'vitest';
import { FORM_SCHEMA_FORMAT, type FormSchema } from '@/shared/forms/schema';
import type { DataTableDef } from '@/modules/data-tables/server/commands/get-data-table';
import { rowOf } from './write-target';

const schema: FormSchema = {
  format: FORM_SCHEMA_FORMAT,
  sections: [
    {
      id: 's',
      title: '',
      columns: 1,
      fields: [
        { id: 'no', type: 'text', label: '学号' },
        { id: 'how', type: 'select', label: '交通方式', options: [{ label: '汽车', value: 'bus' }] },
        { id: 'n', type: 'number', label: '天数' },
        { id: 'd', type: 'date', label: '日期' },
      ],
    },
  ],
  rules: [],
};
const f = (name: string, type: DataTableDef['fields'][number]['type']) => ({
  name,
  label: name,
  type,
  required: false,
  indexed: false,
  visibility: 'all' as const,
  description: '',
  sort: 0,
});
const def = {
  id: 1,
  code: 't',
  name: 'T',
  description: '',
  fields: [
    f('student_no', 'string'),
    f('transport', 'string'),
    f('days', 'integer'),
    f('on', 'date'),
    f('k', 'string'),
  ],
  uniqueKey: [],
  ownerDepartmentId: null,
  scopeField: null,
  version: 1,
} as DataTableDef;

describe('rowOf: a record as a data table row', () => {
  it('writes choices as their labels, numbers and dates as they are, empties as null, plus the row key', () => {
    const mapping = [
      { from: 'no', to: 'student_no' },
      { from: 'how', to: 'transport' },
      { from: 'n', to: 'days' },
      { from: 'd', to: 'on' },
    ];
    expect(rowOf(def, schema, mapping, { no: 'S1', how: 'bus', n: 3, d: '' }, { k: 'x' })).toEqual({
      student_no: 'S1',
      transport: '汽车',
      days: 3,
      on: null,
      k: 'x',
    });
  });
});
