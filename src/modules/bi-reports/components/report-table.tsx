import { Table, type TableColumnsType } from 'antd';
import { formatMeasure, type RunResult, type RunRow } from '../contract';
import s from './report-table.module.css';

interface Row extends RunRow {
  key: number;
}

const ROW_CLASS: Record<RunRow['type'], string | undefined> = {
  header: s.header,
  row: undefined,
  subtotal: s.subtotal,
  total: s.total,
};

/**
 * A report's page as a table: group headers, detail rows, subtotals and the grand total, each with
 * its own look; measures right-aligned in their number format. Paging is the caller's (groups).
 */
export function ReportTable({ result, loading }: { result: RunResult | undefined; loading?: boolean }) {
  const columns: TableColumnsType<Row> = (result?.columns ?? []).map((c, i) => ({
    key: i,
    title: c.label,
    align: c.kind === 'measure' ? 'right' : 'left',
    width: c.kind === 'measure' ? 140 : undefined,
    render: (_: unknown, r: Row) => {
      const v = r.cells[i];
      if (c.kind === 'measure')
        return r.type === 'header' ? null : formatMeasure(typeof v === 'number' ? v : null, c.decimals, c.thousands);
      return v ?? null;
    },
  }));
  const rows: Row[] = (result?.rows ?? []).map((r, i) => ({ ...r, key: i }));
  return (
    <Table<Row>
      size="small"
      bordered
      loading={loading}
      columns={columns}
      dataSource={rows}
      rowClassName={(r) => ROW_CLASS[r.type] ?? ''}
      pagination={false}
      scroll={{ x: 'max-content', y: 560 }}
      locale={{ emptyText: '没有符合条件的数据' }}
    />
  );
}
