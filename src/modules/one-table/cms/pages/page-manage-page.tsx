import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Empty, Select, Skeleton, Space, Switch, Table, Tabs, Tooltip } from 'antd';
import { getTable, listTables } from '@/modules/data-tables/api';
import { TextInput } from '@/core/ui/text-input';
import type { DataTableField } from '@/modules/data-tables/contract';
import { getLayout, listCorrectionProcesses, saveLayout } from '../../api';
import {
  AUDIENCES,
  AUDIENCE_LABELS,
  type Audience,
  type CorrectionProcess,
  type LayoutField,
  type LayoutGroup,
} from '../../contract';
import { DragHandle, SortableArea, SortableItem, SortableRow, moveTo } from '../components/sortable';

/** Moves item i of a list by d (−1 up, +1 down); the list unchanged at the ends. */
export function move<T>(list: T[], i: number, d: number): T[] {
  const j = i + d;
  if (j < 0 || j >= list.length) return list;
  const next = [...list];
  [next[i], next[j]] = [next[j]!, next[i]!];
  return next;
}

function UpDown({ i, n, onMove, what }: { i: number; n: number; onMove: (d: number) => void; what: string }) {
  return (
    <Space size={0}>
      <Button size="small" type="text" aria-label={`上移${what}`} disabled={i === 0} onClick={() => onMove(-1)}>
        ↑
      </Button>
      <Button size="small" type="text" aria-label={`下移${what}`} disabled={i === n - 1} onClick={() => onMove(1)}>
        ↓
      </Button>
    </Space>
  );
}

function GroupEditor({
  g,
  tables,
  processes,
  onChange,
}: {
  g: LayoutGroup;
  tables: { value: string; label: string; id: number }[];
  processes: CorrectionProcess[];
  onChange: (g: LayoutGroup) => void;
}) {
  const builtIn = processes.find((p) => p.builtIn);
  const tableId = tables.find((t) => t.value === g.tableCode)?.id;
  const def = useQuery({
    queryKey: ['oneTable', 'tableFields', tableId],
    queryFn: () => getTable(tableId!).then((r) => r.data),
    enabled: tableId !== undefined,
  });
  const fields: DataTableField[] = def.data?.fields ?? [];
  const setFields = (fs: LayoutField[]) => onChange({ ...g, fields: fs });
  const unused = fields.filter((f) => !g.fields.some((x) => x.name === f.name));
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <TextInput
          aria-label="分组名称"
          prefix="分组名称"
          style={{ width: 240 }}
          value={g.title}
          maxLength={40}
          onChange={(e) => onChange({ ...g, title: e.target.value })}
        />
        <Select
          aria-label="数据表"
          style={{ width: 220 }}
          showSearch
          optionFilterProp="label"
          value={g.tableCode}
          options={tables}
          onChange={(v) => onChange({ ...g, tableCode: v, fields: [] })}
        />
        <Select
          aria-label="学号/工号字段"
          style={{ width: 200 }}
          placeholder="学号/工号字段"
          value={g.personField || undefined}
          options={fields.map((f) => ({ value: f.name, label: `${f.label}（${f.name}）` }))}
          onChange={(v) => onChange({ ...g, personField: v })}
        />
        <Select
          aria-label="添加字段"
          style={{ width: 200 }}
          placeholder="添加字段"
          value={null}
          options={unused.map((f) => ({ value: f.name, label: f.label }))}
          onChange={(v: string) => {
            const f = fields.find((x) => x.name === v)!;
            setFields([
              ...g.fields,
              { name: f.name, label: f.label, masked: f.visibility === 'owner', correctable: false },
            ]);
          }}
        />
      </Space>
      <SortableArea ids={g.fields.map((f) => f.name)} onMove={(a, b) => setFields(moveTo(g.fields, a, b))}>
        <Table<LayoutField>
          size="small"
          rowKey="name"
          pagination={false}
          dataSource={g.fields}
          locale={{ emptyText: '请添加字段' }}
          components={{ body: { row: SortableRow } }}
          columns={[
            {
              title: '顺序',
              width: 110,
              render: (_, f, i) => (
                <Space size={0}>
                  <DragHandle label={`拖动排序${f.label}`} />
                  <UpDown i={i} n={g.fields.length} what="字段" onMove={(d) => setFields(move(g.fields, i, d))} />
                </Space>
              ),
            },
            { title: '字段', dataIndex: 'name', width: 160 },
            {
              title: '显示名称',
              render: (_, f, i) => (
                <TextInput
                  size="small"
                  aria-label={`${f.name}显示名称`}
                  value={f.label}
                  maxLength={40}
                  onChange={(e) => setFields(g.fields.map((x, j) => (j === i ? { ...x, label: e.target.value } : x)))}
                />
              ),
            },
            {
              title: <Tooltip title="显示为 ******，本人点击查看（记录审计）">脱敏</Tooltip>,
              width: 80,
              render: (_, f, i) => (
                <Switch
                  size="small"
                  aria-label={`${f.label}脱敏`}
                  checked={f.masked}
                  onChange={(c) => setFields(g.fields.map((x, j) => (j === i ? { ...x, masked: c } : x)))}
                />
              ),
            },
            {
              title: <Tooltip title="本人可申请纠错，由数据表负责部门审核后写回">可纠错</Tooltip>,
              width: 80,
              render: (_, f, i) => (
                <Switch
                  size="small"
                  aria-label={`${f.label}可纠错`}
                  checked={f.correctable}
                  onChange={(c) => setFields(g.fields.map((x, j) => (j === i ? { ...x, correctable: c } : x)))}
                />
              ),
            },
            {
              title: (
                <Tooltip title="纠错申请走的审批流程（可在流程设计中为「数据纠错申请」表单设计更多流程）">
                  审批流程
                </Tooltip>
              ),
              width: 170,
              render: (_, f, i) => (
                <Select
                  size="small"
                  style={{ width: 150 }}
                  aria-label={`${f.label}审批流程`}
                  disabled={!f.correctable}
                  value={f.processId ?? builtIn?.id ?? null}
                  placeholder="数据纠错（内置）"
                  options={processes.map((p) => ({ value: p.id, label: p.builtIn ? `${p.name}（内置）` : p.name }))}
                  onChange={(v: number) =>
                    setFields(
                      g.fields.map((x, j) => {
                        if (j !== i) return x;
                        const { processId: _drop, ...rest } = x;
                        return v === builtIn?.id ? rest : { ...rest, processId: v };
                      }),
                    )
                  }
                />
              ),
            },
            {
              title: '操作',
              width: 70,
              render: (_, f) => (
                <Button
                  size="small"
                  type="link"
                  danger
                  onClick={() => setFields(g.fields.filter((x) => x.name !== f.name))}
                >
                  移除
                </Button>
              ),
            },
          ]}
        />
      </SortableArea>
    </Space>
  );
}

/** /cms/plugIn/oneTablePageManage: the 一表通 page per audience — groups of data table fields, their order (drag or ↑/↓), labels, masking, correction and its approval process. */
export default function PageManagePage() {
  const qc = useQueryClient();
  const { message } = App.useApp();
  const [audience, setAudience] = useState<Audience>('undergraduate');
  const [groups, setGroups] = useState<LayoutGroup[] | null>(null);
  const layout = useQuery({
    queryKey: ['oneTable', 'layout', audience],
    queryFn: () => getLayout(audience).then((r) => r.data),
  });
  const tables = useQuery({
    queryKey: ['oneTable', 'tables'],
    queryFn: () => listTables({ page: 1, pageSize: 200 }).then((r) => r.data.list),
  });
  useEffect(() => setGroups(layout.data ? layout.data.groups : null), [layout.data]);
  const save = useMutation({
    mutationFn: () => saveLayout({ audience, groups: groups ?? [] }),
    onSuccess: () => {
      void message.success('已保存');
      void qc.invalidateQueries({ queryKey: ['oneTable', 'layout', audience] });
    },
  });
  const processes = useQuery({
    queryKey: ['oneTable', 'processes'],
    queryFn: () => listCorrectionProcesses().then((r) => r.data),
  });
  const tableOptions = (tables.data ?? []).map((t) => ({ value: t.code, label: `${t.name}（${t.code}）`, id: t.id }));
  const set = (i: number, g: LayoutGroup) => setGroups((gs) => gs!.map((x, j) => (j === i ? g : x)));
  return (
    <Card
      title="一表通页面管理"
      extra={
        <Space>
          <Button onClick={() => setGroups(layout.data?.groups ?? [])}>撤销修改</Button>
          <Button type="primary" loading={save.isPending} onClick={() => save.mutate()}>
            保存
          </Button>
        </Space>
      }
    >
      <Tabs
        activeKey={audience}
        onChange={(k) => setAudience(k as Audience)}
        items={AUDIENCES.map((a) => ({ key: a, label: AUDIENCE_LABELS[a] }))}
      />
      {!groups ? (
        <Skeleton active />
      ) : (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          {!groups.length && <Empty description="尚未配置分组" />}
          <SortableArea ids={groups.map((g) => g.key)} onMove={(a, b) => setGroups(moveTo(groups, a, b))}>
            {groups.map((g, i) => (
              <SortableItem key={g.key} id={g.key}>
                <Card
                  size="small"
                  style={{ marginBottom: 16 }}
                  title={
                    <Space size={4}>
                      <DragHandle label={`拖动排序${g.title}`} />
                      {`${i + 1}. ${g.title}`}
                    </Space>
                  }
                  extra={
                    <Space>
                      <UpDown i={i} n={groups.length} what="分组" onMove={(d) => setGroups(move(groups, i, d))} />
                      <Button
                        size="small"
                        danger
                        type="link"
                        onClick={() => setGroups(groups.filter((_, j) => j !== i))}
                      >
                        删除分组
                      </Button>
                    </Space>
                  }
                >
                  <GroupEditor
                    g={g}
                    tables={tableOptions}
                    processes={processes.data ?? []}
                    onChange={(ng) => set(i, ng)}
                  />
                </Card>
              </SortableItem>
            ))}
          </SortableArea>
          <Button
            type="dashed"
            block
            disabled={!tableOptions.length}
            onClick={() =>
              setGroups([
                ...groups,
                {
                  key: `g${Date.now().toString(36)}`,
                  title: '新分组',
                  tableCode: tableOptions[0]!.value,
                  personField: '',
                  fields: [],
                },
              ])
            }
          >
            添加分组
          </Button>
        </Space>
      )}
    </Card>
  );
}
