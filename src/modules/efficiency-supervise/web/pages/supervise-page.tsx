import { lazy, Suspense, useMemo, useState } from 'react';
import type { Dayjs } from 'dayjs';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Col,
  DatePicker,
  Modal,
  Row,
  Segmented,
  Select,
  Skeleton,
  Space,
  Statistic,
  Table,
  Tabs,
  Tag,
  Tooltip,
} from 'antd';
import { saveFile } from '@/core/ui/save-file';
import { SearchInput, TextArea } from '@/core/ui/text-input';
import { toast } from '@/core/ui/toast';
import {
  escalateTask,
  exportTasks,
  fetchGroups,
  fetchOverview,
  fetchScope,
  fetchTasks,
  fetchTrend,
  urgeTask,
} from '../../api';
import {
  DUE_SOON_HOURS,
  GROUP_BY_LABELS,
  NOTE_MAX,
  OPEN_KIND_LABELS,
  type GroupBy,
  type GroupRow,
  type OpenKind,
  type SupervisedTaskItem,
} from '../../contract';
import { dueText, hoursText, percent, shortTime } from '../../components/format';
import { rankingBars, trendLine } from '../components/charts';

const Chart = lazy(() => import('../components/chart'));
const PAGE_SIZE = 10;
type Sort = 'lateRate' | 'meanHours';

/** Start of the first day and end of the last day picked, in ms (the server's [from, to)). */
const periodOf = (range: [Dayjs | null, Dayjs | null] | null) =>
  range?.[0] && range[1] ? { from: range[0].startOf('day').valueOf(), to: range[1].endOf('day').valueOf() + 1 } : {};

/**
 * /web/efficiencySupervise/index: approval time limits watched live — the key counts, the overdue
 * and soon-due tasks (催办, 上报领导, export), the daily trend, the rankings and the statistics by
 * department, person or process. What it shows is the server's scope for the reader.
 */
export default function SupervisePage() {
  const qc = useQueryClient();
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [departmentId, setDepartmentId] = useState<number | undefined>();
  const [processId, setProcessId] = useState<number | undefined>();
  const [kind, setKind] = useState<OpenKind>('overdue');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [rankBy, setRankBy] = useState<'department' | 'person'>('department');
  const [sort, setSort] = useState<Sort>('lateRate');
  const [groupBy, setGroupBy] = useState<GroupBy>('department');
  const [escalating, setEscalating] = useState<SupervisedTaskItem | null>(null);
  const [note, setNote] = useState('');

  const filters = { departmentId, processId };
  const period = periodOf(range);
  const scope = useQuery({ queryKey: ['supervise', 'scope'], queryFn: () => fetchScope().then((r) => r.data) });
  const overview = useQuery({
    queryKey: ['supervise', 'overview', filters, period],
    queryFn: () => fetchOverview({ ...filters, ...period }).then((r) => r.data),
    enabled: scope.isSuccess,
  });
  const taskQuery = { ...filters, kind, keyword: keyword || undefined, page, pageSize: PAGE_SIZE };
  const tasks = useQuery({
    queryKey: ['supervise', 'tasks', taskQuery],
    queryFn: () => fetchTasks(taskQuery).then((r) => r.data),
    placeholderData: keepPreviousData,
    enabled: scope.isSuccess,
  });
  const trend = useQuery({
    queryKey: ['supervise', 'trend', filters, period],
    queryFn: () => fetchTrend({ ...filters, ...period }).then((r) => r.data),
    enabled: scope.isSuccess,
  });
  const ranking = useQuery({
    queryKey: ['supervise', 'rank', rankBy, sort, filters, period],
    queryFn: () => fetchGroups({ by: rankBy, sort, limit: 10, ...filters, ...period }).then((r) => r.data),
    enabled: scope.isSuccess,
  });
  const groups = useQuery({
    queryKey: ['supervise', 'groups', groupBy, filters, period],
    queryFn: () => fetchGroups({ by: groupBy, ...filters, ...period }).then((r) => r.data),
    enabled: scope.isSuccess,
  });

  const refresh = () => void qc.invalidateQueries({ queryKey: ['supervise'] });
  const urging = useMutation({
    mutationFn: (taskId: number) => urgeTask(taskId),
    onSuccess: () => {
      toast.success('已催办，承办人将收到催办消息');
      refresh();
    },
  });
  const escalation = useMutation({
    mutationFn: (b: { taskId: number; note: string }) => escalateTask(b).then((r) => r.data),
    onSuccess: (a) => {
      toast.success(`已上报：${a.leaders.join('、')}`);
      setEscalating(null);
      setNote('');
      refresh();
    },
  });
  const exporting = useMutation({
    mutationFn: () => exportTasks({ ...filters, kind, keyword: keyword || undefined }),
    onSuccess: (r) => saveFile(r.data, `效能督查-${OPEN_KIND_LABELS[kind]}审批.xlsx`),
  });

  const trendOption = useMemo(() => trendLine(trend.data ?? []), [trend.data]);
  const rankOption = useMemo(() => rankingBars(ranking.data ?? [], sort), [ranking.data, sort]);
  const now = Date.now();
  const o = overview.data;

  if (scope.isError) return <Alert type="warning" showIcon title="您无权查看效能督查" />;

  const taskColumns = [
    {
      title: '审批事项',
      key: 'title',
      render: (_: unknown, t: SupervisedTaskItem) => (
        <Space orientation="vertical" size={0}>
          <span>{t.title}</span>
          <span style={{ color: '#595959', fontSize: 12 }}>
            {t.processName} · {t.nodeName} · 申请人 {t.applicantName}
          </span>
        </Space>
      ),
    },
    { title: '承办人', dataIndex: 'assigneeName', width: 100 },
    { title: '部门', dataIndex: 'departmentName', width: 180 },
    {
      title: '到达时间',
      key: 'createdAt',
      width: 120,
      render: (_: unknown, t: SupervisedTaskItem) => shortTime(t.createdAt),
    },
    { title: '办理时限', key: 'dueAt', width: 120, render: (_: unknown, t: SupervisedTaskItem) => shortTime(t.dueAt) },
    {
      title: kind === 'overdue' ? '超期时长' : '剩余时间',
      key: 'due',
      width: 130,
      render: (_: unknown, t: SupervisedTaskItem) => (
        <Tag color={kind === 'overdue' ? 'red' : 'orange'}>{dueText(t.dueAt, now)}</Tag>
      ),
    },
    {
      title: '督办记录',
      key: 'record',
      width: 200,
      render: (_: unknown, t: SupervisedTaskItem) => (
        <Space orientation="vertical" size={0} style={{ fontSize: 12 }}>
          {t.lastUrgedAt !== null && <span>催办 {shortTime(t.lastUrgedAt)}</span>}
          {t.escalatedAt !== null && (
            <Tooltip title={`已上报：${t.escalatedTo}`}>
              <span>上报 {shortTime(t.escalatedAt)}</span>
            </Tooltip>
          )}
          {t.lastUrgedAt === null && t.escalatedAt === null && <span style={{ color: '#8c8c8c' }}>—</span>}
        </Space>
      ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 150,
      render: (_: unknown, t: SupervisedTaskItem) => (
        <Space>
          <Button
            size="small"
            type="primary"
            loading={urging.isPending && urging.variables === t.id}
            onClick={() => urging.mutate(t.id)}
          >
            催办
          </Button>
          {kind === 'overdue' && (
            <Button size="small" onClick={() => setEscalating(t)}>
              上报领导
            </Button>
          )}
        </Space>
      ),
    },
  ];

  const groupColumns = [
    { title: GROUP_BY_LABELS[groupBy], dataIndex: 'name' },
    ...(groupBy === 'person' ? [{ title: '部门', dataIndex: 'departmentName' }] : []),
    { title: '限时任务', dataIndex: 'total', width: 110 },
    { title: '超期', dataIndex: 'late', width: 90 },
    { title: '当前超期未办', dataIndex: 'openOverdue', width: 130 },
    { title: '超期率', key: 'rate', width: 100, render: (_: unknown, g: GroupRow) => percent(g.lateRate) },
    { title: '平均办理时长', key: 'mean', width: 130, render: (_: unknown, g: GroupRow) => hoursText(g.meanHours) },
  ];

  return (
    <Space orientation="vertical" style={{ width: '100%' }} size={16}>
      <Card>
        <Space wrap>
          <DatePicker.RangePicker
            aria-label="统计时间"
            value={range}
            onChange={(v) => {
              setRange(v);
              setPage(1);
            }}
          />
          <Select
            aria-label="部门"
            placeholder={scope.data?.all ? '全部部门' : '我负责的部门'}
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            style={{ width: 220 }}
            value={departmentId}
            onChange={(v?: number) => {
              setDepartmentId(v);
              setPage(1);
            }}
            options={scope.data?.departments.map((d) => ({ value: d.id, label: d.name }))}
          />
          <Select
            aria-label="流程"
            placeholder="全部流程"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            style={{ width: 220 }}
            value={processId}
            onChange={(v?: number) => {
              setProcessId(v);
              setPage(1);
            }}
            options={scope.data?.processes.map((p) => ({ value: p.id, label: p.name }))}
          />
          <span style={{ color: '#595959' }}>
            {scope.data
              ? scope.data.all
                ? '督查范围：全校'
                : `督查范围：${scope.data.departments.map((d) => d.name).join('、')}`
              : ''}
          </span>
        </Space>
      </Card>

      <Row gutter={16}>
        {[
          { title: '已超期', value: o?.overdue, color: '#cf1322' },
          { title: `即将超期（${DUE_SOON_HOURS}小时内）`, value: o?.dueSoon, color: '#d46b08' },
          { title: '期间限时任务', value: o?.total },
          { title: '期间超期率', value: o ? percent(o.lateRate) : undefined },
          { title: '平均办理时长', value: o ? hoursText(o.meanHours) : undefined },
        ].map((s) => (
          <Col key={s.title} flex="1">
            <Card>
              <Statistic
                title={s.title}
                value={s.value ?? '—'}
                loading={overview.isLoading}
                styles={s.color ? { content: { color: s.color } } : undefined}
              />
            </Card>
          </Col>
        ))}
      </Row>

      <Card
        title="超期审批"
        extra={
          <Button loading={exporting.isPending} onClick={() => exporting.mutate()}>
            导出
          </Button>
        }
      >
        <Space style={{ marginBottom: 12 }} wrap>
          <Tabs
            activeKey={kind}
            onChange={(k) => {
              setKind(k as OpenKind);
              setPage(1);
            }}
            items={(['overdue', 'dueSoon'] as OpenKind[]).map((k) => ({
              key: k,
              label: `${OPEN_KIND_LABELS[k]}${o ? `（${k === 'overdue' ? o.overdue : o.dueSoon}）` : ''}`,
            }))}
          />
          <SearchInput
            aria-label="搜索审批事项或承办人"
            placeholder="审批事项或承办人"
            allowClear
            style={{ width: 260 }}
            onSearch={(v) => {
              setKeyword(v.trim());
              setPage(1);
            }}
          />
        </Space>
        <Table<SupervisedTaskItem>
          rowKey="id"
          size="middle"
          loading={tasks.isFetching}
          columns={taskColumns}
          dataSource={tasks.data?.list}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: tasks.data?.total ?? 0,
            showSizeChanger: false,
            showTotal: (n) => `共 ${n} 条`,
            onChange: setPage,
          }}
        />
      </Card>

      <Row gutter={16}>
        <Col span={12}>
          <Card title="每日超期趋势">
            <Suspense fallback={<Skeleton active />}>
              <Chart option={trendOption} label="每日超期审批数" />
            </Suspense>
          </Card>
        </Col>
        <Col span={12}>
          <Card
            title="排行"
            extra={
              <Space>
                <Segmented<'department' | 'person'>
                  value={rankBy}
                  onChange={setRankBy}
                  options={[
                    { value: 'department', label: '部门' },
                    { value: 'person', label: '人员' },
                  ]}
                />
                <Segmented<Sort>
                  value={sort}
                  onChange={setSort}
                  options={[
                    { value: 'lateRate', label: '超期率' },
                    { value: 'meanHours', label: '平均办理时长' },
                  ]}
                />
              </Space>
            }
          >
            <Suspense fallback={<Skeleton active />}>
              <Chart option={rankOption} label="排行" />
            </Suspense>
          </Card>
        </Col>
      </Row>

      <Card
        title="分组统计"
        extra={
          <Segmented<GroupBy>
            value={groupBy}
            onChange={setGroupBy}
            options={(['department', 'person', 'process'] as GroupBy[]).map((b) => ({
              value: b,
              label: `按${GROUP_BY_LABELS[b]}`,
            }))}
          />
        }
      >
        <Table<GroupRow>
          rowKey="key"
          size="small"
          loading={groups.isFetching}
          columns={groupColumns}
          dataSource={groups.data}
          pagination={{ pageSize: 10, showSizeChanger: false }}
        />
      </Card>

      <Modal
        title="上报领导"
        open={!!escalating}
        okText="上报"
        confirmLoading={escalation.isPending}
        onCancel={() => setEscalating(null)}
        onOk={() => escalating && escalation.mutate({ taskId: escalating.id, note: note.trim() })}
      >
        {escalating && (
          <Space orientation="vertical" style={{ width: '100%' }}>
            <span>
              {escalating.title}（{escalating.nodeName}）在 {escalating.assigneeName} 处{dueText(escalating.dueAt, now)}
              ，将通知其所在部门的负责人。
            </span>
            <TextArea
              aria-label="督办意见"
              placeholder="督办意见（选填）"
              maxLength={NOTE_MAX}
              showCount
              rows={3}
              value={note}
              onChange={(e) => setNote(e.target.value)}
            />
          </Space>
        )}
      </Modal>
    </Space>
  );
}
