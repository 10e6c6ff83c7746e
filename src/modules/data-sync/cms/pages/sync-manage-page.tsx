import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Popconfirm, Space, Switch, Table, Tag, Typography } from 'antd';
import { PlusOutlined, SyncOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { deleteSync, enableSync, listSyncs, runSync } from '@/modules/data-sync/api';
import { ACTIVE_RUN_STATUSES, SYNC_MODE_TEXT, type SyncListItem, type SyncMode } from '@/modules/data-sync/contract';
import { describeCron } from '@/modules/data-sync/cron-text';
import { RunState } from '../components/run-progress';
import { ACTIVE_REFRESH_MS, RunHistoryDrawer } from '../components/run-history-drawer';
import { SyncFormDrawer } from '../components/sync-form-drawer';
import { WriteBackModal } from '../components/write-back-modal';
import { SearchInput } from '@/core/ui/text-input';

const time = (v: number | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '—');

/** /cms/publicTool/syncManage 同步管理: the syncs with their last run, 立即同步, edit, history with live progress. */
export default function SyncManagePage() {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [keyword, setKeyword] = useState('');
  const [paging, setPaging] = useState({ page: 1, pageSize: 20 });
  const [editing, setEditing] = useState<{ id: number | null } | null>(null);
  const [history, setHistory] = useState<SyncListItem | null>(null);
  const [writeBack, setWriteBack] = useState<SyncListItem | null>(null);

  const syncs = useQuery({
    queryKey: ['data-sync', 'list', keyword, paging],
    queryFn: () => listSyncs({ keyword: keyword || undefined, ...paging }).then((r) => r.data),
    refetchInterval: (q) =>
      q.state.data?.list.some((s) => s.lastRun && ACTIVE_RUN_STATUSES.includes(s.lastRun.status))
        ? ACTIVE_REFRESH_MS
        : false,
  });
  const refresh = () => void qc.invalidateQueries({ queryKey: ['data-sync'] });
  const run = useMutation({
    mutationFn: (s: SyncListItem) => runSync(s.id),
    onSuccess: (_r, s) => {
      message.success(`已开始同步：${s.name}`);
      refresh();
    },
  });
  const enable = useMutation({
    mutationFn: (v: { id: number; enabled: boolean }) => enableSync(v),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: number) => deleteSync(id),
    onSuccess: () => {
      message.success('已删除');
      refresh();
    },
  });

  return (
    <Card
      title="同步管理"
      extra={
        <Space>
          <SearchInput
            aria-label="搜索同步"
            placeholder="按名称搜索"
            allowClear
            style={{ width: 240 }}
            onSearch={(v) => {
              setKeyword(v.trim());
              setPaging((p) => ({ ...p, page: 1 }));
            }}
          />
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ id: null })}>
            新建同步
          </Button>
        </Space>
      }
    >
      <Table<SyncListItem>
        rowKey="id"
        loading={syncs.isPending}
        dataSource={syncs.data?.list ?? []}
        locale={{ emptyText: '暂无同步，点击「新建同步」把数据集同步到数据表' }}
        scroll={{ x: 1500 }}
        pagination={{
          current: paging.page,
          pageSize: paging.pageSize,
          total: syncs.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (t) => `共 ${t} 个`,
        }}
        onChange={(p) => setPaging({ page: p.current ?? 1, pageSize: p.pageSize ?? 20 })}
        columns={[
          { title: '名称', dataIndex: 'name', width: 200, fixed: 'left' },
          {
            title: '数据集 → 数据表',
            key: 'route',
            width: 300,
            render: (_: unknown, s) => (
              <span>
                {s.datasetName ?? <Typography.Text type="danger">数据集已删除</Typography.Text>} →{' '}
                {s.tableName ?? <Typography.Text type="danger">数据表已删除</Typography.Text>}
              </span>
            ),
          },
          {
            title: '方式',
            dataIndex: 'mode',
            width: 80,
            render: (v: SyncMode) => <Tag color={v === 'full' ? 'blue' : 'purple'}>{SYNC_MODE_TEXT[v]}</Tag>,
          },
          {
            title: '定时',
            key: 'cron',
            width: 200,
            render: (_: unknown, s) =>
              s.cron ? (
                <Space orientation="vertical" size={0}>
                  <span>{describeCron(s.cron) ?? s.cron}</span>
                  <Typography.Text type="secondary">下次 {s.enabled ? time(s.nextRunAt) : '—'}</Typography.Text>
                </Space>
              ) : (
                '仅手动'
              ),
          },
          {
            title: '启用',
            dataIndex: 'enabled',
            width: 70,
            render: (v: boolean, s) => (
              <Switch
                size="small"
                aria-label={`启用${s.name}`}
                checked={v}
                loading={enable.isPending && enable.variables?.id === s.id}
                onChange={(enabled) => enable.mutate({ id: s.id, enabled })}
              />
            ),
          },
          { title: '负责人', dataIndex: 'ownerName', width: 100, render: (v: string | null) => v ?? '—' },
          {
            title: '最近运行',
            key: 'lastRun',
            width: 280,
            render: (_: unknown, s) => (
              <Space orientation="vertical" size={0} style={{ width: '100%' }}>
                <RunState run={s.lastRun} />
                {s.lastRun && (
                  <Typography.Text type="secondary">
                    {time(s.lastRun.startedAt ?? s.lastRun.queuedAt)} · 读取 {s.lastRun.rowsRead.toLocaleString()} 行
                  </Typography.Text>
                )}
                {s.consecutiveFailures > 1 && (
                  <Typography.Text type="danger">已连续失败 {s.consecutiveFailures} 次</Typography.Text>
                )}
              </Space>
            ),
          },
          {
            title: '操作',
            key: 'actions',
            width: 360,
            fixed: 'right',
            render: (_: unknown, s) => {
              const active = !!s.lastRun && ACTIVE_RUN_STATUSES.includes(s.lastRun.status);
              return (
                <Space size={0} wrap>
                  <Button
                    type="link"
                    icon={<SyncOutlined spin={active} />}
                    disabled={active}
                    loading={run.isPending && run.variables?.id === s.id}
                    onClick={() => run.mutate(s)}
                  >
                    立即同步
                  </Button>
                  <Button type="link" onClick={() => setHistory(s)}>
                    运行记录
                  </Button>
                  <Button type="link" onClick={() => setEditing({ id: s.id })}>
                    编辑
                  </Button>
                  <Button type="link" onClick={() => setWriteBack(s)}>
                    写回设置
                  </Button>
                  <Popconfirm
                    title={`删除同步「${s.name}」？`}
                    description="同步的运行记录一并删除，数据表中已同步的数据保留。"
                    onConfirm={() => remove.mutate(s.id)}
                  >
                    <Button type="link" danger disabled={active}>
                      删除
                    </Button>
                  </Popconfirm>
                </Space>
              );
            },
          },
        ]}
      />
      <SyncFormDrawer
        open={!!editing}
        id={editing?.id ?? null}
        onClose={() => setEditing(null)}
        onSaved={() => setEditing(null)}
      />
      <RunHistoryDrawer sync={history} onClose={() => setHistory(null)} />
      <WriteBackModal sync={writeBack} onClose={() => setWriteBack(null)} />
    </Card>
  );
}
