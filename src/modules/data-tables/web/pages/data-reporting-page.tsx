import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Space, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { useNavigate } from 'react-router-dom';
import { listDuties, reportDuty } from '../../api';
import { DUTY_STATUS_LABELS, REPORT_CYCLE_LABELS, type DutyItem, type DutyStatus } from '../../contract';
import s from '../../components/data-tables.module.css';

const STATUS_COLORS: Record<DutyStatus, string> = { ok: 'success', dueSoon: 'warning', overdue: 'error' };

/**
 * /web/datasource/dataReporting 数据报送: the tables the user's department must keep current, the
 * deadline of this period and its status; 确认已更新 records that the data is current.
 */
export default function DataReportingPage() {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const list = useQuery({ queryKey: ['data-tables', 'duties'], queryFn: () => listDuties().then((r) => r.data) });
  const report = useMutation({
    mutationFn: (d: DutyItem) => reportDuty(d.tableId),
    onSuccess: async () => {
      message.success('已确认本期数据已更新');
      await qc.invalidateQueries({ queryKey: ['data-tables', 'duties'] });
    },
  });
  return (
    <div className={s.page}>
      <Card title="数据报送">
        <Table<DutyItem>
          rowKey="tableId"
          size="middle"
          loading={list.isPending}
          dataSource={list.data ?? []}
          locale={{ emptyText: '本部门暂无数据报送任务' }}
          pagination={false}
          columns={[
            { title: '数据表', dataIndex: 'tableName' },
            {
              title: '报送周期',
              dataIndex: 'cycle',
              width: 100,
              render: (v: DutyItem['cycle']) => REPORT_CYCLE_LABELS[v],
            },
            {
              title: '本期截止',
              dataIndex: 'deadline',
              width: 130,
              render: (v: number) => dayjs(v).format('YYYY-MM-DD'),
            },
            {
              title: '最近更新',
              dataIndex: 'lastUpdatedAt',
              width: 170,
              render: (v: number | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '—'),
            },
            {
              title: '最近确认',
              key: 'reported',
              width: 220,
              render: (_, d) =>
                d.lastReportedAt
                  ? `${dayjs(d.lastReportedAt).format('YYYY-MM-DD HH:mm')} ${d.lastReportedBy ?? ''}`
                  : '—',
            },
            {
              title: '状态',
              dataIndex: 'status',
              width: 100,
              render: (v: DutyStatus) => <Tag color={STATUS_COLORS[v]}>{DUTY_STATUS_LABELS[v]}</Tag>,
            },
            {
              title: '操作',
              key: 'actions',
              width: 220,
              render: (_, d) => (
                <Space size={0}>
                  <Button
                    size="small"
                    type="link"
                    onClick={() => navigate(`/web/datasource/dataTableEdit?id=${d.tableId}`)}
                  >
                    更新数据
                  </Button>
                  <Button
                    size="small"
                    type="link"
                    loading={report.isPending && report.variables?.tableId === d.tableId}
                    onClick={() => report.mutate(d)}
                  >
                    确认已更新
                  </Button>
                </Space>
              ),
            },
          ]}
        />
      </Card>
    </div>
  );
}
