import { Descriptions, Table, Typography } from 'antd';
import type { BackupScheduleView, RestoreResult } from '@/modules/maintenance/contract';

/** "每天 02:00（Asia/Shanghai，UTC+08:00）" or "未开启": the schedule in words, with the server's zone. */
export function scheduleText(s: BackupScheduleView): string {
  if (!s.enabled) return `未开启（保留 ${s.keep} 份定时备份）`;
  return `每天 ${String(s.hour).padStart(2, '0')}:00（服务器时区 ${s.timeZone}，${s.utcOffset}），保留 ${s.keep} 份定时备份`;
}

/**
 * What a restore did, shown once it is done: rows per table, the audit log's merge, migrations
 * run forward, and what this installation kept (its schedule above all: a restore never brings
 * back the backup's).
 */
export function RestoreReport({ result }: { result: RestoreResult }) {
  // By name: an operator looks a table up; the restore order (parents first) means nothing here.
  const rows = Object.entries(result.restored)
    .map(([table, n]) => ({ table, n }))
    .sort((a, b) => a.table.localeCompare(b.table));
  const total = rows.reduce((a, r) => a + r.n, 0);
  return (
    <div data-testid="restore-report">
      <Typography.Paragraph>
        已从 {result.fileName} 恢复 {rows.length} 张表共 {total} 行数据、{result.files} 个上传文件。
        所有用户（包括您）已退出登录，请重新登录。
      </Typography.Paragraph>
      <Descriptions
        size="small"
        column={1}
        bordered
        items={[
          {
            key: 'audit',
            label: '审计日志',
            children: `备份中 ${result.audit.inBackup} 条全部保留：新增 ${result.audit.added} 条，已存在 ${result.audit.present} 条；本机原有记录未删除`,
          },
          {
            key: 'schedule',
            label: '备份计划',
            children: `保持本机设置不变：${scheduleText(result.schedule)}`,
          },
          { key: 'kept', label: '保持不变', children: result.kept.join('、') },
          ...(result.migrated.length
            ? [
                {
                  key: 'migrated',
                  label: '版本升级',
                  children: `备份来自较早版本，恢复后已升级：${result.migrated.join('、')}`,
                },
              ]
            : []),
        ]}
      />
      <Table
        style={{ marginTop: 12 }}
        size="small"
        rowKey="table"
        dataSource={rows}
        pagination={false}
        scroll={{ y: 240 }}
        columns={[
          { title: '数据表', dataIndex: 'table' },
          { title: '恢复行数', dataIndex: 'n', width: 120, align: 'right' },
        ]}
      />
    </div>
  );
}
