import { Table, Tag } from 'antd';
import dayjs from 'dayjs';
import type { DashboardSummary } from '@/modules/home/contract';
import { auditActionText } from '@/modules/maintenance/contract';

type AuditRow = DashboardSummary['recentAudit'][number];

const RESULT_TAG: Record<string, { color: string; text: string }> = {
  ok: { color: 'success', text: '成功' },
  success: { color: 'success', text: '成功' },
  fail: { color: 'error', text: '失败' },
  failure: { color: 'error', text: '失败' },
  denied: { color: 'warning', text: '拒绝' },
};

/** The latest audit events (sign-ins, failures, sign-outs, denials). */
export function AuditTable({ rows, loading }: { rows: AuditRow[]; loading: boolean }) {
  return (
    <Table<AuditRow>
      size="middle"
      rowKey={(r) => `${r.at}-${r.actorName}-${r.action}-${r.target}`}
      loading={loading}
      dataSource={rows}
      pagination={false}
      locale={{ emptyText: '暂无审计记录' }}
      columns={[
        { title: '时间', dataIndex: 'at', width: 180, render: (v: number) => dayjs(v).format('YYYY-MM-DD HH:mm:ss') },
        { title: '操作人', dataIndex: 'actorName', width: 160 },
        { title: '操作', dataIndex: 'action', width: 180, render: (v: string) => auditActionText(v) },
        { title: '对象', dataIndex: 'target', ellipsis: true, render: (v: string | null) => v || '—' },
        {
          title: '结果',
          dataIndex: 'result',
          width: 100,
          render: (v: string) => {
            const t = RESULT_TAG[v];
            return <Tag color={t?.color ?? 'default'}>{t?.text ?? v}</Tag>;
          },
        },
      ]}
    />
  );
}
