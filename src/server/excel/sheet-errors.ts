import { AppError } from '@/server/errors';
import { Codes } from '@/shared/errors';

/** Over one of the reading limits (size, ratio, rows, columns, cell length): the message names it. */
export const sheetTooLarge = (message: string) => new AppError(Codes.spreadsheetTooLarge, 413, message);

export const NOT_XLSX = '无法读取文件，请上传 .xlsx 格式的 Excel 表格';
export const DAMAGED = '文件已损坏或不完整，请在 Excel 中重新保存为 .xlsx 后再导入';
export const LEGACY_OR_ENCRYPTED = '这是旧版 .xls 或设置了打开密码的表格，请另存为不加密的 .xlsx 后再导入';

/** Not a spreadsheet this server can read: the import error of the spec's catalogue. */
export const sheetUnreadable = (message: string = NOT_XLSX) => new AppError(Codes.importError, 400, message);
