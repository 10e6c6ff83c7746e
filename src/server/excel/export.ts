import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';

export interface ExcelColumn<R> {
  header: string;
  /** Column width in characters. */
  width?: number;
  value: (row: R) => string | number | null;
}

/**
 * Streams an .xlsx answer (DESIGN §1: never a whole export in memory): rows are written as
 * they come from `rows` (an async iterable, e.g. keyset-paged queries) and committed one by
 * one, so memory stays flat for 50 000 users. The file name may be Chinese (RFC 5987).
 */
export function sendExcel<R>(
  reply: FastifyReply,
  opts: { filename: string; sheet: string; columns: ExcelColumn<R>[]; rows: AsyncIterable<R> },
): FastifyReply {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(opts.sheet);
  sheet.columns = opts.columns.map((c, i) => ({ header: c.header, key: `c${i}`, width: c.width ?? 16 }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  void (async () => {
    try {
      for await (const row of opts.rows) {
        sheet.addRow(opts.columns.map((c) => c.value(row))).commit();
        // A slow client: wait until it has taken what is written, so memory stays flat for it too.
        if (out.writableNeedDrain) await once(out, 'drain');
      }
      sheet.commit();
      await workbook.commit();
    } catch (err) {
      reply.log.error({ err }, 'excel export failed');
      out.destroy(err as Error);
    }
  })();
  const ascii = opts.filename.replace(/[^\x20-\x7e]/g, '_');
  return reply
    .header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header(
      'Content-Disposition',
      `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(opts.filename)}`,
    )
    .header('Cache-Control', 'no-store')
    .send(out);
}

/**
 * Rows of a table in pages of `size`, ordered by a unique increasing id (keyset paging: each
 * page is one indexed query, whatever the table's size).
 */
export async function* keysetRows<R extends { id: number }>(
  fetchAfter: (afterId: number, limit: number) => Promise<R[]>,
  size = 1000,
): AsyncIterable<R> {
  let after = 0;
  for (;;) {
    const page = await fetchAfter(after, size);
    yield* page;
    if (page.length < size) return;
    after = page[page.length - 1]!.id;
  }
}
