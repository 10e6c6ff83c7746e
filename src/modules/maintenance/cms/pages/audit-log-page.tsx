import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Card, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { exportAudit, listAudit } from '@/modules/maintenance/api';
import { AUDIT_RESULT_TEXT, auditActionText, auditDetailText, type AuditRow } from '@/modules/maintenance/contract';
import { AuditFilters, type AuditFilter } from '../components/audit-filters';
import { saveFile } from '@/core/ui/save-file';
import s from './maintenance-page.module.css';

/** /cms/systemSetting/auditLog: every administrator change, sign-in and denial; read-only, filtered and paged on the server. */
export default function AuditLogPage() {
  const [filter, setFilter] = useState<AuditFilter>({});
  const [paging, setPaging] = useState({ page: 1, pageSize: 20 });
  const list = useQuery({
    queryKey: ['maintenance', 'audit', filter, paging],
    queryFn: () => listAudit({ ...filter, ...paging }).then((r) => r.data),
  });
  const exporting = useMutation({
    mutationFn: (f: AuditFilter) => exportAudit(f),
    onSuccess: (r) => saveFile(r.data, `审计日志-${dayjs().format('YYYYMMDD-HHmmss')}.xlsx`),
  });
  return (
    <div className={s.page}>
      <Card title="审计日志">
        <AuditFilters
          exporting={exporting.isPending}
          onExport={(f) => exporting.mutate(f)}
          onSearch={(f) => {
            setFilter(f);
            setPaging((p) => ({ ...p, page: 1 }));
          }}
        />
        <Table<AuditRow>
          rowKey="id"
          size="middle"
          loading={list.isPending}
          dataSource={list.data?.list ?? []}
          locale={{ emptyText: '暂无审计记录' }}
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
              dataIndex: 'at',
              width: 180,
              render: (v: number) => dayjs(v).format('YYYY-MM-DD HH:mm:ss'),
            },
            { title: '操作人', dataIndex: 'actorName', width: 140, render: (v: string | null) => v ?? '—' },
            { title: '操作', dataIndex: 'action', width: 170, render: (v: string) => auditActionText(v) },
            { title: '对象', dataIndex: 'target', ellipsis: true, render: (v: string | null) => v || '—' },
            {
              title: '结果',
              dataIndex: 'result',
              width: 90,
              render: (v: string) => <Tag color={v === 'ok' ? 'success' : 'error'}>{AUDIT_RESULT_TEXT[v] ?? v}</Tag>,
            },
            { title: 'IP', dataIndex: 'ip', width: 140, render: (v: string | null) => v ?? '—' },
            {
              title: '详情',
              dataIndex: 'detail',
              ellipsis: true,
              render: (v: string | null) =>
                v ? (
                  <Typography.Text type="secondary" ellipsis={{ tooltip: auditDetailText(v) }}>
                    {auditDetailText(v)}
                  </Typography.Text>
                ) : (
                  '—'
                ),
            },
          ]}
        />
      </Card>
    </div>
  );
}
