import { Button, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import type { SummaryPage } from '@/modules/forms/contract';
import { SummaryCell } from './summary-cell';
import type { SummaryField } from './summary-fields';
import s from './summary.module.css';

export type SummaryRow = SummaryPage['list'][number];

/** Column widths by field type: wide enough for typical values, so many columns scroll sideways instead of squeezing. */
const WIDTH: Record<string, number> = {
  text: 160,
  textarea: 320,
  number: 120,
  money: 130,
  date: 120,
  datetime: 170,
  dateRange: 230,
  select: 130,
  radio: 130,
  multiSelect: 180,
  checkbox: 180,
  switch: 80,
  cascader: 200,
  user: 160,
  department: 170,
  file: 200,
  image: 150,
  signature: 110,
  subTable: 100,
};
const NUMERIC = new Set(['number', 'money']);
const FIXED = { submitter: 110, userNo: 130, submittedAt: 170, version: 70, action: 80 };

/** A field the fill page fills with the submitter's own name or number (姓名, 学号 …). */
const fromSubmitter = (fields: readonly SummaryField[], prop: 'realName' | 'userNo') =>
  fields.find((f) => f.default?.kind === 'user' && f.default.prop === prop);

/**
 * Which submitter columns the table adds: a form that asks for the submitter's name (or number) with
 * the signed-in user's own as its default already has that column, so 提交人 (学工号) would say it twice.
 */
export function submitterColumns(fields: readonly SummaryField[]): { name: boolean; userNo: boolean } {
  return { name: !fromSubmitter(fields, 'realName'), userNo: !fromSubmitter(fields, 'userNo') };
}

/** The widths the table needs: its horizontal scroll extent. */
export const tableWidth = (fields: readonly SummaryField[]) => {
  const own = submitterColumns(fields);
  const fixed = FIXED.submittedAt + FIXED.version + FIXED.action;
  return (
    fixed +
    (own.name ? FIXED.submitter : 0) +
    (own.userNo ? FIXED.userNo : 0) +
    fields.reduce((a, f) => a + (WIDTH[f.type] ?? 160), 0)
  );
};

export interface SummaryTableProps {
  fields: SummaryField[];
  data: SummaryPage | undefined;
  loading: boolean;
  page: number;
  pageSize: number;
  onPage: (page: number, pageSize: number) => void;
  onOpen: (row: SummaryRow) => void;
}

/** Every submission of a form as a row, a column per value field; the table scrolls sideways, the page does not. */
export function SummaryTable({ fields, data, loading, page, pageSize, onPage, onOpen }: SummaryTableProps) {
  const own = submitterColumns(fields);
  // The form's own name field stands first, pinned like 提交人 would be.
  const nameField = fromSubmitter(fields, 'realName');
  const ordered = nameField ? [nameField, ...fields.filter((f) => f !== nameField)] : fields;
  const submitter: ColumnsType<SummaryRow> = [
    {
      title: '提交人',
      key: 'submitter',
      width: FIXED.submitter,
      fixed: 'left',
      ellipsis: true,
      render: (_v, r) => r.submitter.name || '匿名',
    },
    {
      title: '学工号',
      key: 'userNo',
      width: FIXED.userNo,
      ellipsis: true,
      render: (_v, r) => r.submitter.userNo || '—',
    },
  ];
  const columns: ColumnsType<SummaryRow> = [
    ...submitter.filter((c) => (c.key === 'submitter' ? own.name : own.userNo)),
    ...ordered.map((f): ColumnsType<SummaryRow>[number] => ({
      title: f.label,
      key: f.id,
      width: WIDTH[f.type] ?? 160,
      fixed: f === nameField ? 'left' : undefined,
      align: NUMERIC.has(f.type) ? 'right' : undefined,
      // Long text wraps onto a few lines (whole text on hover) instead of one clipped line.
      ellipsis: f.type === 'textarea' ? false : { showTitle: false },
      render: (_v, r) => <SummaryCell field={f} value={r.values[f.id]} />,
    })),
    {
      title: '提交时间',
      key: 'submittedAt',
      width: FIXED.submittedAt,
      render: (_v, r) => dayjs(r.submittedAt).format('YYYY-MM-DD HH:mm:ss'),
    },
    { title: '版本', key: 'version', width: FIXED.version, align: 'center', render: (_v, r) => `v${r.version}` },
    {
      title: '操作',
      key: 'action',
      width: FIXED.action,
      fixed: 'right',
      render: (_v, r) => (
        <Button
          type="link"
          size="small"
          onClick={(e) => {
            e.stopPropagation();
            onOpen(r);
          }}
        >
          查看
        </Button>
      ),
    },
  ];
  return (
    <Table<SummaryRow>
      rowKey="id"
      size="middle"
      tableLayout="fixed"
      loading={loading}
      columns={columns}
      dataSource={data?.list ?? []}
      scroll={{ x: tableWidth(fields) }}
      // Header under the app's 64 px bar, and the sideways scrollbar at the window's bottom, not the table's.
      sticky={{ offsetHeader: 64 }}
      rowClassName={() => s.clickableRow!}
      onRow={(r) => ({ onClick: () => onOpen(r) })}
      locale={{ emptyText: '暂无提交记录' }}
      pagination={{
        current: page,
        pageSize,
        total: data?.total ?? 0,
        showSizeChanger: true,
        pageSizeOptions: [10, 20, 50, 100],
        showTotal: (t) => `共 ${t} 条提交`,
        onChange: onPage,
      }}
    />
  );
}
