import { useQuery } from '@tanstack/react-query';
import { Alert, Progress } from 'antd';
import { getBackupProgress } from '@/modules/maintenance/api';
import type { BackupProgressView } from '@/modules/maintenance/contract';
import { formatSize } from './format-size';

const percent = (done: number, total: number) => (total > 0 ? Math.min(100, Math.floor((done / total) * 100)) : 0);

/** What the bar and its line say for one progress report. */
export function progressText(p: BackupProgressView): { percent: number; text: string } {
  if (p.phase === 'database')
    return {
      percent: percent(p.tables, p.tablesTotal),
      text: `正在读取数据库：第 ${p.tables}/${p.tablesTotal} 张表，已读 ${p.rows} 行`,
    };
  return {
    percent: p.phase === 'done' ? 100 : percent(p.bytes, p.bytesTotal),
    text: `正在打包上传的文件：${p.files}/${p.filesTotal} 个，${formatSize(p.bytes)} / ${formatSize(p.bytesTotal)}`,
  };
}

/**
 * The backup this server is writing (started here, or the scheduled one), polled every second
 * while one runs or while `active` (this page started one); nothing when none is.
 */
export function BackupProgress({ active, className }: { active: boolean; className?: string }) {
  const q = useQuery({
    queryKey: ['maintenance', 'backupProgress'],
    queryFn: () => getBackupProgress().then((r) => r.data),
    refetchInterval: (query) => (active || query.state.data ? 1000 : false),
  });
  const p = q.data;
  if (!p) return null;
  const { percent: value, text } = progressText(p);
  return (
    <Alert
      className={className}
      type="info"
      showIcon
      title={`${p.kind === 'scheduled' ? '定时备份' : '备份'}进行中，期间系统可照常使用`}
      description={
        <>
          <Progress aria-label="备份进度" percent={value} size="small" status="active" />
          <div>{text}</div>
        </>
      }
    />
  );
}
