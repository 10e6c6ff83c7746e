import { describe, expect, it } from 'vitest';
import type { FormDetail } from '@/modules/forms/contract';
import { exportDocument, exportFileName, parseImport } from './form-transfer';

const schema = { format: 1 as const, sections: [{ id: 'section_a', title: '', columns: 1, fields: [] }], rules: [] };
const detail = {
  id: 1,
  name: '报名表',
  category: '活动',
  description: '说明',
  access: 'public',
  draft: schema,
} as unknown as FormDetail;

describe('form JSON export and import', () => {
  it('round-trips an exported form into the create body', () => {
    const text = JSON.stringify(exportDocument(detail, new Date(0)));
    expect(parseImport(text, 'x.json')).toEqual({
      body: { name: '报名表', category: '活动', description: '说明', access: 'public', schema },
    });
  });

  it('accepts a bare schema named after the file, and a byte-order mark', () => {
    expect(parseImport(`\uFEFF${JSON.stringify(schema)}`, '迎新登记.JSON')).toEqual({
      body: { name: '迎新登记', category: '', description: '', access: 'signedIn', schema },
    });
  });

  it('refuses what is not a form, and falls back to safe settings', () => {
    expect(parseImport('[]', 'a.json')).toEqual({
      error: '文件中没有可识别的表单设计（需要由“导出表单文件”生成的文件）',
    });
    expect(parseImport(JSON.stringify({ schema: { format: 2, sections: [], rules: [] } }), 'a.json')).toHaveProperty(
      'error',
    );
    expect(parseImport('nope', 'a.json')).toEqual({ error: '文件不是有效的 JSON' });
    const odd = parseImport(JSON.stringify({ name: 5, access: 'everyone', schema }), '旧表.json');
    expect(odd).toEqual({ body: { name: '旧表', category: '', description: '', access: 'signedIn', schema } });
  });

  it('makes a file name every system accepts', () => {
    expect(exportFileName('请假/报销: 2026*春')).toBe('请假_报销_2026_春.json');
    expect(exportFileName('')).toBe('form.json');
  });
});
