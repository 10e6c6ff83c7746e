import { constants, crc32, deflateRawSync } from 'node:zlib';

/**
 * Test-only: .xlsx files written byte by byte, so a test can make what no spreadsheet program
 * would (a zip bomb, a lying size, a cut-short archive) without committing binary files.
 */

/** Raw deflate data with the size and CRC of what it inflates to. */
export interface Deflated {
  raw: Buffer;
  size: number;
  crc: number;
}

export interface ZipPart {
  name: string;
  content: string | Buffer | Deflated;
  /** Write this uncompressed size in the headers instead of the true one (a lying archive). */
  declaredSize?: number;
}

export const deflated = (content: string | Buffer): Deflated => {
  const data = Buffer.from(content);
  return { raw: deflateRawSync(data), size: data.length, crc: crc32(data) };
};

/** A zip of the parts, deflated, with a central directory. */
export function zip(parts: ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const d = typeof part.content === 'string' || Buffer.isBuffer(part.content) ? deflated(part.content) : part.content;
    const name = Buffer.from(part.name);
    const size = part.declaredSize ?? d.size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(d.crc >>> 0, 14);
    local.writeUInt32LE(d.raw.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(d.crc >>> 0, 16);
    central.writeUInt32LE(d.raw.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, d.raw);
    centrals.push(central, name);
    offset += 30 + name.length + d.raw.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const xmlEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** `<row>` XML of rows of inline strings (numbers stay numbers), row 1 first. */
export function sheetRows(rows: (string | number)[][]): string {
  return rows
    .map(
      (cells, r) =>
        `<row r="${r + 1}">${cells
          .map((v, c) =>
            typeof v === 'number'
              ? `<c r="${colName(c + 1)}${r + 1}"><v>${v}</v></c>`
              : `<c r="${colName(c + 1)}${r + 1}" t="inlineStr"><is><t>${xmlEscape(v)}</t></is></c>`,
          )
          .join('')}</row>`,
    )
    .join('');
}

export const colName = (n: number): string =>
  n <= 0 ? '' : colName(Math.floor((n - 1) / 26)) + String.fromCharCode(65 + ((n - 1) % 26));

/** The parts of a workbook with one sheet (`sheetData` inner XML) and optional shared strings. */
export function workbookParts(sheetData: string, sharedStrings?: string | Deflated, sharedDeclaredSize?: number) {
  const parts: ZipPart[] = [
    {
      name: '[Content_Types].xml',
      content:
        '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
        '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>' +
        '</Types>',
    },
    {
      name: '_rels/.rels',
      content: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    },
    {
      name: 'xl/workbook.xml',
      content: `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${NS}" xmlns:r="${REL}"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      content: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
    },
    {
      name: 'xl/worksheets/sheet1.xml',
      content: `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${NS}"><sheetData>${sheetData}</sheetData></worksheet>`,
    },
  ];
  if (sharedStrings !== undefined) {
    parts.push({ name: 'xl/sharedStrings.xml', content: sharedStrings, declaredSize: sharedDeclaredSize });
  }
  return parts;
}

/** An .xlsx of inline-string rows (the first is the header row). */
export const xlsxOf = (rows: (string | number)[][]) => zip(workbookParts(sheetRows(rows)));

/**
 * The issue's zip bomb: a valid .xlsx whose shared strings inflate to `megabytes` MB of
 * `<si><t>AAAA…</t></si>` from about a thousandth of that. One MB of the pattern is deflated
 * once with a full flush (byte-aligned, no reference to what came before) and repeated, so
 * building a 3 GB bomb takes no 3 GB of work. `lie` writes a small size in the headers instead.
 */
export function sharedStringsBomb(megabytes: number, opts: { lie?: boolean } = {}): Buffer {
  const head = Buffer.from(`<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${NS}">`);
  const item = `<si><t>${'A'.repeat(1024 - 16)}</t></si>`; // 1 KB
  const block = Buffer.from(item.repeat(1024)); // 1 MB
  const tail = Buffer.from('</sst>');
  const flush = { finishFlush: constants.Z_FULL_FLUSH };
  const blockRaw = deflateRawSync(block, flush);
  let crc = crc32(head);
  for (let i = 0; i < megabytes; i++) crc = crc32(block, crc);
  crc = crc32(tail, crc);
  const raw = Buffer.concat([
    deflateRawSync(head, flush),
    ...Array.from({ length: megabytes }, () => blockRaw),
    deflateRawSync(tail),
  ]);
  const bomb: Deflated = { raw, size: head.length + megabytes * block.length + tail.length, crc };
  const sheet = sheetRows([['用户名', '姓名']]) + '<row r="2"><c r="A2" t="s"><v>0</v></c></row>';
  return zip(workbookParts(sheet, bomb, opts.lie ? 4096 : undefined));
}
