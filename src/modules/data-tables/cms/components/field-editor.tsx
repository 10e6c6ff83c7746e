import { Button, Checkbox, Select, Space, Table, Tooltip } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { DATA_FIELD_TYPES, FIELD_TYPE_LABELS, type DataTableField } from '../../contract';
import s from '../../components/data-tables.module.css';
import { TextInput } from '@/core/ui/text-input';

/** A new field with the designer's defaults, named so it does not clash with the others. */
export function newField(existing: readonly DataTableField[]): DataTableField {
  let i = existing.length + 1;
  while (existing.some((f) => f.name === `field_${i}`)) i++;
  return {
    name: `field_${i}`,
    label: `字段${i}`,
    type: 'string',
    required: false,
    indexed: false,
    visibility: 'all',
    description: '',
    sort: existing.length,
  };
}

/**
 * The fields of a table as an editable grid. `saved` are the names already in the physical table:
 * their names stay (a rename would be a drop and an add, losing the values).
 */
export function FieldEditor({
  value,
  onChange,
  saved,
}: {
  value: DataTableField[];
  onChange: (v: DataTableField[]) => void;
  saved: ReadonlySet<string>;
}) {
  const set = (i: number, patch: Partial<DataTableField>) =>
    onChange(value.map((f, j) => (j === i ? { ...f, ...patch } : f)));
  const move = (i: number, d: -1 | 1) => {
    const next = [...value];
    [next[i], next[i + d]] = [next[i + d]!, next[i]!];
    onChange(next.map((f, j) => ({ ...f, sort: j })));
  };
  return (
    <>
      <Table<DataTableField & { key: number }>
        className={s.fieldTable}
        size="small"
        pagination={false}
        dataSource={value.map((f, i) => ({ ...f, key: i }))}
        scroll={{ y: 360 }}
        columns={[
          {
            title: '字段名',
            width: 150,
            render: (_, f, i) => (
              <Tooltip title={saved.has(f.name) ? '已建的字段不能改名' : '小写字母开头，字母、数字、下划线'}>
                <TextInput
                  aria-label={`字段名 ${i + 1}`}
                  value={f.name}
                  disabled={saved.has(f.name)}
                  maxLength={48}
                  onChange={(e) => set(i, { name: e.target.value.trim() })}
                />
              </Tooltip>
            ),
          },
          {
            title: '显示名',
            width: 140,
            render: (_, f, i) => (
              <TextInput
                aria-label={`显示名 ${i + 1}`}
                value={f.label}
                maxLength={60}
                onChange={(e) => set(i, { label: e.target.value })}
              />
            ),
          },
          {
            title: '类型',
            width: 110,
            render: (_, f, i) => (
              <Select
                aria-label={`类型 ${i + 1}`}
                value={f.type}
                style={{ width: '100%' }}
                options={DATA_FIELD_TYPES.map((t) => ({ value: t, label: FIELD_TYPE_LABELS[t] }))}
                onChange={(type) => set(i, { type })}
              />
            ),
          },
          {
            title: '必填',
            width: 56,
            align: 'center',
            render: (_, f, i) => (
              <Checkbox
                aria-label={`必填 ${i + 1}`}
                checked={f.required}
                onChange={(e) => set(i, { required: e.target.checked })}
              />
            ),
          },
          {
            title: '索引',
            width: 56,
            align: 'center',
            render: (_, f, i) => (
              <Checkbox
                aria-label={`索引 ${i + 1}`}
                checked={f.indexed}
                onChange={(e) => set(i, { indexed: e.target.checked })}
              />
            ),
          },
          {
            title: '可见范围',
            width: 130,
            render: (_, f, i) => (
              <Select
                aria-label={`可见范围 ${i + 1}`}
                value={f.visibility}
                style={{ width: '100%' }}
                options={[
                  { value: 'all', label: '所有可见者' },
                  { value: 'owner', label: '仅负责部门' },
                ]}
                onChange={(visibility) => set(i, { visibility })}
              />
            ),
          },
          {
            title: '说明',
            render: (_, f, i) => (
              <TextInput
                aria-label={`说明 ${i + 1}`}
                value={f.description}
                maxLength={500}
                onChange={(e) => set(i, { description: e.target.value })}
              />
            ),
          },
          {
            title: '',
            width: 110,
            render: (_, _f, i) => (
              <Space size={0}>
                <Button
                  type="text"
                  size="small"
                  aria-label="上移"
                  icon={<ArrowUpOutlined />}
                  disabled={i === 0}
                  onClick={() => move(i, -1)}
                />
                <Button
                  type="text"
                  size="small"
                  aria-label="下移"
                  icon={<ArrowDownOutlined />}
                  disabled={i === value.length - 1}
                  onClick={() => move(i, 1)}
                />
                <Button
                  type="text"
                  size="small"
                  danger
                  aria-label="删除字段"
                  icon={<DeleteOutlined />}
                  disabled={value.length === 1}
                  onClick={() => onChange(value.filter((_x, j) => j !== i))}
                />
              </Space>
            ),
          },
        ]}
      />
      <Button style={{ marginTop: 8 }} icon={<PlusOutlined />} onClick={() => onChange([...value, newField(value)])}>
        添加字段
      </Button>
    </>
  );
}
