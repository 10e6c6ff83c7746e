import { DAMAGED, sheetUnreadable } from './sheet-errors';
import { XmlFormatError, XmlStream, type XmlHandler } from './xml-events';
import { inflateEntry, type InflateBudget, type ZipEntry } from './zip';

/** The most a part may inflate to, and the message that names that limit. */
export interface PartLimit {
  maxBytes: number;
  tooLarge: string;
}

/**
 * Streams one XML part of the archive through `handler` as it inflates, under the budget's
 * limits. A handler refuses by throwing (an AppError); the inflating stops there.
 */
export async function readXmlPart(
  file: Buffer,
  entry: ZipEntry,
  budget: InflateBudget,
  limit: PartLimit,
  handler: XmlHandler,
): Promise<void> {
  const xml = new XmlStream(handler);
  try {
    for await (const chunk of inflateEntry(file, entry, budget, limit)) xml.write(chunk);
    xml.end();
  } catch (e) {
    if (e instanceof XmlFormatError) throw sheetUnreadable(DAMAGED);
    throw e;
  }
}
