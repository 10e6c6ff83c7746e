import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import type { RunColumn, RunParamUsed, RunRow } from '../contract';

const FILLS: Partial<Record<RunRow['type'], string>> = { header: 'FFEFF5FF', subtotal: 'FFF5F5F5', total: 'FFFFF7E6' };

const numFmt = (c: RunColumn) => `${c.thousands ? '#,##0' : '0'}${c.decimals ? `.${'0'.repeat(c.decimals)}` : ''}`;
/** Width in characters: CJK characters count double. */
const width = (s: string) => [...s].reduce((n, ch) => n + (ch.charCodeAt(0) > 0x2e80 ? 2 : 1), 0);

export const attachment = (filename: string) => {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
};

/**
 * Streams a report as .xlsx (exceljs' streaming writer, rows committed as they come, DESIGN §1):
 * title, the parameters used, the column header, then the rows — group headers, detail rows,
 * subtotals and the grand total in bold — with number formats and column widths.
 */
export function sendReportExcel(
  reply: FastifyReply,
  opts: { filename: string; title: string; columns: RunColumn[]; params: RunParamUsed[]; rows: AsyncIterable<RunRow> },
): FastifyReply {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet('报表');
  sheet.columns = opts.columns.map((c, i) => ({
    key: `c${i}`,
    width: Math.min(40, Math.max(12, width(c.label) + 4, c.kind === 'key' ? 18 : 14)),
    style: c.kind === 'measure' ? { numFmt: numFmt(c) } : {},
  }));
  const title = sheet.addRow([opts.title]);
  title.font = { bold: true, size: 14 };
  title.commit();
  const params = opts.params.map((p) => `${p.label}：${p.text}`).join('    ');
  sheet.addRow([params ? `参数：${params}` : '参数：无']).commit();
  const head = sheet.addRow(opts.columns.map((c) => c.label));
  head.font = { bold: true };
  head.eachCell((cell) => {
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE6E6E6' } };
    cell.border = { bottom: { style: 'thin' } };
  });
  head.commit();
  void (async () => {
    try {
      for await (const r of opts.rows) {
        const row = sheet.addRow(r.cells.map((v) => (v === null || v === '' ? null : v)));
        if (r.type !== 'row') {
          row.font = { bold: true };
          const fill = FILLS[r.type];
          if (fill)
            for (let i = 1; i <= opts.columns.length; i++)
              row.getCell(i).fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: fill } };
        }
        if (r.type === 'total')
          for (let i = 1; i <= opts.columns.length; i++) row.getCell(i).border = { top: { style: 'thin' } };
        row.commit();
        // A slow client: wait until it has taken what is written, so memory stays flat for it too.
        if (out.writableNeedDrain) await once(out, 'drain');
      }
      sheet.commit();
      await workbook.commit();
    } catch (err) {
      reply.log.error({ err }, 'report excel export failed');
      out.destroy(err as Error);
    }
  })();
  return reply
    .header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('Content-Disposition', attachment(opts.filename))
    .header('Cache-Control', 'no-store')
    .send(out);
}
