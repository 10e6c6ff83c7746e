import { readXmlPart, type PartLimit } from './xml-part';
import type { InflateBudget, ZipEntry } from './zip';

// Built-in number formats that show a date (14–22, 45–47) and the Chinese locale's date formats (27–36, 50–58).
const BUILT_IN_DATES = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47,
]);
for (let id = 50; id <= 58; id++) BUILT_IN_DATES.add(id);

/** A custom format shows a date when, outside quoted text and [colour/locale] blocks, it has y, m or d. */
function isDateFormat(code: string): boolean {
  const bare = code.replace(/"[^"]*"|\[[^\]]*\]|\\./g, '');
  return /[ymd]/i.test(bare) && !/^general$/i.test(bare.trim());
}

/**
 * The cell styles (indexes into `cellXfs`, a cell's `s`) whose number format is a date, so
 * that a date cell reads as 2026-03-01 rather than its serial number 46082.
 */
export async function readDateStyles(
  file: Buffer,
  entry: ZipEntry,
  budget: InflateBudget,
  limit: PartLimit,
): Promise<Set<number>> {
  const customDates = new Set<number>();
  const xfFormats: number[] = [];
  let inCellXfs = false;
  await readXmlPart(file, entry, budget, limit, {
    open(name, attrs, selfClosing) {
      if (name === 'numFmt' && isDateFormat(attrs.formatCode ?? '')) customDates.add(Number(attrs.numFmtId));
      else if (name === 'cellXfs') inCellXfs = !selfClosing;
      else if (name === 'xf' && inCellXfs) xfFormats.push(Number(attrs.numFmtId ?? 0));
    },
    close(name) {
      if (name === 'cellXfs') inCellXfs = false;
    },
    text() {},
  });
  const dates = new Set<number>();
  xfFormats.forEach((id, index) => {
    if (BUILT_IN_DATES.has(id) || customDates.has(id)) dates.add(index);
  });
  return dates;
}
