import { useState } from 'react';
import { Button, Modal, Select, Tooltip } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined, SettingOutlined } from '@ant-design/icons';
import { COLUMN_TYPES, FORM_LIMITS, type ColumnField, type FieldType } from '@/shared/forms/schema';
import { TextInput } from '@/core/ui/text-input';
import { CHOICE_TYPES, FIELD_TYPE_LABELS, createColumn } from '@/modules/forms/cms/designer/field-catalog';
import { FieldProperties } from './field-properties';
import s from './designer.module.css';

/** A column after its type changes: properties of the old type that mean nothing now are dropped. */
function retype(column: ColumnField, type: FieldType): ColumnField {
  const kept: ColumnField = { id: column.id, type, label: column.label };
  if (column.required) kept.required = true;
  if (column.readOnly) kept.readOnly = true;
  if (column.placeholder) kept.placeholder = column.placeholder;
  if (column.help) kept.help = column.help;
  if (CHOICE_TYPES.includes(type))
    kept.options = column.options ?? [
      { label: '选项1', value: '1' },
      { label: '选项2', value: '2' },
    ];
  if (type === 'money') kept.precision = 2;
  return kept;
}

/** The columns of a sub-table: name and type per row, reorder, remove; 设置 opens a column's own properties. */
export function ColumnsEditor({
  value,
  onChange,
}: {
  value: ColumnField[];
  onChange: (columns: ColumnField[], renamed?: { from: string; to: string }) => void;
}) {
  const [editing, setEditing] = useState<string | null>(null);
  const set = (i: number, col: ColumnField) =>
    onChange(
      value.map((c, j) => (j === i ? col : c)),
      col.id !== value[i]!.id ? { from: value[i]!.id, to: col.id } : undefined,
    );
  const move = (from: number, to: number) => {
    const next = value.slice();
    const [c] = next.splice(from, 1);
    next.splice(to, 0, c!);
    onChange(next);
  };
  const editIndex = value.findIndex((c) => c.id === editing);
  const edited = editIndex >= 0 ? value[editIndex]! : null;
  return (
    <div className={s.listEditor}>
      {value.map((c, i) => (
        <div key={c.id} className={s.listRow}>
          <TextInput
            className={s.grow}
            size="small"
            aria-label={`第 ${i + 1} 列名称`}
            value={c.label}
            maxLength={FORM_LIMITS.labelLength}
            onChange={(e) => set(i, { ...c, label: e.target.value })}
            status={c.label.trim() ? undefined : 'error'}
          />
          <Select
            size="small"
            style={{ width: 96 }}
            aria-label={`第 ${i + 1} 列类型`}
            value={c.type}
            options={COLUMN_TYPES.map((t) => ({ value: t, label: FIELD_TYPE_LABELS[t] }))}
            onChange={(t: FieldType) => set(i, retype(c, t))}
            popupMatchSelectWidth={false}
          />
          <Tooltip title="列设置">
            <Button
              size="small"
              type="text"
              icon={<SettingOutlined />}
              aria-label={`设置第 ${i + 1} 列`}
              onClick={() => setEditing(c.id)}
            />
          </Tooltip>
          <Tooltip title="上移">
            <Button
              size="small"
              type="text"
              icon={<ArrowUpOutlined />}
              aria-label={`上移第 ${i + 1} 列`}
              disabled={i === 0}
              onClick={() => move(i, i - 1)}
            />
          </Tooltip>
          <Tooltip title="下移">
            <Button
              size="small"
              type="text"
              icon={<ArrowDownOutlined />}
              aria-label={`下移第 ${i + 1} 列`}
              disabled={i === value.length - 1}
              onClick={() => move(i, i + 1)}
            />
          </Tooltip>
          <Tooltip title="删除">
            <Button
              size="small"
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={`删除第 ${i + 1} 列`}
              disabled={value.length === 1}
              onClick={() => onChange(value.filter((_, j) => j !== i))}
            />
          </Tooltip>
        </div>
      ))}
      <Button
        size="small"
        type="dashed"
        icon={<PlusOutlined />}
        disabled={value.length >= FORM_LIMITS.subTableColumns}
        onClick={() => onChange([...value, createColumn('text', new Set(value.map((c) => c.id)))])}
      >
        添加列
      </Button>
      <Modal
        title={edited ? `列设置：${edited.label || '未命名'}` : '列设置'}
        open={!!edited}
        footer={null}
        onCancel={() => setEditing(null)}
        width={480}
        destroyOnHidden
      >
        {edited && (
          <FieldProperties
            asColumn
            field={edited}
            isIdTaken={(id) => value.some((c) => c.id === id && c.id !== edited.id)}
            onPatch={(patch) => {
              const next = { ...edited } as Record<string, unknown>;
              for (const [k, v] of Object.entries(patch)) {
                if (v === undefined) delete next[k];
                else next[k] = v;
              }
              set(editIndex, next as ColumnField);
              if (patch.id) setEditing(patch.id);
            }}
          />
        )}
      </Modal>
    </div>
  );
}
