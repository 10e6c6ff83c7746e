import ExcelJS from 'exceljs';
import type { Readable } from 'node:stream';

/** One data row of an uploaded sheet: its 1-based row number (for error messages) and cells by header. */
export interface SheetRow {
  rowNumber: number;
  cells: Record<string, string>;
}

/**
 * Reads the first worksheet of an .xlsx upload as rows keyed by the header row's text,
 * streaming (the workbook is never held whole). Cell values become trimmed strings; rich
 * text, dates and formulas are flattened to what a person sees. At most `maxRows` rows.
 */
export async function readSheet(input: Readable, maxRows: number): Promise<{ headers: string[]; rows: SheetRow[] }> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'ignore',
    hyperlinks: 'ignore',
  });
  let headers: string[] = [];
  const rows: SheetRow[] = [];
  for await (const worksheet of reader) {
    for await (const row of worksheet as AsyncIterable<ExcelJS.Row>) {
      const values = (row.values as unknown[]).slice(1).map(cellText);
      if (!headers.length) {
        headers = values;
        continue;
      }
      if (values.every((v) => v === '')) continue;
      if (rows.length >= maxRows) throw new Error(`too many rows (at most ${maxRows})`);
      rows.push({ rowNumber: row.number, cells: Object.fromEntries(headers.map((h, i) => [h, values[i] ?? ''])) });
    }
    break; // first worksheet only
  }
  return { headers, rows };
}

function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object') {
    const o = v as { richText?: { text: string }[]; text?: string; result?: unknown };
    if (o.richText)
      return o.richText
        .map((t) => t.text)
        .join('')
        .trim();
    if (o.text !== undefined) return String(o.text).trim();
    if (o.result !== undefined) return cellText(o.result);
  }
  return String(v).trim();
}
