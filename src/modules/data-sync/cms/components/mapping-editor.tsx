import { Alert, Button, Select, Space, Table, Tag, Typography } from 'antd';
import { ThunderboltOutlined } from '@ant-design/icons';
import {
  DATA_FIELD_TYPE_TEXT,
  mappingTypeProblem,
  type SyncFieldInfo,
  type SyncMapping,
} from '@/modules/data-sync/contract';
import { autoMatch } from '@/modules/data-sync/mapping-match';

interface Props {
  datasetFields: SyncFieldInfo[];
  tableFields: SyncFieldInfo[];
  value?: SyncMapping[];
  onChange?: (v: SyncMapping[]) => void;
}

const typeTag = (f: SyncFieldInfo | undefined) => (f ? <Tag>{DATA_FIELD_TYPE_TEXT[f.type]}</Tag> : null);

/**
 * Field mapping: one row per data table field, the dataset field that fills it (or none), types
 * side by side and a type problem shown at once. 自动匹配 pairs fields by name or label.
 */
export function MappingEditor({ datasetFields, tableFields, value = [], onChange }: Props) {
  const byTarget = new Map(value.map((m) => [m.to, m.from]));
  const source = new Map(datasetFields.map((f) => [f.name, f]));
  const set = (to: string, from: string | undefined) => {
    const next = tableFields
      .map((t) => ({ to: t.name, from: t.name === to ? from : byTarget.get(t.name) }))
      .filter((m): m is SyncMapping => !!m.from);
    onChange?.(next);
  };
  const problems = value
    .map((m) => {
      const from = source.get(m.from);
      const to = tableFields.find((t) => t.name === m.to);
      return from && to ? mappingTypeProblem(from.type, to.type) : null;
    })
    .filter(Boolean);

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Space>
        <Button
          icon={<ThunderboltOutlined />}
          disabled={!datasetFields.length || !tableFields.length}
          onClick={() => onChange?.(autoMatch(datasetFields, tableFields))}
        >
          自动匹配
        </Button>
        <Typography.Text type="secondary">
          已映射 {value.length} / {tableFields.length} 个字段；按字段名或中文名匹配，类型不符的不会匹配
        </Typography.Text>
      </Space>
      {problems.length > 0 && <Alert type="error" showIcon title={`有 ${problems.length} 个字段类型不符`} />}
      <Table<SyncFieldInfo>
        rowKey="name"
        size="small"
        pagination={false}
        dataSource={tableFields}
        scroll={{ y: 360 }}
        locale={{ emptyText: '请先选择数据集和数据表' }}
        columns={[
          {
            title: '数据表字段',
            key: 'to',
            width: 260,
            render: (_: unknown, t) => (
              <Space size={4}>
                <span>
                  {t.label} <Typography.Text type="secondary">{t.name}</Typography.Text>
                </span>
                {typeTag(t)}
                {t.required && <Tag color="red">必填</Tag>}
              </Space>
            ),
          },
          {
            title: '来自数据集字段',
            key: 'from',
            render: (_: unknown, t) => {
              const from = byTarget.get(t.name);
              const f = from ? source.get(from) : undefined;
              const problem = f ? mappingTypeProblem(f.type, t.type) : null;
              return (
                <Space orientation="vertical" size={0} style={{ width: '100%' }}>
                  <Space size={4}>
                    <Select
                      aria-label={`${t.label}的来源字段`}
                      allowClear
                      showSearch={{ optionFilterProp: 'label' }}
                      placeholder="不同步"
                      style={{ width: 240 }}
                      status={problem ? 'error' : undefined}
                      value={from}
                      onChange={(v?: string) => set(t.name, v)}
                      options={datasetFields.map((d) => ({
                        value: d.name,
                        label: d.label && d.label !== d.name ? `${d.name}（${d.label}）` : d.name,
                      }))}
                    />
                    {typeTag(f)}
                    {f?.sensitive && <Tag color="orange">敏感</Tag>}
                  </Space>
                  {problem && <Typography.Text type="danger">{problem}</Typography.Text>}
                </Space>
              );
            },
          },
        ]}
      />
    </Space>
  );
}
