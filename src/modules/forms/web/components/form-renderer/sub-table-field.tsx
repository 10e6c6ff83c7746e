import { useMemo } from 'react';
import { Button, Table, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { FORM_LIMITS, type ColumnField, type FormField } from '@/shared/forms/schema';
import type { FieldError } from '@/shared/forms/validate';
import { subTableSums } from '@/shared/forms/validate';
import { cellMessage, rowMessage } from '@/modules/forms/components/field-errors';
import { asRows, formatSum } from '@/modules/forms/components/sub-table-rows';
import { useMinRows } from '@/modules/forms/components/use-min-rows';
import { FIELD_INPUTS } from './field-inputs';
import { ReadOnlyValue } from './read-only-value';
import type { FieldInputProps } from '@/modules/forms/components/field-input-props';
import s from './form-renderer.module.css';

// The row's position travels with it: rows have no ids of their own (they are plain values).
type Row = Record<string, unknown> & { __row: number };

interface Props extends FieldInputProps<FormField> {
  errors: readonly FieldError[];
  readOnly: boolean;
}

/** Repeating rows of simple fields: add/remove within min/max rows, per-cell messages, column sums. */
export function SubTableField({ field, value, onChange, disabled, id, errors, readOnly }: Props) {
  const rows = asRows(value);
  const columns = field.columns ?? [];
  const min = field.minRows ?? 0;
  const max = field.maxRows ?? FORM_LIMITS.subTableRows;
  const sums = useMemo(() => (field.sumColumns?.length ? subTableSums(field, rows) : null), [field, rows]);
  useMinRows(rows, min, !readOnly && !disabled, onChange);

  const setCell = (row: number, col: string, v: unknown) =>
    onChange(rows.map((r, i) => (i === row ? { ...r, [col]: v } : r)));
  const addRow = () => onChange([...rows, {}]);
  const removeRow = (row: number) => onChange(rows.filter((_, i) => i !== row));

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
          onChange={(v) => setCell(index, col.id, v)}
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
            disabled={disabled || rows.length <= min}
            onClick={() => removeRow(i)}
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
          sums
            ? () => (
                <Table.Summary.Row>
                  <Table.Summary.Cell index={0} align="center">
                    合计
                  </Table.Summary.Cell>
                  {columns.map((c, i) => (
                    <Table.Summary.Cell key={c.id} index={i + 1}>
                      {field.sumColumns?.includes(c.id) ? (
                        <strong data-sum={c.id}>{formatSum(c, sums[c.id])}</strong>
                      ) : null}
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
          <Button icon={<PlusOutlined />} disabled={disabled || rows.length >= max} onClick={addRow}>
            添加一行
          </Button>
          <span className={s.uploadHint}>
            {[min > 0 ? `至少 ${min} 行` : '', field.maxRows ? `最多 ${max} 行` : ''].filter(Boolean).join('，')}
          </span>
        </div>
      )}
    </div>
  );
}
