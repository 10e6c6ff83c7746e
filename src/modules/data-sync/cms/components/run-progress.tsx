import { Progress, Space, Tag, Tooltip, Typography } from 'antd';
import { SYNC_RUN_STATUS_TEXT, type SyncRunRow, type SyncRunStatus } from '@/modules/data-sync/contract';

const STATUS_COLOR: Record<SyncRunStatus, string> = {
  queued: 'default',
  running: 'processing',
  succeeded: 'success',
  failed: 'error',
  cancelled: 'warning',
};

export const runStatusTag = (s: SyncRunStatus) => <Tag color={STATUS_COLOR[s]}>{SYNC_RUN_STATUS_TEXT[s]}</Tag>;

/** Share of the expected rows read; a full run's total is the last run's count, so it stops short of 100 until done. */
export function runPercent(r: SyncRunRow): number | null {
  if (r.status === 'succeeded') return 100;
  if (!r.totalRows) return null;
  return Math.min(99, Math.floor((r.rowsRead / r.totalRows) * 100));
}

/** A run's state in a cell: its tag, a progress bar while it runs, and the error of a failed one. */
export function RunState({ run }: { run: SyncRunRow | null }) {
  if (!run) return <Typography.Text type="secondary">从未运行</Typography.Text>;
  const pct = runPercent(run);
  return (
    <Space orientation="vertical" size={2} style={{ width: '100%' }}>
      <Space size={4}>
        {runStatusTag(run.status)}
        {run.status === 'queued' && run.errorCode && (
          <Typography.Text type="warning">第 {run.attempt} 次尝试失败，等待重试</Typography.Text>
        )}
      </Space>
      {run.status === 'running' && (
        <Tooltip
          title={`已读取 ${run.rowsRead.toLocaleString()} 行${run.totalRows ? ` / 约 ${run.totalRows.toLocaleString()} 行` : ''}`}
        >
          {pct === null ? (
            <Typography.Text>已读取 {run.rowsRead.toLocaleString()} 行</Typography.Text>
          ) : (
            <Progress percent={pct} size="small" status="active" aria-label="同步进度" />
          )}
        </Tooltip>
      )}
      {(run.status === 'failed' || run.status === 'queued') && run.errorMessage && (
        <Typography.Text
          type="danger"
          ellipsis={{ tooltip: `${run.errorMessage}（${run.errorCode}）` }}
          style={{ maxWidth: 260 }}
        >
          {run.errorMessage}
        </Typography.Text>
      )}
    </Space>
  );
}
