import { Button, Popover, Table } from 'antd';
import type { ColumnField, FileRef } from '@/shared/forms/schema';
import { formatValue, isEmptyValue } from '@/shared/forms/values';
import type { SummaryField } from './summary-fields';
import { FileLinks, FileThumbs } from './stored-file';
import s from './summary.module.css';

const isFileRef = (v: unknown): v is FileRef =>
  !!v && typeof v === 'object' && typeof (v as FileRef).id === 'string' && typeof (v as FileRef).url === 'string';
const fileList = (v: unknown): FileRef[] => (Array.isArray(v) ? v.filter(isFileRef) : isFileRef(v) ? [v] : []);

/** Keeps clicks inside a cell (popover, preview, download) from opening the row's detail page; portals bubble too. */
const stop = (e: React.SyntheticEvent) => e.stopPropagation();

/** A sub-table's rows in a popover: its columns when the definition is known, else the keys the rows hold. */
function SubTableCell({ field, rows }: { field: SummaryField; rows: Array<Record<string, unknown>> }) {
  const cols: ColumnField[] = field.columns?.length
    ? field.columns
    : [...new Set(rows.flatMap((r) => Object.keys(r)))].map((id) => ({ id, label: id, type: 'text' as const }));
  const content = (
    <div className={s.subTable} onClick={stop}>
      <Table<Record<string, unknown>>
        size="small"
        rowKey={(_r, i) => String(i)}
        pagination={false}
        dataSource={rows}
        scroll={{ x: 'max-content', y: 320 }}
        columns={cols.map((c) => ({
          title: c.label,
          key: c.id,
          render: (_v, r) => {
            const t = formatValue(c, r[c.id]);
            return t || '—';
          },
        }))}
      />
    </div>
  );
  return (
    <span onClick={stop}>
      <Popover content={content} title={`${field.label}（${rows.length} 行）`} trigger="click" placement="bottomLeft">
        <Button type="link" size="small" className={s.rowsButton}>
          {rows.length} 行
        </Button>
      </Popover>
    </span>
  );
}

/** One value of a submission in the summary table: text as formatValue gives it, attachments as links or pictures. */
export function SummaryCell({ field, value }: { field: SummaryField; value: unknown }) {
  if (isEmptyValue(value)) return <span className={s.empty}>—</span>;
  if (field.type === 'subTable' && Array.isArray(value)) {
    return (
      <SubTableCell
        field={field}
        rows={value.filter((r): r is Record<string, unknown> => !!r && typeof r === 'object')}
      />
    );
  }
  if (field.type === 'file')
    return (
      <span onClick={stop}>
        <FileLinks files={fileList(value)} />
      </span>
    );
  if (field.type === 'image' || field.type === 'signature')
    return (
      <span onClick={stop}>
        <FileThumbs files={fileList(value)} />
      </span>
    );
  const text = formatValue(field as ColumnField, value);
  if (field.type === 'textarea')
    return (
      <span title={text} className={s.longText}>
        {text}
      </span>
    );
  return <span title={text}>{text}</span>;
}
