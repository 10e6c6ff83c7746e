import type { ParamValue, RunResult, RunRow } from '../contract';
import type { Conn } from './repository';
import type { ResolvedDesign } from './report-query';
import { runReport } from './run';

/** Top-level groups an export reads per statement round: a page at a time, never the whole report. */
const EXPORT_GROUPS = 50;

/**
 * The first page (columns, parameters as used) and then every row of the report, page by page
 * (the grand total once, at the end), for the exports to stream.
 */
export async function exportPages(
  q: Conn,
  r: ResolvedDesign,
  opts: { title: string; params: Record<string, ParamValue>; rowCap: number },
): Promise<{ first: RunResult; rows: AsyncIterable<RunRow> }> {
  const page = (n: number, total: boolean) => runReport(q, r, { ...opts, page: n, pageSize: EXPORT_GROUPS, total });
  const first = await page(1, false);
  const pages = Math.max(1, Math.ceil(first.totalGroups / EXPORT_GROUPS));
  async function* rows(): AsyncIterable<RunRow> {
    let cur = first;
    for (let n = 1; n <= pages; n++) {
      if (n > 1) cur = await page(n, false);
      yield* cur.rows;
      // A report without keys is its total alone (runReport gives it on every page).
      if (!r.keys.length) return;
    }
    if (r.design.showTotal) {
      const last = await page(pages + 1, true);
      yield* last.rows.filter((x) => x.type === 'total');
    }
  }
  return { first, rows: rows() };
}
