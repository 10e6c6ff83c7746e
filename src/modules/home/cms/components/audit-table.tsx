import { Table, Tag } from 'antd';
import dayjs from 'dayjs';
import type { DashboardSummary } from '../../contract';

type AuditRow = DashboardSummary['recentAudit'][number];

const RESULT_TAG: Record<string, { color: string; text: string }> = {
  ok: { color: 'success', text: '成功' },
  success: { color: 'success', text: '成功' },
  fail: { color: 'error', text: '失败' },
  failure: { color: 'error', text: '失败' },
  denied: { color: 'warning', text: '拒绝' },
};

// Audit actions the server writes, in words an administrator reads; an unknown one shows as written.
const ACTION_TEXT: Record<string, string> = {
  login: '登录',
  login_failed: '登录失败',
  logout: '退出登录',
  choice_platform: '选择平台',
  password_changed: '修改密码',
  password_change_failed: '修改密码失败',
  password_check_failed: '密码校验失败',
  permission_denied: '越权访问被拒绝',
  theme_saved: '保存主题',
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
        { title: '操作', dataIndex: 'action', width: 180, render: (v: string) => ACTION_TEXT[v] ?? v },
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
