import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Codes } from '@/shared/errors';
import { buildTestApp, type TestApp } from '../test/helper';
import { keysetRows, sendExcel } from './export';
import { readSheet } from './read';

const people = Array.from({ length: 2500 }, (_, i) => ({
  id: i + 1,
  name: i % 2 ? '张伟' : '李娜',
  no: `2026${String(i).padStart(6, '0')}`,
}));

describe('Excel export and import', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({
      seed: 'none',
      routes: async (r) => {
        r.get('/user/api/v1.test/export/', { config: { access: 'public' } }, async (_req, reply) =>
          sendExcel(reply, {
            filename: '用户列表.xlsx',
            sheet: '用户',
            columns: [
              { header: '姓名', value: (p: (typeof people)[number]) => p.name },
              { header: '学号', value: (p) => p.no },
            ],
            rows: keysetRows(async (after, limit) => people.filter((p) => p.id > after).slice(0, limit), 1000),
          }),
        );
      },
    });
  });
  afterAll(async () => {
    await app.close();
  });

  it('streams every row with a Chinese file name, and reads back what it wrote', async () => {
    const res = await app.inject({ method: 'GET', url: '/user/api/v1.test/export/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('用户列表.xlsx')}`);
    const { headers, rows } = await readSheet(Readable.from(res.rawPayload), 10_000);
    expect(headers).toEqual(['姓名', '学号']);
    expect(rows).toHaveLength(2500);
    expect(rows[0]).toEqual({ rowNumber: 2, cells: { 姓名: '李娜', 学号: '2026000000' } });
    expect(rows[2499]!.cells.学号).toBe('2026002499');
  });

  it('refuses a sheet with more rows than allowed', async () => {
    const res = await app.inject({ method: 'GET', url: '/user/api/v1.test/export/' });
    await expect(readSheet(Readable.from(res.rawPayload), 100)).rejects.toMatchObject({
      code: Codes.spreadsheetTooLarge,
      status: 413,
      message: '表格行数过多：一次最多导入 100 行，请拆分文件',
    });
  });
});
