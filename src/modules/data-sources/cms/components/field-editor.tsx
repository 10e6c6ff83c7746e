import { Select, Switch, Table, Typography } from 'antd';
import { DATA_FIELD_TYPES, DATA_FIELD_TYPE_TEXT, type DatasetField } from '@/modules/data-sources/contract';
import { TextInput } from '@/core/ui/text-input';

/**
 * The dataset's fields: the source's name stays; label, type, sensitivity and description are edited in place.
 * Edits go through an updater: antd's Table keeps a row whose record did not change, with the
 * callbacks of an older render, so a list captured there would undo another row's last edit.
 */
export function FieldEditor({
  value,
  onChange,
}: {
  value: DatasetField[];
  onChange: (update: (fields: DatasetField[]) => DatasetField[]) => void;
}) {
  const set = (i: number, patch: Partial<DatasetField>) =>
    onChange((fields) => fields.map((f, j) => (j === i ? { ...f, ...patch } : f)));
  return (
    <Table<DatasetField>
      size="small"
      rowKey="name"
      dataSource={value}
      pagination={false}
      scroll={{ y: 560 }}
      locale={{ emptyText: '点击“识别字段”从数据源读取字段' }}
      columns={[
        {
          title: '字段',
          dataIndex: 'name',
          width: 180,
          render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
        },
        {
          title: '显示名',
          key: 'label',
          width: 200,
          render: (_, f, i) => (
            <TextInput
              aria-label={`${f.name} 的显示名`}
              value={f.label}
              maxLength={60}
              onChange={(e) => set(i, { label: e.target.value })}
            />
          ),
        },
        {
          title: '类型',
          key: 'type',
          width: 140,
          render: (_, f, i) => (
            <Select
              aria-label={`${f.name} 的类型`}
              value={f.type}
              style={{ width: '100%' }}
              onChange={(type) => set(i, { type })}
              options={DATA_FIELD_TYPES.map((t) => ({ value: t, label: DATA_FIELD_TYPE_TEXT[t] }))}
            />
          ),
        },
        {
          title: '敏感',
          key: 'sensitive',
          width: 80,
          render: (_, f, i) => (
            <Switch
              aria-label={`${f.name} 是否敏感`}
              size="small"
              checked={f.sensitive}
              onChange={(sensitive) => set(i, { sensitive })}
            />
          ),
        },
        {
          title: '说明',
          key: 'description',
          render: (_, f, i) => (
            <TextInput
              aria-label={`${f.name} 的说明`}
              value={f.description}
              maxLength={500}
              onChange={(e) => set(i, { description: e.target.value })}
            />
          ),
        },
      ]}
    />
  );
}
