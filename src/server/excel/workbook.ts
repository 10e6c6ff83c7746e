import { posix } from 'node:path';
import { NOT_XLSX, sheetUnreadable } from './sheet-errors';
import { readXmlPart, type PartLimit } from './xml-part';
import type { InflateBudget, ZipEntry } from './zip';

/** Where the parts a reader needs are, found through the package's relationships. */
export interface WorkbookParts {
  /** The first worksheet in the workbook's tab order (what a person sees first). */
  sheet: ZipEntry | undefined;
  sharedStrings: ZipEntry | undefined;
  styles: ZipEntry | undefined;
  /** Dates count from 1904 (old Mac workbooks) instead of 1900. */
  date1904: boolean;
}

interface Relationship {
  id: string;
  type: string;
  target: string;
}

/**
 * Reads `_rels/.rels`, the workbook and its relationships to find the first sheet, the shared
 * strings and the styles. Parts are looked up by name as written, then ignoring case (some
 * writers differ from Excel there). Refuses a zip that holds no workbook (a .docx, any archive).
 */
export async function locateParts(
  file: Buffer,
  entries: Map<string, ZipEntry>,
  budget: InflateBudget,
  limit: PartLimit,
): Promise<WorkbookParts> {
  const find = (path: string) => entries.get(path) ?? caseless(entries, path);
  const rels = async (path: string): Promise<Relationship[]> => {
    const entry = find(path);
    return entry ? readRelationships(file, entry, budget, limit) : [];
  };

  const office = (await rels('_rels/.rels')).find((r) => r.type.endsWith('/officeDocument'));
  const workbookPath = office ? resolve('', office.target) : 'xl/workbook.xml';
  const workbook = find(workbookPath);
  if (!workbook) throw sheetUnreadable(NOT_XLSX);

  let firstSheetId: string | undefined;
  let date1904 = false;
  await readXmlPart(file, workbook, budget, limit, {
    open(name, attrs) {
      if (name === 'workbookPr') date1904 = attrs.date1904 === '1' || attrs.date1904 === 'true';
      if (name === 'sheet' && firstSheetId === undefined) {
        firstSheetId = Object.entries(attrs).find(([k]) => k.endsWith(':id'))?.[1];
      }
    },
    close() {},
    text() {},
  });

  const dir = posix.dirname(workbookPath);
  const wbRels = await rels(posix.join(dir, '_rels', `${posix.basename(workbookPath)}.rels`));
  const target = (pick: (r: Relationship) => boolean, fallback: string) => {
    const r = wbRels.find(pick);
    return find(r ? resolve(dir, r.target) : posix.join(dir, fallback));
  };
  return {
    sheet: target((r) => r.id === firstSheetId, 'worksheets/sheet1.xml'),
    sharedStrings: target((r) => r.type.endsWith('/sharedStrings'), 'sharedStrings.xml'),
    styles: target((r) => r.type.endsWith('/styles'), 'styles.xml'),
    date1904,
  };
}

async function readRelationships(
  file: Buffer,
  entry: ZipEntry,
  budget: InflateBudget,
  limit: PartLimit,
): Promise<Relationship[]> {
  const list: Relationship[] = [];
  await readXmlPart(file, entry, budget, limit, {
    open(name, attrs) {
      if (name === 'Relationship' && attrs.TargetMode !== 'External') {
        list.push({ id: attrs.Id ?? '', type: attrs.Type ?? '', target: attrs.Target ?? '' });
      }
    },
    close() {},
    text() {},
  });
  return list;
}

/** A relationship target: absolute from the package root when it starts with '/', else relative to `dir`. */
function resolve(dir: string, target: string): string {
  const path = target.startsWith('/') ? target.slice(1) : posix.join(dir, target);
  return posix.normalize(path).replace(/^(\.\.\/)+/, '');
}

function caseless(entries: Map<string, ZipEntry>, path: string): ZipEntry | undefined {
  const lower = path.toLowerCase();
  for (const [name, entry] of entries) if (name.toLowerCase() === lower) return entry;
  return undefined;
}
