import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Drawer, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { cancelSyncRun, listSyncRuns } from '@/modules/data-sync/api';
import {
  ACTIVE_RUN_STATUSES,
  SYNC_TRIGGER_TEXT,
  type SyncListItem,
  type SyncRunRow,
} from '@/modules/data-sync/contract';
import { RunState } from './run-progress';

/** While a run is queued or running the history refreshes on its own (progress bar). */
export const ACTIVE_REFRESH_MS = 2000;

const time = (v: number | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm:ss') : '—');
const n = (v: number) => v.toLocaleString();

export function runDuration(r: SyncRunRow): string {
  if (!r.startedAt) return '—';
  const ms = (r.finishedAt ?? Date.now()) - r.startedAt;
  if (ms < 1000) return `${ms} 毫秒`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} 秒`;
  return `${Math.floor(ms / 60_000)} 分 ${Math.round((ms % 60_000) / 1000)} 秒`;
}

/** 运行记录 of one sync: every run with rows read/inserted/updated/deleted, duration and error; cancel an active one. */
export function RunHistoryDrawer(props: { sync: SyncListItem | null; onClose: () => void }) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [paging, setPaging] = useState({ page: 1, pageSize: 10 });
  const syncId = props.sync?.id;
  const runs = useQuery({
    queryKey: ['data-sync', 'runs', syncId, paging],
    queryFn: () => listSyncRuns({ syncId: syncId!, ...paging }).then((r) => r.data),
    enabled: syncId !== undefined,
    refetchInterval: (q) =>
      q.state.data?.list.some((r) => ACTIVE_RUN_STATUSES.includes(r.status)) ? ACTIVE_REFRESH_MS : false,
  });
  const cancel = useMutation({
    mutationFn: (id: number) => cancelSyncRun(id),
    onSuccess: () => {
      message.success('已取消');
      void qc.invalidateQueries({ queryKey: ['data-sync'] });
    },
  });

  return (
    <Drawer
      title={props.sync ? `运行记录：${props.sync.name}` : ''}
      open={!!props.sync}
      onClose={props.onClose}
      size={1280}
      destroyOnHidden
    >
      <Table<SyncRunRow>
        rowKey="id"
        size="small"
        loading={runs.isPending}
        dataSource={runs.data?.list ?? []}
        locale={{ emptyText: '暂无运行记录' }}
        scroll={{ x: 1200 }}
        pagination={{
          current: paging.page,
          pageSize: paging.pageSize,
          total: runs.data?.total ?? 0,
          showTotal: (t) => `共 ${t} 次`,
        }}
        onChange={(p) => setPaging({ page: p.current ?? 1, pageSize: p.pageSize ?? 10 })}
        columns={[
          { title: '编号', dataIndex: 'id', width: 60 },
          {
            title: '触发',
            dataIndex: 'trigger',
            width: 80,
            render: (v: SyncRunRow['trigger']) => SYNC_TRIGGER_TEXT[v],
          },
          { title: '开始', dataIndex: 'startedAt', width: 160, render: time },
          { title: '耗时', key: 'duration', width: 100, render: (_: unknown, r: SyncRunRow) => runDuration(r) },
          { title: '读取', dataIndex: 'rowsRead', width: 80, align: 'right', render: n },
          { title: '新增', dataIndex: 'rowsInserted', width: 80, align: 'right', render: n },
          { title: '更新', dataIndex: 'rowsUpdated', width: 80, align: 'right', render: n },
          { title: '未变', dataIndex: 'rowsUnchanged', width: 80, align: 'right', render: n },
          { title: '删除', dataIndex: 'rowsDeleted', width: 80, align: 'right', render: n },
          { title: '尝试', dataIndex: 'attempt', width: 50, align: 'right' },
          {
            title: '状态',
            key: 'status',
            render: (_: unknown, r: SyncRunRow) => (
              <>
                <RunState run={r} />
                {r.errorCode && <Typography.Text type="secondary">错误码 {r.errorCode}</Typography.Text>}
              </>
            ),
          },
          {
            title: '操作',
            key: 'actions',
            width: 70,
            fixed: 'right',
            render: (_: unknown, r: SyncRunRow) =>
              ACTIVE_RUN_STATUSES.includes(r.status) ? (
                <Button type="link" size="small" loading={cancel.isPending} onClick={() => cancel.mutate(r.id)}>
                  取消
                </Button>
              ) : null,
          },
        ]}
      />
    </Drawer>
  );
}
