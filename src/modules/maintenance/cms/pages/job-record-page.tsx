import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Select, Table, Tag, Typography } from 'antd';
import { PlayCircleOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { listJobRuns, listJobs, runJobNow } from '@/modules/maintenance/api';
import {
  JOB_STATUS_TEXT,
  JOB_TRIGGER_TEXT,
  type JobInfo,
  type JobRunRow,
  type JobRunStatus,
} from '@/modules/maintenance/contract';
import s from './maintenance-page.module.css';

const STATUS_COLOR: Record<JobRunStatus, string> = { running: 'processing', ok: 'success', fail: 'error' };
const STATUS_OPTIONS = Object.entries(JOB_STATUS_TEXT).map(([value, label]) => ({ value, label }));
/** While a run is in progress the lists refresh on their own, so its end shows without a reload. */
const RUNNING_REFRESH_MS = 3000;

const time = (v: number | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm:ss') : '—');
const statusTag = (v: JobRunStatus | null) => (v ? <Tag color={STATUS_COLOR[v]}>{JOB_STATUS_TEXT[v]}</Tag> : '—');

function duration(r: JobRunRow): string {
  if (r.finishedAt === null) return '—';
  const ms = r.finishedAt - r.startedAt;
  return ms < 1000 ? `${ms} 毫秒` : `${(ms / 1000).toFixed(1)} 秒`;
}

/** /cms/systemSetting/jobRecord: the background jobs (schedule, next run, last status), run one now, and their run history. */
export default function JobRecordPage() {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [filter, setFilter] = useState<{ name?: string; status?: JobRunStatus }>({});
  const [paging, setPaging] = useState({ page: 1, pageSize: 20 });

  const jobs = useQuery({
    queryKey: ['maintenance', 'jobs'],
    queryFn: () => listJobs().then((r) => r.data),
    refetchInterval: (q) => (q.state.data?.some((j) => j.lastStatus === 'running') ? RUNNING_REFRESH_MS : false),
  });
  const runs = useQuery({
    queryKey: ['maintenance', 'jobRuns', filter, paging],
    queryFn: () => listJobRuns({ ...filter, ...paging }).then((r) => r.data),
    refetchInterval: (q) => (q.state.data?.list.some((r) => r.status === 'running') ? RUNNING_REFRESH_MS : false),
  });
  const runNow = useMutation({
    mutationFn: (job: JobInfo) => runJobNow(job.name),
    onSuccess: (_r, job) => {
      message.success(`已提交运行：${job.title}`);
      // The run starts on the server within seconds; look again shortly after.
      setTimeout(() => void qc.invalidateQueries({ queryKey: ['maintenance'] }), RUNNING_REFRESH_MS);
      void qc.invalidateQueries({ queryKey: ['maintenance'] });
    },
  });
  const changeFilter = (f: typeof filter) => {
    setFilter(f);
    setPaging((p) => ({ ...p, page: 1 }));
  };

  return (
    <div className={s.page}>
      <Card title="后台任务">
        <Table<JobInfo>
          rowKey="name"
          size="middle"
          loading={jobs.isPending}
          dataSource={jobs.data ?? []}
          pagination={false}
          locale={{ emptyText: '暂无后台任务' }}
          columns={[
            { title: '任务', dataIndex: 'title', width: 200 },
            {
              title: '标识',
              dataIndex: 'name',
              width: 220,
              render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
            },
            {
              title: '执行计划（服务器时间）',
              dataIndex: 'cron',
              width: 190,
              render: (v: string | null) => v ?? '仅手动',
            },
            { title: '下次运行', dataIndex: 'nextRunAt', width: 180, render: time },
            { title: '最近状态', dataIndex: 'lastStatus', width: 110, render: statusTag },
            { title: '最近开始', dataIndex: 'lastStartedAt', width: 180, render: time },
            {
              title: '操作',
              key: 'actions',
              render: (_: unknown, job: JobInfo) => (
                <>
                  <Button
                    type="link"
                    icon={<PlayCircleOutlined />}
                    loading={runNow.isPending && runNow.variables?.name === job.name}
                    onClick={() => runNow.mutate(job)}
                  >
                    立即运行
                  </Button>
                  <Button type="link" onClick={() => changeFilter({ ...filter, name: job.name })}>
                    查看记录
                  </Button>
                </>
              ),
            },
          ]}
        />
      </Card>
      <Card title="运行记录">
        <Form layout="inline" className={s.filters}>
          <Form.Item label="任务">
            <Select
              aria-label="任务"
              allowClear
              placeholder="全部任务"
              style={{ width: 220 }}
              value={filter.name}
              options={(jobs.data ?? []).map((j) => ({ value: j.name, label: j.title }))}
              onChange={(name?: string) => changeFilter({ ...filter, name })}
            />
          </Form.Item>
          <Form.Item label="状态">
            <Select
              aria-label="状态"
              allowClear
              placeholder="全部"
              style={{ width: 120 }}
              value={filter.status}
              options={STATUS_OPTIONS}
              onChange={(status?: JobRunStatus) => changeFilter({ ...filter, status })}
            />
          </Form.Item>
        </Form>
        <Table<JobRunRow>
          rowKey="id"
          size="middle"
          loading={runs.isPending}
          dataSource={runs.data?.list ?? []}
          locale={{ emptyText: '暂无运行记录' }}
          pagination={{
            current: paging.page,
            pageSize: paging.pageSize,
            total: runs.data?.total ?? 0,
            showSizeChanger: true,
            showTotal: (t) => `共 ${t} 条`,
          }}
          onChange={(p) => setPaging({ page: p.current ?? 1, pageSize: p.pageSize ?? 20 })}
          columns={[
            { title: '任务', dataIndex: 'title', width: 180 },
            {
              title: '触发',
              dataIndex: 'trigger',
              width: 90,
              render: (v: JobRunRow['trigger'], r) =>
                r.attempt > 1 ? `${JOB_TRIGGER_TEXT[v]}（第 ${r.attempt} 次）` : JOB_TRIGGER_TEXT[v],
            },
            { title: '开始', dataIndex: 'startedAt', width: 180, render: time },
            { title: '耗时', key: 'duration', width: 100, render: (_: unknown, r) => duration(r) },
            { title: '状态', dataIndex: 'status', width: 100, render: statusTag },
            { title: '读取', dataIndex: 'rowsRead', width: 90, align: 'right' },
            { title: '写入', dataIndex: 'rowsWritten', width: 90, align: 'right' },
            {
              title: '错误',
              dataIndex: 'error',
              ellipsis: true,
              render: (v: string | null) =>
                v ? (
                  <Typography.Text type="danger" ellipsis={{ tooltip: v }}>
                    {v}
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
