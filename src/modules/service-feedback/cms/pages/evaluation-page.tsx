import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { Dayjs } from 'dayjs';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, DatePicker, Modal, Select, Space, Table, Tag, Typography } from 'antd';
import { SearchInput, TextArea } from '@/core/ui/text-input';
import { saveFile } from '@/core/ui/save-file';
import { toast } from '@/core/ui/toast';
import { exportEvaluations, fetchEvaluations, replyEvaluation } from '../../api';
import {
  LEVEL_LABELS,
  LEVELS,
  RECTIFY_STATUS_LABELS,
  REPLY_MAX,
  SUBJECT_KIND_LABELS,
  type AdminEvaluation,
} from '../../contract';
import { LEVEL_TAG_COLORS, RECTIFY_COLORS, itemDetailsPath, time } from '../../components/labels';
import { periodOf } from '../components/filters';
import { serverPaging } from '../../components/paging';

const PAGE_SIZE = 20;

/** /cms/serviceTool/feedbackEvaluation: every rating — search, filter by level and period, reply, export. */
export default function EvaluationPage() {
  const qc = useQueryClient();
  const [keyword, setKeyword] = useState('');
  const [level, setLevel] = useState<number | 'bad' | undefined>();
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [page, setPage] = useState(1);
  const [replying, setReplying] = useState<AdminEvaluation | null>(null);
  const [reply, setReply] = useState('');
  const filters = {
    ...(keyword ? { keyword } : {}),
    ...(level === 'bad' ? { bad: true } : level ? { level } : {}),
    ...periodOf(range),
  };
  const q = { ...filters, page, pageSize: PAGE_SIZE };
  const list = useQuery({
    queryKey: ['feedback', 'admin', q],
    queryFn: () => fetchEvaluations(q).then((r) => r.data),
    placeholderData: keepPreviousData,
  });
  const save = useMutation({
    mutationFn: () => replyEvaluation({ id: replying!.id, reply }),
    onSuccess: () => {
      toast.success('回复成功');
      setReplying(null);
      setReply('');
      void qc.invalidateQueries({ queryKey: ['feedback', 'admin'] });
    },
  });
  const exporting = useMutation({
    mutationFn: () => exportEvaluations(filters),
    onSuccess: (r) => saveFile(r.data, '好差评评价明细.xlsx'),
  });
  return (
    <Card
      title="评价管理"
      extra={
        <Button loading={exporting.isPending} onClick={() => exporting.mutate()}>
          导出
        </Button>
      }
    >
      <Space wrap style={{ marginBottom: 16 }}>
        <SearchInput
          allowClear
          aria-label="搜索"
          placeholder="事项、评价内容、评价人或学工号"
          style={{ width: 280 }}
          onSearch={(v) => {
            setKeyword(v.trim());
            setPage(1);
          }}
        />
        <Select<number | 'bad'>
          allowClear
          aria-label="评价等级"
          placeholder="全部等级"
          style={{ width: 150 }}
          value={level}
          onChange={(v) => {
            setLevel(v);
            setPage(1);
          }}
          options={[{ value: 'bad', label: '全部差评' }, ...LEVELS.map((k) => ({ value: k, label: LEVEL_LABELS[k] }))]}
        />
        <DatePicker.RangePicker
          aria-label="评价时间"
          value={range}
          onChange={(v) => {
            setRange(v);
            setPage(1);
          }}
        />
      </Space>
      <Table<AdminEvaluation>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        dataSource={list.data?.list}
        locale={{ emptyText: '暂无评价' }}
        pagination={serverPaging(page, PAGE_SIZE, list.data?.total, setPage)}
        columns={[
          { title: '评价时间', dataIndex: 'createdAt', width: 150, render: (d: number) => time(d) },
          {
            title: '事项',
            dataIndex: 'itemName',
            width: 170,
            render: (n: string, r) => (
              <Space orientation="vertical" size={0}>
                <Link to={itemDetailsPath(r.itemId)}>{n}</Link>
                <Typography.Text type="secondary">{r.departmentName}</Typography.Text>
              </Space>
            ),
          },
          {
            title: '评价人',
            dataIndex: 'userName',
            width: 130,
            render: (n: string, r) => (
              <Space orientation="vertical" size={0}>
                <span>
                  {n} {r.anonymous && <Tag>匿名</Tag>}
                </span>
                <Typography.Text type="secondary">{r.userNo}</Typography.Text>
              </Space>
            ),
          },
          {
            title: '等级',
            dataIndex: 'level',
            width: 110,
            render: (l: number) => <Tag color={LEVEL_TAG_COLORS[l]}>{LEVEL_LABELS[l]}</Tag>,
          },
          {
            title: '评价内容',
            dataIndex: 'comment',
            render: (c: string, r) => (
              <Space orientation="vertical" size={2}>
                <Space size={4} wrap>
                  <Tag>{SUBJECT_KIND_LABELS[r.kind]}</Tag>
                  {r.labels.map((l) => (
                    <Tag key={l}>{l}</Tag>
                  ))}
                </Space>
                <span>{c}</span>
                {r.reply && <Typography.Text type="secondary">回复：{r.reply}</Typography.Text>}
              </Space>
            ),
          },
          {
            title: '整改',
            key: 'rect',
            width: 130,
            render: (_: unknown, r) =>
              r.rectification ? (
                <Space size={4}>
                  <Tag color={RECTIFY_COLORS[r.rectification.status]}>
                    {RECTIFY_STATUS_LABELS[r.rectification.status]}
                  </Tag>
                  {r.rectification.overdue && <Tag color="red">逾期</Tag>}
                </Space>
              ) : null,
          },
          {
            title: '操作',
            key: 'op',
            width: 90,
            render: (_: unknown, r) => (
              <Button
                type="link"
                onClick={() => {
                  setReplying(r);
                  setReply(r.reply);
                }}
              >
                {r.reply ? '修改回复' : '回复'}
              </Button>
            ),
          },
        ]}
      />
      <Modal
        open={!!replying}
        title="回复评价"
        okText="回复"
        cancelText="取消"
        okButtonProps={{ disabled: !reply.trim() }}
        confirmLoading={save.isPending}
        onOk={() => save.mutate()}
        onCancel={() => setReplying(null)}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">
          {replying?.itemName}：{replying?.comment || '（未填写内容）'}
        </Typography.Paragraph>
        <TextArea
          aria-label="回复内容"
          rows={4}
          maxLength={REPLY_MAX}
          showCount
          value={reply}
          onChange={(e) => setReply(e.target.value)}
          placeholder="回复将展示在事项评价中，并通知评价人"
        />
      </Modal>
    </Card>
  );
}
