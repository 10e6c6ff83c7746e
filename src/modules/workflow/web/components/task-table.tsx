import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Checkbox,
  DatePicker,
  Modal,
  Select,
  Space,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { batchApprove, listTasks, startableProcesses } from '@/modules/workflow/api';
import {
  INSTANCE_STATUS_LABELS,
  type BatchApproveAnswer,
  type TaskListItem,
  type TaskListQuery,
  type TaskListType,
} from '@/modules/workflow/contract';
import { rowLink } from '../paths';
import { INSTANCE_STATUS_COLORS, TASK_STATUS_LABELS, formatTime } from '@/modules/workflow/components/labels';
import s from './approval.module.css';
import { SearchInput, TextArea } from '@/core/ui/text-input';

interface Filters {
  keyword?: string;
  formId?: number;
  range?: [Dayjs | null, Dayjs | null] | null;
  applicant?: string;
  overdue?: boolean;
}

export interface TaskTableProps {
  type: TaskListType;
  /** reservationServices: only forms of this category. */
  category?: string;
}

/** One approval-centre list: search and filters sent to the server, server paging, batch approve on 待办. */
export function TaskTable({ type, category }: TaskTableProps) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { message } = App.useApp();
  const [filters, setFilters] = useState<Filters>({});
  const [keywordInput, setKeywordInput] = useState('');
  const [applicantInput, setApplicantInput] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const [selected, setSelected] = useState<number[]>([]);
  const [batchOpen, setBatchOpen] = useState(false);
  const [batchComment, setBatchComment] = useState('');
  const [failed, setFailed] = useState<(BatchApproveAnswer['failed'][number] & { title: string })[]>([]);

  const [from, to] = filters.range ?? [];
  const query: TaskListQuery = {
    type,
    page,
    pageSize,
    keyword: filters.keyword || undefined,
    formId: filters.formId,
    from: from ? from.startOf('day').valueOf() : undefined,
    to: to ? to.endOf('day').valueOf() : undefined,
    applicant: filters.applicant || undefined,
    overdue: type === 'dsp' && filters.overdue ? 1 : undefined,
    category,
  };
  const list = useQuery({
    queryKey: ['workflow', 'tasks', query],
    queryFn: () => listTasks(query).then((r) => r.data),
    placeholderData: keepPreviousData,
  });
  // The forms a user meets in the centre are the forms of processes they may start; enough for a filter.
  const forms = useQuery({
    queryKey: ['workflow', 'startable', 'forms', category],
    queryFn: () => startableProcesses({ page: 1, pageSize: 100, category }).then((r) => r.data.list),
    staleTime: 60_000,
  });
  const formOptions = Array.from(
    new Map((forms.data ?? []).map((p) => [p.formId, { value: p.formId, label: p.formName }])).values(),
  );

  // Batch approval is offered where there is something to approve from the list: an approver's
  // 待办 holding a node that allows it (a student, who approves nothing, never sees the button).
  const batchable = type === 'dsp' && (list.data?.list ?? []).some((r) => r.batchApprove && r.taskId);

  const change = (patch: Partial<Filters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(1);
    setSelected([]);
  };

  const batch = useMutation({
    mutationFn: () => batchApprove(selected, batchComment.trim() || undefined).then((r) => r.data),
    onSuccess: (answer) => {
      setBatchOpen(false);
      setBatchComment('');
      setSelected([]);
      if (answer.approved.length) message.success(`已同意 ${answer.approved.length} 条`);
      const titleOf = (id: number) => list.data?.list.find((r) => r.taskId === id)?.title ?? `任务 ${id}`;
      setFailed(answer.failed.map((f) => ({ ...f, title: titleOf(f.taskId) })));
    },
    onSettled: () => qc.invalidateQueries({ queryKey: ['workflow'] }),
  });

  const columns: TableColumnsType<TaskListItem> = [
    {
      title: '标题',
      dataIndex: 'title',
      ellipsis: true,
      render: (v: string, r) => (
        <Space size={4}>
          <Typography.Link>{v}</Typography.Link>
          {r.kind === 'edit' && <Tag color="purple">修改申请</Tag>}
        </Space>
      ),
    },
    { title: '申请人', dataIndex: 'applicantName', width: 110 },
    {
      title: type === 'wfq' ? '当前环节' : '审批环节',
      dataIndex: 'nodeName',
      width: 140,
      render: (v: string) => v || '—',
    },
    {
      title: '状态',
      key: 'status',
      width: 150,
      render: (_, r) => (
        <Space size={4} wrap>
          <Tag color={INSTANCE_STATUS_COLORS[r.instanceStatus]}>{INSTANCE_STATUS_LABELS[r.instanceStatus]}</Tag>
          {type === 'ysp' && r.taskStatus && <Tag>{TASK_STATUS_LABELS[r.taskStatus]}</Tag>}
          {r.overdue && <Tag color="red">已超时</Tag>}
        </Space>
      ),
    },
    {
      title: type === 'wfq' ? '发起时间' : type === 'cswd' ? '抄送时间' : '到达时间',
      dataIndex: 'createdAt',
      width: 160,
      render: formatTime,
    },
    type === 'ysp'
      ? { title: '处理时间', dataIndex: 'handledAt', width: 160, render: formatTime }
      : { title: '截止时间', dataIndex: 'dueAt', width: 160, render: (v: number | null) => (v ? formatTime(v) : '—') },
  ];

  return (
    <div className={s.taskTable}>
      <div className={s.filters}>
        <SearchInput
          allowClear
          placeholder="搜索标题"
          style={{ width: 220 }}
          value={keywordInput}
          onChange={(e) => setKeywordInput(e.target.value)}
          onSearch={(v) => change({ keyword: v.trim() })}
          aria-label="搜索标题"
        />
        <Select
          allowClear
          placeholder="全部表单"
          style={{ width: 180 }}
          options={formOptions}
          value={filters.formId}
          onChange={(v: number | undefined) => change({ formId: v })}
          aria-label="表单"
          loading={forms.isPending}
        />
        <DatePicker.RangePicker
          value={filters.range ?? null}
          onChange={(v) => change({ range: v as Filters['range'] })}
          aria-label="日期范围"
        />
        <SearchInput
          allowClear
          placeholder="申请人姓名"
          style={{ width: 160 }}
          value={applicantInput}
          onChange={(e) => setApplicantInput(e.target.value)}
          onSearch={(v) => change({ applicant: v.trim() })}
          aria-label="申请人"
        />
        {type === 'dsp' && (
          <Checkbox checked={!!filters.overdue} onChange={(e) => change({ overdue: e.target.checked })}>
            仅看超时
          </Checkbox>
        )}
        {batchable && (
          <Button type="primary" disabled={!selected.length} onClick={() => setBatchOpen(true)}>
            批量同意{selected.length ? `（${selected.length}）` : ''}
          </Button>
        )}
      </div>
      <Table<TaskListItem>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching}
        locale={{ emptyText: list.isError ? '加载失败，请稍后重试' : '暂无数据' }}
        onRow={(r) => ({ onClick: () => navigate(rowLink(type, r)), className: s.clickRow })}
        rowSelection={
          batchable
            ? {
                selectedRowKeys: selected,
                onChange: (keys) => setSelected(keys as number[]),
                // Only nodes whose process allows it may be approved from the list.
                getCheckboxProps: (r) => ({
                  disabled: !r.batchApprove || !r.taskId,
                  title: r.batchApprove ? undefined : '该环节不支持批量审批',
                }),
              }
            : undefined
        }
        pagination={{
          current: page,
          pageSize,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (t) => `共 ${t} 条`,
          onChange: (p, ps) => {
            setPage(p);
            setPageSize(ps);
            setSelected([]);
          },
        }}
      />
      <Modal
        title={`批量同意 ${selected.length} 条待办`}
        open={batchOpen}
        okText="同意"
        cancelText="取消"
        confirmLoading={batch.isPending}
        onOk={() => batch.mutate()}
        onCancel={() => setBatchOpen(false)}
      >
        <TextArea
          rows={3}
          maxLength={1000}
          placeholder="审批意见（选填）"
          value={batchComment}
          onChange={(e) => setBatchComment(e.target.value)}
        />
      </Modal>
      <Modal title="以下待办未能同意" open={failed.length > 0} footer={null} onCancel={() => setFailed([])}>
        <ul className={s.failedList}>
          {failed.map((f) => (
            <li key={f.taskId}>
              {f.title}：{f.message}
            </li>
          ))}
        </ul>
      </Modal>
    </div>
  );
}
