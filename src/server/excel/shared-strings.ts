import { sheetTooLarge } from './sheet-errors';
import { readXmlPart } from './xml-part';
import type { InflateBudget, ZipEntry } from './zip';

export interface SharedStringLimits {
  maxBytes: number;
  maxCount: number;
  maxCellChars: number;
}

/**
 * The workbook's table of distinct texts (cells of type `s` point into it), trimmed. It is the
 * one part held whole, so its inflated size, its number of strings and each string's length
 * are limited while it streams: a zip bomb aimed here stops within its first megabytes.
 * Phonetic runs (`rPh`, Japanese readings) are not part of the text.
 */
export async function readSharedStrings(
  file: Buffer,
  entry: ZipEntry,
  budget: InflateBudget,
  limits: SharedStringLimits,
): Promise<string[]> {
  const tooMany = () => sheetTooLarge(`表格过大：不重复的文本超过 ${limits.maxCount} 条`);
  const strings: string[] = [];
  let inItem = false;
  let collecting = false;
  let phonetic = 0;
  let text = '';
  await readXmlPart(
    file,
    entry,
    budget,
    { maxBytes: limits.maxBytes, tooLarge: `表格过大：文本内容解压后超过 ${limits.maxBytes / 1024 / 1024} MB` },
    {
      open(name, attrs, selfClosing) {
        if (name === 'sst' && Number(attrs.uniqueCount ?? 0) > limits.maxCount) throw tooMany();
        if (name === 'si') {
          inItem = true;
          text = '';
          if (selfClosing) this.close('si');
        } else if (name === 'rPh' && !selfClosing) phonetic++;
        else if (name === 't' && inItem && !phonetic && !selfClosing) collecting = true;
      },
      close(name) {
        if (name === 't') collecting = false;
        else if (name === 'rPh') phonetic = Math.max(0, phonetic - 1);
        else if (name === 'si' && inItem) {
          if (strings.length >= limits.maxCount) throw tooMany();
          strings.push(text.trim());
          inItem = false;
          text = '';
        }
      },
      text(piece) {
        if (!collecting) return;
        text += piece;
        if (text.length > limits.maxCellChars) {
          throw sheetTooLarge(`单元格内容过长：超过 ${limits.maxCellChars} 个字符`);
        }
      },
    },
  );
  return strings;
}
