import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, DatePicker, Empty, InputNumber, Popconfirm, Select, Space, Table, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { getTableView, listChanges, restoreChange } from '../../api';
import {
  CHANGE_ACTIONS,
  CHANGE_ACTION_LABELS,
  CHANGE_SOURCE_LABELS,
  type ChangeAction,
  type ChangeItem,
} from '../../contract';
import { ChangeDiff } from '../components/change-diff';
import { VisibleTablePicker } from '../components/table-picker';
import { useTableId } from '../components/use-table-id';
import s from '../../components/data-tables.module.css';
import { TextInput } from '@/core/ui/text-input';

interface Filter {
  action?: ChangeAction;
  actor?: string;
  rowId?: number;
  range?: [Dayjs, Dayjs] | null;
}

const ACTION_COLORS: Record<ChangeAction, string> = {
  insert: 'green',
  update: 'blue',
  delete: 'red',
  restore: 'purple',
};

/**
 * /web/datasource/dataTableOperaRecords?id= 操作记录: who changed which row when, before and after;
 * filter by person, time, action and row; restore a previous value (the restore is recorded too).
 */
export default function DataTableRecordsPage() {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [id, setId] = useTableId();
  const [draft, setDraft] = useState<Filter>({});
  const [filter, setFilter] = useState<Filter>({});
  const [paging, setPaging] = useState({ page: 1, pageSize: 20 });
  const view = useQuery({
    queryKey: ['data-tables', 'view', id],
    queryFn: () => getTableView(id!).then((r) => r.data),
    enabled: id !== null,
  });
  const list = useQuery({
    queryKey: ['data-tables', 'changes', id, filter, paging],
    enabled: id !== null && !!view.data?.canEdit,
    queryFn: () =>
      listChanges({
        id: id!,
        action: filter.action,
        actor: filter.actor || undefined,
        rowId: filter.rowId,
        from: filter.range ? filter.range[0].startOf('day').valueOf() : undefined,
        to: filter.range ? filter.range[1].endOf('day').valueOf() : undefined,
        ...paging,
      }).then((r) => r.data),
  });
  const restore = useMutation({
    mutationFn: (c: ChangeItem) => restoreChange({ id: id!, changeId: c.id }),
    onSuccess: async () => {
      message.success('已恢复，恢复操作已记入操作记录');
      await qc.invalidateQueries({ queryKey: ['data-tables'] });
    },
  });
  return (
    <div className={s.page}>
      <Card
        title={
          <Space>
            操作记录
            <VisibleTablePicker value={id ?? undefined} onChange={setId} />
          </Space>
        }
      >
        {id === null && <Empty description="请选择数据表" />}
        {view.data && !view.data.canEdit && <Empty description="只有负责部门和管理员可以查看操作记录" />}
        {view.data?.canEdit && (
          <>
            <div className={s.filters}>
              <Select
                aria-label="操作类型"
                allowClear
                placeholder="操作类型"
                value={draft.action}
                options={CHANGE_ACTIONS.map((a) => ({ value: a, label: CHANGE_ACTION_LABELS[a] }))}
                onChange={(action?: ChangeAction) => setDraft((d) => ({ ...d, action }))}
              />
              <TextInput
                aria-label="操作人"
                allowClear
                placeholder="操作人"
                value={draft.actor}
                onChange={(e) => setDraft((d) => ({ ...d, actor: e.target.value }))}
              />
              <InputNumber
                aria-label="行号"
                placeholder="行号"
                min={1}
                value={draft.rowId}
                onChange={(v) => setDraft((d) => ({ ...d, rowId: v ?? undefined }))}
              />
              <DatePicker.RangePicker
                aria-label="时间"
                style={{ width: 260 }}
                value={draft.range}
                onChange={(range) => setDraft((d) => ({ ...d, range: range as [Dayjs, Dayjs] | null }))}
              />
              <Space>
                <Button
                  type="primary"
                  onClick={() => {
                    setFilter(draft);
                    setPaging((p) => ({ ...p, page: 1 }));
                  }}
                >
                  查询
                </Button>
                <Button
                  onClick={() => {
                    setDraft({});
                    setFilter({});
                  }}
                >
                  重置
                </Button>
              </Space>
            </div>
            <Table<ChangeItem>
              rowKey="id"
              size="middle"
              loading={list.isFetching}
              dataSource={list.data?.list ?? []}
              locale={{ emptyText: '暂无操作记录' }}
              pagination={{
                current: paging.page,
                pageSize: paging.pageSize,
                total: list.data?.total ?? 0,
                showSizeChanger: true,
                showTotal: (t) => `共 ${t} 条`,
              }}
              onChange={(p) => setPaging({ page: p.current ?? 1, pageSize: p.pageSize ?? 20 })}
              columns={[
                {
                  title: '时间',
                  dataIndex: 'createdAt',
                  width: 170,
                  render: (v: number) => dayjs(v).format('YYYY-MM-DD HH:mm:ss'),
                },
                { title: '操作人', dataIndex: 'actorName', width: 120, render: (v: string) => v || '—' },
                {
                  title: '操作',
                  dataIndex: 'action',
                  width: 80,
                  render: (v: ChangeAction) => <Tag color={ACTION_COLORS[v]}>{CHANGE_ACTION_LABELS[v]}</Tag>,
                },
                {
                  title: '来源',
                  dataIndex: 'source',
                  width: 80,
                  render: (v: ChangeItem['source']) => CHANGE_SOURCE_LABELS[v],
                },
                { title: '行号', dataIndex: 'rowId', width: 80 },
                {
                  title: '修改内容',
                  key: 'diff',
                  render: (_, c) => <ChangeDiff change={c} fields={view.data!.fields} />,
                },
                { title: '原因', dataIndex: 'reason', width: 220, render: (v: string) => v || '—' },
                {
                  title: '操作',
                  key: 'restore',
                  width: 100,
                  render: (_, c) =>
                    c.restorable && (
                      <Popconfirm
                        title="恢复为这次修改之前的值？"
                        okText="恢复"
                        onConfirm={() => restore.mutateAsync(c)}
                      >
                        <Button size="small" type="link">
                          恢复原值
                        </Button>
                      </Popconfirm>
                    ),
                },
              ]}
            />
          </>
        )}
      </Card>
    </div>
  );
}
