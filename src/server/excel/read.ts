import type { Readable } from 'node:stream';
import { AppError } from '@/server/errors';
import { readSharedStrings } from './shared-strings';
import { DAMAGED, sheetTooLarge, sheetUnreadable } from './sheet-errors';
import { readDateStyles } from './styles';
import { locateParts } from './workbook';
import { readXmlPart } from './xml-part';
import { InflateBudget, openZip } from './zip';

const MB = 1024 * 1024;

// Limits of every spreadsheet upload, sized for real imports: 30,000 accounts × 9 columns are a
// 1.4 MB file that inflates to 15 MB (ratio 10–14). A zip bomb is refused within its first MB.
/** The upload itself (the multipart limit of uploads/plugin.ts is the same). */
export const XLSX_MAX_FILE_BYTES = 20 * MB;
/** Everything read from the archive (sheet, shared strings, workbook, styles), counted as it inflates. */
export const XLSX_MAX_UNCOMPRESSED_BYTES = 50 * MB;
/** Inflated ÷ compressed bytes of any part beyond its first MB; real sheets stay under 20. */
export const XLSX_MAX_RATIO = 100;
export const XLSX_RATIO_GRACE_BYTES = 1 * MB;
/** Files in the archive (a workbook has a dozen or two). */
export const XLSX_MAX_ENTRIES = 1000;
/** The workbook, relationships and styles, each. */
export const XLSX_MAX_PART_BYTES = 10 * MB;
/** The shared strings are held whole while the sheet is read: their size and number are bounded. */
export const XLSX_MAX_SHARED_STRINGS_BYTES = 30 * MB;
export const XLSX_MAX_SHARED_STRINGS = 500_000;
/** Data rows (after the header) when the caller gives no lower limit. */
export const XLSX_MAX_ROWS = 50_000;
/** Columns that may hold a value; blank styled cells further right are ignored. */
export const XLSX_MAX_COLUMNS = 100;
/** Excel's own limit for one cell. */
export const XLSX_MAX_CELL_CHARS = 32_767;

/** One data row of an uploaded sheet: its 1-based row number (for error messages) and cells by header. */
export interface SheetRow {
  rowNumber: number;
  /** Trimmed text by header; a blank cell is absent. */
  cells: Record<string, string>;
}

/**
 * Reads the first worksheet of an .xlsx upload as rows keyed by the header row's text (the
 * first row with a value). The upload is taken whole (at most 20 MB), its zip directory is
 * checked, and the parts are streamed through our own inflating and XML reading under the
 * limits above: nothing grows with what a small file claims to hold. Cell values become
 * trimmed strings: rich text joined, formulas as their last result, dates as 2026-03-01.
 *
 * Refuses with 0x00000107 (413, the message names the limit) or, for what is no readable
 * .xlsx (another format, cut short, damaged, encrypted), 0x00000105 (400).
 */
export async function readSheet(
  input: Readable,
  maxRows: number = XLSX_MAX_ROWS,
): Promise<{ headers: string[]; rows: SheetRow[] }> {
  const file = await readUpload(input);
  try {
    return await readArchive(file, maxRows);
  } catch (e) {
    // Whatever a hostile file trips over is its fault, answered as unreadable, never as a 500.
    if (e instanceof AppError) throw e;
    throw sheetUnreadable(DAMAGED);
  }
}

async function readArchive(file: Buffer, maxRows: number): Promise<{ headers: string[]; rows: SheetRow[] }> {
  const entries = openZip(file, XLSX_MAX_ENTRIES);
  const budget = new InflateBudget(XLSX_MAX_UNCOMPRESSED_BYTES, XLSX_MAX_RATIO, XLSX_RATIO_GRACE_BYTES);
  const partLimit = {
    maxBytes: XLSX_MAX_PART_BYTES,
    tooLarge: `表格过大：工作簿结构超过 ${XLSX_MAX_PART_BYTES / MB} MB`,
  };
  const parts = await locateParts(file, entries, budget, partLimit);
  if (!parts.sheet) throw sheetUnreadable(DAMAGED);
  const dateStyles = parts.styles ? await readDateStyles(file, parts.styles, budget, partLimit) : new Set<number>();
  const shared = parts.sharedStrings
    ? await readSharedStrings(file, parts.sharedStrings, budget, {
        maxBytes: XLSX_MAX_SHARED_STRINGS_BYTES,
        maxCount: XLSX_MAX_SHARED_STRINGS,
        maxCellChars: XLSX_MAX_CELL_CHARS,
      })
    : [];

  let headers: string[] = [];
  const rows: SheetRow[] = [];
  const onRow = (rowNumber: number, values: string[]) => {
    if (!values.some(Boolean)) return;
    if (!headers.length) {
      headers = Array.from(values, (v) => v ?? '');
      return;
    }
    if (rows.length >= maxRows) throw sheetTooLarge(`表格行数过多：一次最多导入 ${maxRows} 行，请拆分文件`);
    const cells: Record<string, string> = {};
    values.forEach((v, i) => {
      const h = headers[i];
      if (v && h) cells[h] = v;
    });
    rows.push({ rowNumber, cells });
  };
  await readXmlPart(
    file,
    parts.sheet,
    budget,
    { maxBytes: XLSX_MAX_UNCOMPRESSED_BYTES, tooLarge: `表格过大：解压后超过 ${XLSX_MAX_UNCOMPRESSED_BYTES / MB} MB` },
    sheetHandler({ shared, dateStyles, date1904: parts.date1904 }, onRow),
  );
  return { headers, rows };
}

/** The whole upload, refused past the file limit (or when the multipart limit cut it short). */
async function readUpload(input: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  const tooLarge = () => sheetTooLarge(`文件过大：超过 ${XLSX_MAX_FILE_BYTES / MB} MB`);
  try {
    for await (const chunk of input as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > XLSX_MAX_FILE_BYTES) throw tooLarge();
      chunks.push(chunk);
    }
  } catch (e) {
    input.resume(); // let the rest of the request body drain
    if (e instanceof AppError) throw e;
    throw sheetUnreadable(DAMAGED);
  }
  if ((input as { truncated?: boolean }).truncated) throw tooLarge();
  return Buffer.concat(chunks, size);
}

interface CellContext {
  shared: string[];
  dateStyles: Set<number>;
  date1904: boolean;
}

/**
 * The worksheet's XML as rows of trimmed texts (index = column − 1), handed to `onRow` one at a
 * time. Values are collected from `<v>` and inline `<t>` (not formulas, not phonetic runs), each
 * refused past the cell limit as it streams; a value beyond the column limit is refused.
 */
function sheetHandler(ctx: CellContext, onRow: (rowNumber: number, values: string[]) => void) {
  let rowNumber = 0;
  let values: string[] = [];
  let nextColumn = 1;
  let cell: { column: number; type: string; style: number } | null = null;
  let collecting = false;
  let phonetic = 0;
  let text = '';
  const endRow = () => {
    onRow(rowNumber, values);
    values = [];
  };
  const endCell = () => {
    const value = cell ? cellValue(ctx, cell.type, cell.style, text) : '';
    if (cell && value) {
      if (cell.column > XLSX_MAX_COLUMNS) {
        throw sheetTooLarge(`表格列数过多：第 ${rowNumber} 行超过 ${XLSX_MAX_COLUMNS} 列`);
      }
      if (value.length > XLSX_MAX_CELL_CHARS) throw cellTooLong(rowNumber, cell.column);
      values[cell.column - 1] = value;
    }
    cell = null;
    text = '';
  };
  return {
    open(name: string, attrs: Record<string, string>, selfClosing: boolean) {
      if (name === 'row') {
        rowNumber = Number(attrs.r) || rowNumber + 1;
        values = [];
        nextColumn = 1;
        if (selfClosing) endRow();
      } else if (name === 'c') {
        const column = attrs.r ? columnOf(attrs.r) : 0;
        cell = { column: column || nextColumn, type: attrs.t ?? 'n', style: Number(attrs.s ?? 0) };
        nextColumn = cell.column + 1;
        text = '';
        if (selfClosing) endCell();
      } else if (name === 'rPh' && !selfClosing) phonetic++;
      else if ((name === 'v' || name === 't') && cell && !phonetic && !selfClosing) collecting = true;
    },
    close(name: string) {
      if (name === 'v' || name === 't') collecting = false;
      else if (name === 'rPh') phonetic = Math.max(0, phonetic - 1);
      else if (name === 'c') endCell();
      else if (name === 'row') endRow();
    },
    text(piece: string) {
      if (!collecting) return;
      text += piece;
      if (text.length > XLSX_MAX_CELL_CHARS && cell) throw cellTooLong(rowNumber, cell.column);
    },
  };
}

const cellTooLong = (row: number, column: number) =>
  sheetTooLarge(`单元格内容过长：第 ${row} 行 ${columnName(column)} 列超过 ${XLSX_MAX_CELL_CHARS} 个字符`);

function cellValue(ctx: CellContext, type: string, style: number, raw: string): string {
  switch (type) {
    case 's':
      return ctx.shared[Number(raw)] ?? '';
    case 'b':
      return raw.trim() === '' ? '' : String(raw.trim() !== '0');
    case 'str':
    case 'inlineStr':
    case 'e':
    case 'd':
      return raw.trim();
    default: {
      const t = raw.trim();
      const n = Number(t);
      if (t === '' || !Number.isFinite(n)) return t;
      if (ctx.dateStyles.has(style)) return excelDate(n, ctx.date1904);
      return String(n);
    }
  }
}

/** A date cell's serial number as YYYY-MM-DD (day 25569 is 1970-01-01; 1904 workbooks start 1462 days later). */
function excelDate(serial: number, date1904: boolean): string {
  const days = serial + (date1904 ? 1462 : 0) - 25569;
  const d = new Date(Math.round(days * 86_400_000));
  return Number.isNaN(d.getTime()) ? String(serial) : d.toISOString().slice(0, 10);
}

/** 'C7' → 3; 0 when the reference has no column letters. */
function columnOf(ref: string): number {
  let n = 0;
  for (const ch of ref.toUpperCase()) {
    const code = ch.charCodeAt(0);
    if (code < 65 || code > 90) break;
    n = n * 26 + code - 64;
  }
  return n;
}

/** 3 → 'C', 28 → 'AB'. */
function columnName(n: number): string {
  let s = '';
  for (let k = n; k > 0; k = Math.floor((k - 1) / 26)) s = String.fromCharCode(65 + ((k - 1) % 26)) + s;
  return s;
}
