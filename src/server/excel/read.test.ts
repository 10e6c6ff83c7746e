import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { AppError } from '@/server/errors';
import { Codes } from '@/shared/errors';
import { readSheet, XLSX_MAX_CELL_CHARS, XLSX_MAX_COLUMNS, XLSX_MAX_FILE_BYTES, XLSX_MAX_SHARED_STRINGS } from './read';
import { peakRssGrowthMb } from './test-memory';
import { deflated, sharedStringsBomb, sheetRows, workbookParts, xlsxOf, zip } from './test-xlsx';

const read = (file: Buffer, maxRows?: number) => readSheet(Readable.from([file]), maxRows);

/** The error readSheet refuses with (fails the test if it reads instead). */
async function refusal(file: Buffer, maxRows?: number): Promise<AppError> {
  const e = await read(file, maxRows).then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(AppError);
  return e as AppError;
}

describe('readSheet', () => {
  it('reads what Excel writes: shared strings, rich text, numbers, dates, formulas, blanks', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('名单');
    ws.addRow(['姓名', '学号', '入学日期', '备注', '合计']);
    ws.addRow([
      ' 张伟 ',
      20260001,
      new Date(Date.UTC(2026, 8, 1)),
      { richText: [{ text: '优' }, { text: '秀' }] },
      null,
    ]);
    ws.getCell('C2').numFmt = 'yyyy-mm-dd';
    ws.getCell('E2').value = { formula: 'B2+1', result: 20260002 };
    ws.addRow([]);
    ws.addRow(['李娜', '', '', 'a & b <c>', '']);
    wb.addWorksheet('第二页').addRow(['不读']);
    const { headers, rows } = await read(Buffer.from(await wb.xlsx.writeBuffer()));
    expect(headers).toEqual(['姓名', '学号', '入学日期', '备注', '合计']);
    expect(rows).toEqual([
      {
        rowNumber: 2,
        cells: { 姓名: '张伟', 学号: '20260001', 入学日期: '2026-09-01', 备注: '优秀', 合计: '20260002' },
      },
      { rowNumber: 4, cells: { 姓名: '李娜', 备注: 'a & b <c>' } },
    ]);
  });

  it('reads a 30,000-row accounts sheet within the limits', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('账号');
    ws.addRow(['用户名', '姓名', '学工号', '类型(学生/教职工)', '部门编码', '手机号', '邮箱', '性别', '初始密码']);
    for (let i = 0; i < 30_000; i++) {
      const n = String(i).padStart(6, '0');
      ws.addRow([`u${n}`, `学生${i}`, `2026${n}`, '学生', `C${i % 40}`, `138${n}00`, `u${n}@example.edu.cn`, '男', '']);
    }
    const { rows } = await read(Buffer.from(await wb.xlsx.writeBuffer()));
    expect(rows).toHaveLength(30_000);
    expect(rows[29_999]).toEqual({
      rowNumber: 30_001,
      cells: {
        用户名: 'u029999',
        姓名: '学生29999',
        学工号: '2026029999',
        '类型(学生/教职工)': '学生',
        部门编码: 'C39',
        手机号: '13802999900',
        邮箱: 'u029999@example.edu.cn',
        性别: '男',
      },
    });
  }, 60_000);

  describe('a zip bomb in the shared strings (the issue: 3.2 GB from 9 MB)', () => {
    const bomb = sharedStringsBomb(3200);

    it('is refused from its declared size before anything inflates, memory flat', async () => {
      expect(bomb.length).toBeLessThan(12 * 1024 * 1024);
      let e: AppError | undefined;
      const growth = await peakRssGrowthMb(async () => (e = await refusal(bomb)));
      expect(e).toMatchObject({ code: Codes.spreadsheetTooLarge, status: 413 });
      expect(e!.message).toBe('表格过大：文本内容解压后超过 30 MB');
      expect(growth).toBeLessThan(200);
    });

    it('is refused while inflating when its headers lie about the size', async () => {
      let e: AppError | undefined;
      const growth = await peakRssGrowthMb(async () => (e = await refusal(sharedStringsBomb(3200, { lie: true }))));
      expect(e).toMatchObject({ code: Codes.spreadsheetTooLarge, status: 413 });
      expect(e!.message).toContain('压缩比异常（超过 100 倍）');
      expect(growth).toBeLessThan(200);
    });
  });

  it('refuses a sheet that inflates past 50 MB (blank styled rows, a plausible ratio)', async () => {
    const rows = Array.from({ length: 1_400_000 }, (_, i) => `<row r="${i + 1}"><c r="A${i + 1}" s="1"/></row>`);
    const e = await refusal(zip(workbookParts(rows.join(''))));
    expect(e).toMatchObject({ code: Codes.spreadsheetTooLarge, message: '表格过大：解压后超过 50 MB' });
  }, 60_000);

  it('refuses an upload over 20 MB, or one the multipart limit cut short', async () => {
    const big = await refusal(Buffer.alloc(XLSX_MAX_FILE_BYTES + 1));
    expect(big).toMatchObject({ code: Codes.spreadsheetTooLarge, status: 413, message: '文件过大：超过 20 MB' });
    const cut = Object.assign(Readable.from([xlsxOf([['姓名'], ['张伟']])]), { truncated: true });
    await expect(readSheet(cut)).rejects.toMatchObject({
      code: Codes.spreadsheetTooLarge,
      message: '文件过大：超过 20 MB',
    });
  });

  it('refuses more rows than the caller allows, naming the limit', async () => {
    const file = xlsxOf([['学号'], ...Array.from({ length: 101 }, (_, i) => [`s${i}`])]);
    expect((await read(file, 101)).rows).toHaveLength(101);
    const e = await refusal(file, 100);
    expect(e).toMatchObject({ code: Codes.spreadsheetTooLarge, status: 413 });
    expect(e.message).toBe('表格行数过多：一次最多导入 100 行，请拆分文件');
  });

  it('refuses a value beyond the column limit, but ignores blank cells there', async () => {
    const wide = Array.from({ length: XLSX_MAX_COLUMNS + 1 }, (_, i) => `列${i + 1}`);
    const e = await refusal(xlsxOf([wide]));
    expect(e).toMatchObject({ code: Codes.spreadsheetTooLarge });
    expect(e.message).toBe(`表格列数过多：第 1 行超过 ${XLSX_MAX_COLUMNS} 列`);
    const blankFar = sheetRows([['姓名'], ['张伟']]) + '<row r="3"><c r="XFD3" s="2"/></row>';
    expect((await read(zip(workbookParts(blankFar)))).rows).toHaveLength(1);
  });

  it('refuses a cell longer than Excel allows, inline or shared', async () => {
    const long = 'x'.repeat(XLSX_MAX_CELL_CHARS + 1);
    const inline = await refusal(xlsxOf([['备注'], ['ok'], [long]]));
    expect(inline).toMatchObject({ code: Codes.spreadsheetTooLarge });
    expect(inline.message).toBe(`单元格内容过长：第 3 行 A 列超过 ${XLSX_MAX_CELL_CHARS} 个字符`);
    const sheet = sheetRows([['备注']]) + '<row r="2"><c r="A2" t="s"><v>0</v></c></row>';
    const shared = await refusal(zip(workbookParts(sheet, `<sst><si><t>${long}</t></si></sst>`)));
    expect(shared.message).toBe(`单元格内容过长：超过 ${XLSX_MAX_CELL_CHARS} 个字符`);
  });

  it('refuses more distinct texts than the shared-string limit', async () => {
    const items = Array.from({ length: XLSX_MAX_SHARED_STRINGS + 1 }, (_, i) => `<si><t>${i}</t></si>`).join('');
    const e = await refusal(zip(workbookParts(sheetRows([['a']]), `<sst>${items}</sst>`)));
    expect(e).toMatchObject({ code: Codes.spreadsheetTooLarge });
    expect(e.message).toBe(`表格过大：不重复的文本超过 ${XLSX_MAX_SHARED_STRINGS} 条`);
  });

  describe('what is no readable .xlsx is the import error (400)', () => {
    const expectUnreadable = async (file: Buffer, message: RegExp) => {
      const e = await refusal(file);
      expect(e).toMatchObject({ code: Codes.importError, status: 400 });
      expect(e.message).toMatch(message);
    };
    const good = xlsxOf([['姓名'], ['张伟']]);

    it('a text file named .xlsx, an empty file, a zip without a workbook', async () => {
      await expectUnreadable(Buffer.from('用户名,姓名\nzhangsan,张三\n'), /请上传 \.xlsx 格式/);
      await expectUnreadable(Buffer.alloc(0), /请上传 \.xlsx 格式/);
      await expectUnreadable(zip([{ name: 'word/document.xml', content: '<w/>' }]), /请上传 \.xlsx 格式/);
    });

    it('an old .xls or a password-protected workbook (both OLE files)', async () => {
      const ole = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(512)]);
      await expectUnreadable(ole, /旧版 \.xls 或设置了打开密码/);
    });

    it('a zip cut short, anywhere', async () => {
      for (const at of [10, Math.floor(good.length / 2), good.length - 30, good.length - 1]) {
        await expectUnreadable(good.subarray(0, at), /损坏或不完整/);
      }
    });

    it('damaged compressed data, a wrong checksum, markup that is no spreadsheet XML', async () => {
      const sheetAt = good.indexOf('xl/worksheets/sheet1.xml') + 'xl/worksheets/sheet1.xml'.length;
      const flipped = Buffer.from(good);
      for (let i = sheetAt + 4; i < sheetAt + 40; i++) flipped[i] = flipped[i]! ^ 0x5a;
      await expectUnreadable(flipped, /损坏或不完整/);
      const parts = workbookParts(sheetRows([['姓名']]));
      const sheet = parts.find((p) => p.name.endsWith('sheet1.xml'))!;
      const wrongCrc = zip(
        parts.map((p) =>
          p === sheet ? { ...p, content: { ...deflated(p.content as string), crc: crc32('something else') } } : p,
        ),
      );
      await expectUnreadable(wrongCrc, /损坏或不完整/);
      const doctype = '<!DOCTYPE x [<!ENTITY a "aaaaaaaa">]><sst><si><t>&a;</t></si></sst>';
      await expectUnreadable(zip(workbookParts(sheetRows([['a']]), doctype)), /损坏或不完整/);
    });
  });
});
