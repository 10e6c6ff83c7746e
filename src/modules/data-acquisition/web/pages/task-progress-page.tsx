import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Descriptions, Result, Select, Space, Table, Tag } from 'antd';
import { saveFile } from '@/core/ui/save-file';
import { exportProgress, getTask, listProgress, remind } from '../../api';
import {
  PART_STATE_LABELS,
  RECORD_STATE_LABELS,
  TASK_STATUS_LABELS,
  type PartState,
  type ProgressItem,
  type RecordState,
} from '../../contract';
import { PART_STATE_COLORS, RECORD_STATE_COLORS, time } from '../../components/labels';
import { paths } from '../paths';
import { SearchInput } from '@/core/ui/text-input';

const PAGE_SIZE = 20;
type StateFilter = PartState | RecordState;
const FILTERS: { value: StateFilter; label: string }[] = [
  { value: 'unfilled', label: '未填写' },
  { value: 'draft', label: '已暂存未提交' },
  { value: 'submitted', label: '本人已提交' },
  { value: 'approving', label: '审批中' },
  { value: 'returned', label: '已退回' },
  { value: 'written', label: '已入库' },
];

/** /web/dataAcquisition/taskProgress?id=: who has filled what; remind those who have not; export the list. */
export default function TaskProgressPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || null;
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { message } = App.useApp();
  const [state, setState] = useState<StateFilter | undefined>();
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<number[]>([]);
  const task = useQuery({
    queryKey: ['acquisition', 'task', id],
    queryFn: () => getTask(id!).then((r) => r.data),
    enabled: !!id,
  });
  const q = { id: id ?? 0, page, pageSize: PAGE_SIZE, state, keyword: keyword || undefined };
  const list = useQuery({
    queryKey: ['acquisition', 'progress', q],
    queryFn: () => listProgress(q).then((r) => r.data),
    placeholderData: keepPreviousData,
    enabled: !!id,
  });
  const sendRemind = useMutation({
    mutationFn: (ids?: number[]) => remind({ id: id!, assignmentIds: ids }),
    onSuccess: (r) => {
      message.success(r.data.people ? `已提醒 ${r.data.people} 人` : '所有人都已提交');
      setSelected([]);
      void qc.invalidateQueries({ queryKey: ['acquisition', 'progress'] });
    },
  });
  const download = useMutation({
    mutationFn: () => exportProgress({ id: id!, state, keyword: keyword || undefined }),
    onSuccess: (r) => saveFile(r.data, `${task.data?.title ?? '采集任务'}-填报进度.xlsx`),
  });
  if (!id)
    return (
      <Result
        status="404"
        title="请从任务管理进入"
        extra={<Button onClick={() => navigate(paths.manage())}>任务管理</Button>}
      />
    );
  const t = task.data;
  const p = t?.progress;
  return (
    <Card
      title={t ? `填报进度：${t.title}` : '填报进度'}
      extra={<Button onClick={() => navigate(paths.manage())}>返回</Button>}
    >
      {t && p && (
        <Descriptions
          size="small"
          column={4}
          style={{ marginBottom: 16 }}
          items={[
            { key: 's', label: '状态', children: TASK_STATUS_LABELS[t.status] },
            { key: 'd', label: '截止时间', children: time(t.deadline) },
            { key: 'f', label: '表单', children: t.formName },
            { key: 't', label: '目标数据表', children: t.tableName ?? '（不入库）' },
            { key: 'r', label: '记录', children: p.records },
            { key: 'u', label: '已提交', children: p.submitted },
            { key: 'w', label: '已入库', children: p.written },
            { key: 'a', label: '审批流程', children: t.processName ?? '无需审批' },
          ]}
        />
      )}
      <Space style={{ marginBottom: 12 }} wrap>
        <Select<StateFilter>
          allowClear
          placeholder="全部状态"
          aria-label="按状态筛选"
          style={{ width: 160 }}
          value={state}
          options={FILTERS}
          onChange={(v) => {
            setState(v);
            setPage(1);
          }}
        />
        <SearchInput
          allowClear
          placeholder="姓名、学工号或记录"
          aria-label="搜索填报人"
          style={{ width: 220 }}
          maxLength={40}
          onSearch={(v) => {
            setKeyword(v.trim());
            setPage(1);
          }}
        />
        <Button
          disabled={t?.status !== 'published'}
          loading={sendRemind.isPending}
          onClick={() => sendRemind.mutate(selected.length ? selected : undefined)}
        >
          {selected.length ? `提醒选中的 ${selected.length} 人` : '提醒所有未提交的人'}
        </Button>
        <Button loading={download.isPending} onClick={() => download.mutate()}>
          导出名单
        </Button>
      </Space>
      <Table<ProgressItem>
        rowKey="assignmentId"
        loading={list.isFetching}
        dataSource={list.data?.list}
        rowSelection={{ selectedRowKeys: selected, onChange: (k) => setSelected(k as number[]) }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: list.data?.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
        }}
        columns={[
          { title: '记录', dataIndex: 'recordLabel' },
          { title: '填报人', dataIndex: 'userName', width: 110 },
          { title: '学工号', dataIndex: 'userNo', width: 130 },
          { title: '部门', dataIndex: 'department' },
          {
            title: '本人填报',
            dataIndex: 'part',
            width: 100,
            render: (s: PartState) => <Tag color={PART_STATE_COLORS[s]}>{PART_STATE_LABELS[s]}</Tag>,
          },
          {
            title: '记录状态',
            dataIndex: 'recordState',
            width: 100,
            render: (s: RecordState) => <Tag color={RECORD_STATE_COLORS[s]}>{RECORD_STATE_LABELS[s]}</Tag>,
          },
          { title: '提交时间', dataIndex: 'submittedAt', width: 150, render: (d: number | null) => time(d) },
          { title: '最近提醒', dataIndex: 'remindedAt', width: 150, render: (d: number | null) => time(d) },
        ]}
      />
    </Card>
  );
}
