import { Button, Select, Space, Table, Typography } from 'antd';
import type { FormField } from '@/shared/forms/schema';
import type { MappingItem, TargetTable } from '../../contract';

const norm = (s: string) => s.replace(/\s/g, '').toLowerCase();

/** Matches form fields to table fields by label, then by name (the 自动匹配 button). */
export function autoMatch(fields: FormField[], table: TargetTable): MappingItem[] {
  const out: MappingItem[] = [];
  const used = new Set<string>();
  for (const f of fields) {
    const t =
      table.fields.find((x) => !used.has(x.name) && norm(x.label) === norm(f.label)) ??
      table.fields.find((x) => !used.has(x.name) && norm(x.name) === norm(f.id));
    if (t) {
      out.push({ from: f.id, to: t.name });
      used.add(t.name);
    }
  }
  return out;
}

/** Form field → table field, one row per form field; the key fields among the mapped ones. */
export function MappingEditor(props: {
  fields: FormField[];
  table: TargetTable;
  mapping: MappingItem[];
  keyFields: string[];
  onChange: (mapping: MappingItem[], keyFields: string[]) => void;
}) {
  const { fields, table, mapping, keyFields, onChange } = props;
  const to = (id: string) => mapping.find((m) => m.from === id)?.to;
  const set = (id: string, target: string | undefined) => {
    const next = mapping.filter((m) => m.from !== id && m.to !== target);
    if (target) next.push({ from: id, to: target });
    onChange(
      next,
      keyFields.filter((k) => next.some((m) => m.to === k)),
    );
  };
  const mapped = table.fields.filter((f) => mapping.some((m) => m.to === f.name));
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Space>
        <Button
          onClick={() => {
            const m = autoMatch(fields, table);
            onChange(
              m,
              table.uniqueKey.filter((k) => m.some((x) => x.to === k)),
            );
          }}
        >
          自动匹配
        </Button>
        <Typography.Text type="secondary">按字段名称自动对应，未对应的表单字段不写入数据表。</Typography.Text>
      </Space>
      <Table
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={fields}
        columns={[
          { title: '表单字段', dataIndex: 'label', width: 220 },
          {
            title: '数据表字段',
            render: (_: unknown, f: FormField) => (
              <Select
                allowClear
                style={{ width: 260 }}
                aria-label={`${f.label}对应的数据表字段`}
                placeholder="不写入"
                value={to(f.id)}
                onChange={(v: string | undefined) => set(f.id, v)}
                options={table.fields.map((t) => ({
                  value: t.name,
                  label: `${t.label}（${t.name}）${t.required ? ' *' : ''}`,
                }))}
              />
            ),
          },
        ]}
      />
      <Space>
        <span>更新依据：</span>
        <Select
          mode="multiple"
          style={{ minWidth: 320 }}
          aria-label="更新依据"
          placeholder="不选则每次提交新增一行"
          value={keyFields}
          onChange={(k: string[]) => onChange(mapping, k)}
          options={mapped.map((t) => ({ value: t.name, label: t.label }))}
        />
      </Space>
    </Space>
  );
}
