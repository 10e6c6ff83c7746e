import fs from 'node:fs';
import { PassThrough } from 'node:stream';
import PDFDocument from 'pdfkit';
import type { FastifyReply } from 'fastify';
import { AppError } from '@/server/errors';
import { Codes } from '@/shared/errors';
import { formatMeasure, type RunColumn, type RunParamUsed, type RunRow } from '../contract';
import { attachment } from './export-excel';

/** The face of a collection (.ttc) when the setting names none: Noto Sans CJK's Simplified Chinese. */
const DEFAULT_TTC_FACE = 'NotoSansCJKsc-Regular';
const MARGIN = 36;
const ROW_H = 18;
const FONT_SIZE = 9;

/**
 * The CJK font setting (`BI_REPORT_PDF_FONT`): a path, or `path#PostScriptName` for one face of a
 * collection. Checked before anything is sent: without it the answer is the coded refusal.
 */
export function pdfFont(setting: string): { path: string; face?: string } {
  const [file, face] = setting.split('#');
  const path = file!.trim();
  let ok = false;
  try {
    ok = fs.statSync(path).isFile();
  } catch {
    ok = false;
  }
  if (!ok)
    throw new AppError(
      Codes.biReportNoFont,
      503,
      `服务器未找到中文字体（${path}），无法导出 PDF；请管理员安装 fonts-noto-cjk 或设置 BI_REPORT_PDF_FONT`,
    );
  return { path, face: face?.trim() || (path.toLowerCase().endsWith('.ttc') ? DEFAULT_TTC_FACE : undefined) };
}

/** Column widths across the page: keys wider than measures, all fitted to the printable width. */
function widths(columns: RunColumn[], total: number): number[] {
  const weights = columns.map((c) => (c.kind === 'key' ? 1.6 : 1));
  const sum = weights.reduce((a, b) => a + b, 0);
  return weights.map((w) => (w / sum) * total);
}

/**
 * Streams a report as a PDF (pdfkit, A4 landscape): the university's name and the report's title on
 * every page, the parameters used on the first, the column header again on each page, subtotals and
 * the total in bold, page numbers at the foot.
 */
export function sendReportPdf(
  reply: FastifyReply,
  opts: {
    font: { path: string; face?: string };
    filename: string;
    school: string;
    title: string;
    columns: RunColumn[];
    params: RunParamUsed[];
    rows: AsyncIterable<RunRow>;
  },
): FastifyReply {
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: MARGIN,
    info: { Title: opts.title, Creator: opts.school },
  });
  try {
    doc.registerFont('cjk', opts.font.path, opts.font.face);
    doc.font('cjk');
  } catch {
    throw new AppError(
      Codes.biReportNoFont,
      503,
      '服务器的中文字体无法读取，无法导出 PDF；请管理员检查 BI_REPORT_PDF_FONT',
    );
  }
  const out = new PassThrough();
  doc.pipe(out);
  const pageW = doc.page.width;
  const pageH = doc.page.height;
  const usable = pageW - MARGIN * 2;
  const ws = widths(opts.columns, usable);
  const bottom = pageH - MARGIN - 20;
  let pageNo = 0;
  let y = 0;

  const cellText = (r: RunRow, i: number): string => {
    const v = r.cells[i];
    const c = opts.columns[i]!;
    if (c.kind === 'measure')
      return r.type === 'header' ? '' : formatMeasure(typeof v === 'number' ? v : null, c.decimals, c.thousands);
    return v === null || v === undefined ? '' : String(v);
  };

  const drawRow = (texts: string[], bold: boolean, fill: string | null) => {
    if (fill) doc.save().rect(MARGIN, y, usable, ROW_H).fill(fill).restore();
    let x = MARGIN;
    doc.fillColor('#222').fontSize(FONT_SIZE);
    texts.forEach((t, i) => {
      const right = opts.columns[i]!.kind === 'measure';
      // No bold face in the collection's regular font: a bold row is drawn twice, a hair apart.
      const draw = (dx: number) =>
        doc.text(t, x + 4 + dx, y + 5, {
          width: ws[i]! - 8,
          align: right ? 'right' : 'left',
          lineBreak: false,
          ellipsis: true,
        });
      draw(0);
      if (bold) draw(0.3);
      x += ws[i]!;
    });
    doc
      .save()
      .moveTo(MARGIN, y + ROW_H)
      .lineTo(MARGIN + usable, y + ROW_H)
      .lineWidth(0.3)
      .strokeColor('#ccc')
      .stroke()
      .restore();
    y += ROW_H;
  };

  const newPage = () => {
    if (pageNo > 0) doc.addPage();
    pageNo += 1;
    doc.fillColor('#888').fontSize(9).text(opts.school, MARGIN, MARGIN, { lineBreak: false });
    doc
      .fillColor('#000')
      .fontSize(15)
      .text(opts.title, MARGIN, MARGIN + 14, { lineBreak: false });
    doc.text(opts.title, MARGIN + 0.3, MARGIN + 14, { lineBreak: false });
    y = MARGIN + 38;
    if (pageNo === 1) {
      const params = opts.params.map((p) => `${p.label}：${p.text}`).join('    ') || '无';
      doc.fillColor('#555').fontSize(9).text(`参数：${params}`, MARGIN, y, { width: usable });
      y = doc.y + 8;
    }
    // The foot is drawn inside the bottom margin: no automatic page break for it.
    const keep = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .fillColor('#888')
      .fontSize(8)
      .text(`第 ${pageNo} 页`, MARGIN, pageH - MARGIN, { width: usable, align: 'center', lineBreak: false });
    doc.page.margins.bottom = keep;
    drawRow(
      opts.columns.map((c) => c.label),
      true,
      '#e6e6e6',
    );
  };

  void (async () => {
    try {
      newPage();
      for await (const r of opts.rows) {
        if (y + ROW_H > bottom) newPage();
        const fill =
          r.type === 'header' ? '#eff5ff' : r.type === 'subtotal' ? '#f5f5f5' : r.type === 'total' ? '#fff7e6' : null;
        drawRow(
          opts.columns.map((_, i) => cellText(r, i)),
          r.type !== 'row',
          fill,
        );
      }
      doc.end();
    } catch (err) {
      reply.log.error({ err }, 'report pdf export failed');
      out.destroy(err as Error);
    }
  })();
  return reply
    .header('Content-Type', 'application/pdf')
    .header('Content-Disposition', attachment(opts.filename))
    .header('Cache-Control', 'no-store')
    .send(out);
}
