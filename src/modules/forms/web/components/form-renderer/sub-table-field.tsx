import { Button, Table, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { ColumnField } from '@/shared/forms/schema';
import { cellMessage, rowMessage } from '@/modules/forms/components/field-errors';
import { useSubTableRows } from '@/modules/forms/components/sub-table-rows';
import type { SubTableProps } from '@/modules/forms/components/field-frame';
import { FIELD_INPUTS } from './field-inputs';
import { ReadOnlyValue } from './read-only-value';
import s from './form-renderer.module.css';

// The row's position travels with it: rows have no ids of their own (they are plain values).
type Row = Record<string, unknown> & { __row: number };

/** Repeating rows of simple fields as an antd table: the rows' logic is useSubTableRows. */
export function SubTableField({ field, value, onChange, disabled, id, errors, readOnly }: SubTableProps) {
  const t = useSubTableRows({ field, value, onChange, disabled, readOnly });
  const { rows, columns, min } = t;

  const cell = (col: ColumnField) => (_: unknown, _row: Row, index: number) => {
    if (readOnly) return <ReadOnlyValue field={col} value={rows[index]?.[col.id]} />;
    const Input = FIELD_INPUTS[col.type];
    const message = cellMessage(errors, index, col.id);
    if (!Input) return null;
    return (
      <div className={s.cell}>
        <Input
          field={col}
          value={rows[index]?.[col.id]}
          onChange={(v) => t.setCell(index, col.id, v)}
          disabled={disabled || !!col.readOnly}
          id={`${id}-${index}-${col.id}`}
          invalid={!!message}
          compact
        />
        {message && (
          <div className={s.cellError} role="alert">
            {message}
          </div>
        )}
      </div>
    );
  };

  const tableColumns: ColumnsType<Row> = [
    {
      title: '序号',
      key: '#',
      width: 64,
      align: 'center',
      render: (_, __, i) => (
        <span className={s.rowNo}>
          {i + 1}
          {rowMessage(errors, i) && <div className={s.cellError}>{rowMessage(errors, i)}</div>}
        </span>
      ),
    },
    ...columns.map((c) => ({
      title: (
        <span>
          {c.required && !readOnly && <span className={s.requiredMark}>*</span>}
          {c.label}
        </span>
      ),
      key: c.id,
      minWidth: 140,
      render: cell(c),
    })),
  ];
  if (!readOnly) {
    tableColumns.push({
      title: '操作',
      key: 'op',
      width: 72,
      align: 'center',
      fixed: 'right',
      render: (_, __, i) => (
        <Tooltip title={rows.length <= min ? `至少保留 ${min} 行` : '删除此行'}>
          <Button
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label={`删除第 ${i + 1} 行`}
            disabled={!t.canRemove}
            onClick={() => t.removeRow(i)}
          />
        </Tooltip>
      ),
    });
  }

  return (
    <div className={s.subTable} id={id}>
      <Table<Row>
        size="small"
        bordered
        rowKey="__row"
        dataSource={rows.map((r, i) => ({ ...r, __row: i }))}
        columns={tableColumns}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: readOnly ? '无数据' : '暂无数据，点击下方“添加一行”' }}
        summary={
          t.hasSums
            ? () => (
                <Table.Summary.Row>
                  <Table.Summary.Cell index={0} align="center">
                    合计
                  </Table.Summary.Cell>
                  {columns.map((c, i) => (
                    <Table.Summary.Cell key={c.id} index={i + 1}>
                      {t.sumText(c) !== null && <strong data-sum={c.id}>{t.sumText(c)}</strong>}
                    </Table.Summary.Cell>
                  ))}
                  {!readOnly && <Table.Summary.Cell index={columns.length + 1} />}
                </Table.Summary.Row>
              )
            : undefined
        }
      />
      {!readOnly && (
        <div className={s.subTableBar}>
          <Button icon={<PlusOutlined />} disabled={!t.canAdd} onClick={t.addRow}>
            添加一行
          </Button>
          <span className={s.uploadHint}>{t.limitsText}</span>
        </div>
      )}
    </div>
  );
}
