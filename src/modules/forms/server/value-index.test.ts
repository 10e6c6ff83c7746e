import { describe, expect, it } from 'vitest';
import { FORM_SCHEMA_FORMAT, type FormSchema } from '@/shared/forms/schema';
import { uploadKinds, uploadMaxBytes } from './upload-rules';
import { parseFilters, TEXT_KEY_LENGTH, textKey, uniqueProbes, valueRows } from './value-index';

const schema: FormSchema = {
  format: FORM_SCHEMA_FORMAT,
  rules: [],
  sections: [
    {
      id: 's',
      title: '',
      columns: 1,
      fields: [
        { id: 't', type: 'text', label: '文本', unique: true },
        { id: 'n', type: 'money', label: '金额', unique: true },
        { id: 'd', type: 'datetime', label: '时间' },
        {
          id: 'm',
          type: 'multiSelect',
          label: '多选',
          unique: true,
          options: [
            { label: '甲', value: 'a' },
            { label: '乙', value: 'b' },
          ],
        },
        { id: 'sw', type: 'switch', label: '开关' },
        { id: 'u', type: 'user', label: '人员' },
        { id: 'f', type: 'file', label: '附件' },
        { id: 'r', type: 'richText', label: '', content: '<p>x</p>' },
      ],
    },
  ],
};

describe('the value index', () => {
  it('writes one row per filterable value: text lower-cased, numbers, dates, each picked option', () => {
    const rows = valueRows(schema, {
      t: 'AbC',
      n: 12.5,
      d: '2026-03-01 08:00:00',
      m: ['a', 'b'],
      sw: true,
      u: [{ id: 1, name: '王建国' }],
      f: [{ id: 'x', name: 'a.pdf', size: 1, url: '/resource/x' }],
    });
    expect(rows).toEqual([
      { fieldId: 't', textValue: 'abc', longText: null, numValue: null },
      { fieldId: 'n', textValue: null, longText: null, numValue: 12.5 },
      { fieldId: 'd', textValue: '2026-03-01 08:00:00', longText: null, numValue: null },
      { fieldId: 'm', textValue: 'a', longText: null, numValue: null },
      { fieldId: 'm', textValue: 'b', longText: null, numValue: null },
      { fieldId: 'sw', textValue: '是', longText: null, numValue: null },
      { fieldId: 'u', textValue: '王建国', longText: null, numValue: null },
    ]);
    expect(valueRows(schema, {})).toEqual([]);
  });

  it('keys long text by its first characters, never splitting a character, and keeps the whole text', () => {
    const long = '𠀀'.repeat(TEXT_KEY_LENGTH + 5);
    const k = textKey(long);
    expect(Array.from(k.textValue)).toHaveLength(TEXT_KEY_LENGTH);
    expect(k.textValue.endsWith('𠀀')).toBe(true);
    expect(k.longText).toBe(long);
    expect(textKey('short')).toEqual({ textValue: 'short', longText: null });
  });

  it('probes unique single values only', () => {
    expect(uniqueProbes(schema, { t: 'X', n: 3, m: ['a'] })).toEqual([
      { fieldId: 't', label: '文本', textValue: 'x', longText: null },
      { fieldId: 'n', label: '金额', numValue: 3 },
    ]);
  });

  it('reads filters against the fields', () => {
    expect(
      parseFilters(schema, '{"t":" AB ","n":{"min":"1","max":2},"d":{"min":"2026-03-01","max":"2026-03-02"},"m":"a"}'),
    ).toEqual([
      { fieldId: 't', kind: 'text', contains: 'ab' },
      { fieldId: 'n', kind: 'number', min: 1, max: 2 },
      { fieldId: 'd', kind: 'date', min: '2026-03-01 00:00:00', max: '2026-03-02 23:59:59' },
      { fieldId: 'm', kind: 'option', equals: 'a' },
    ]);
    expect(parseFilters(schema, undefined)).toEqual([]);
    expect(() => parseFilters(schema, '{"f":"x"}')).toThrow('「附件」不支持筛选');
    expect(() => parseFilters(schema, '{"n":{"min":1,"extra":2}}')).toThrow('只能有 min 和 max');
    expect(() => parseFilters(null, '{"t":"x"}')).toThrow('筛选字段不存在：t');
  });
});

describe('upload rules', () => {
  it("maps a field's accepted extensions to the kinds the store sniffs", () => {
    expect(uploadKinds({ type: 'signature', accept: ['pdf'] })).toEqual(['png']);
    expect(uploadKinds({ type: 'image' })).toEqual(['png', 'jpeg', 'gif', 'webp']);
    expect(uploadKinds({ type: 'image', accept: ['jpg', 'pdf', 'bmp'] })).toEqual(['jpeg']);
    expect(uploadKinds({ type: 'file', accept: ['pdf', 'docx', 'doc', 'JPEG', 'jpg'] })).toEqual([
      'pdf',
      'docx',
      'jpeg',
    ]);
    expect(uploadKinds({ type: 'file' })).toHaveLength(8);
    expect(uploadKinds({ type: 'file', accept: ['txt'] })).toEqual([]);
    expect(uploadMaxBytes({})).toBe(10 * 1024 * 1024);
    expect(uploadMaxBytes({ maxSizeMb: 0.5 })).toBe(512 * 1024);
  });
});
