import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Modal, Radio, Select, Space, Switch, Table, Tag, Typography } from 'antd';
import { SearchInput, TextArea } from '@/core/ui/text-input';
import { toast } from '@/core/ui/toast';
import { fetchRectifications, replyRectification, visitRectification } from '../../api';
import {
  LEVEL_LABELS,
  RECTIFY_STATUSES,
  RECTIFY_STATUS_LABELS,
  REPLY_MAX,
  type RectifyRow,
  type RectifyStatus,
} from '../../contract';
import { RECTIFY_COLORS, time } from '../../components/labels';
import { serverPaging } from '../../components/paging';

const PAGE_SIZE = 10;

type Action = { kind: 'reply' | 'visit'; row: RectifyRow } | null;

function ActionModal({ action, onClose }: { action: Action; onClose: () => void }) {
  const qc = useQueryClient();
  const [text, setText] = useState('');
  const [satisfied, setSatisfied] = useState(true);
  const close = () => {
    setText('');
    setSatisfied(true);
    onClose();
  };
  const save = useMutation({
    mutationFn: () =>
      action!.kind === 'reply'
        ? replyRectification({ id: action!.row.id, reply: text })
        : visitRectification({ id: action!.row.id, result: text, satisfied }),
    onSuccess: (r) => {
      toast.success(r.message);
      void qc.invalidateQueries({ queryKey: ['feedback', 'rectify'] });
      close();
    },
  });
  const reply = action?.kind === 'reply';
  return (
    <Modal
      open={!!action}
      title={reply ? '答复评价人' : '登记回访并办结'}
      okText={reply ? '发送答复' : '办结'}
      cancelText="取消"
      okButtonProps={{ disabled: !text.trim() }}
      confirmLoading={save.isPending}
      onOk={() => save.mutate()}
      onCancel={close}
      destroyOnHidden
    >
      {action && (
        <Typography.Paragraph type="secondary">
          「{action.row.itemName}」{LEVEL_LABELS[action.row.level]}：{action.row.comment || '（未填写内容）'}
        </Typography.Paragraph>
      )}
      <Form layout="vertical">
        <Form.Item label={reply ? '整改答复' : '回访情况'} required>
          <TextArea
            aria-label={reply ? '整改答复' : '回访情况'}
            rows={5}
            maxLength={REPLY_MAX}
            showCount
            value={text}
            placeholder={reply ? '说明核实情况与整改措施，答复将展示给评价人' : '如：电话回访，申请人表示问题已解决'}
            onChange={(e) => setText(e.target.value)}
          />
        </Form.Item>
        {!reply && (
          <Form.Item label="评价人是否满意">
            <Radio.Group value={satisfied} onChange={(e) => setSatisfied(e.target.value as boolean)}>
              <Radio value>满意</Radio>
              <Radio value={false}>不满意</Radio>
            </Radio.Group>
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}

/** /web/feedback/rectification: the department's 差评整改 — answer, return visit, close; overdue ones flagged. */
export default function RectificationPage() {
  const [status, setStatus] = useState<RectifyStatus | undefined>();
  const [overdue, setOverdue] = useState(false);
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [action, setAction] = useState<Action>(null);
  const q = {
    page,
    pageSize: PAGE_SIZE,
    status,
    ...(overdue ? { overdue: true } : {}),
    ...(keyword ? { keyword } : {}),
  };
  const list = useQuery({
    queryKey: ['feedback', 'rectify', q],
    queryFn: () => fetchRectifications(q).then((r) => r.data),
    placeholderData: keepPreviousData,
  });
  return (
    <Card
      title="差评整改"
      extra={
        <Space wrap>
          <SearchInput
            allowClear
            aria-label="搜索事项或评价内容"
            placeholder="事项或评价内容"
            style={{ width: 220 }}
            onSearch={(v) => {
              setKeyword(v.trim());
              setPage(1);
            }}
          />
          <Select<RectifyStatus>
            allowClear
            aria-label="按状态筛选"
            placeholder="全部状态"
            style={{ width: 150 }}
            value={status}
            onChange={(v) => {
              setStatus(v);
              setPage(1);
            }}
            options={RECTIFY_STATUSES.map((s) => ({ value: s, label: RECTIFY_STATUS_LABELS[s] }))}
          />
          <Space>
            <Switch
              aria-label="只看逾期"
              checked={overdue}
              onChange={(v) => {
                setOverdue(v);
                setPage(1);
              }}
            />
            只看逾期
          </Space>
        </Space>
      }
    >
      <Table<RectifyRow>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.list}
        locale={{ emptyText: '本部门暂无差评整改' }}
        pagination={serverPaging(page, PAGE_SIZE, list.data?.total, setPage)}
        expandable={{
          expandedRowRender: (r) => (
            <Space orientation="vertical">
              {r.reply && (
                <Typography.Text>
                  答复：{r.reply}（{r.repliedByName}，{time(r.repliedAt)}）
                </Typography.Text>
              )}
              {r.visitedAt !== null && (
                <Typography.Text>
                  回访：{r.visitResult}（{r.visitSatisfied ? '满意' : '不满意'}，{time(r.visitedAt)}）
                </Typography.Text>
              )}
              {!r.reply && <Typography.Text type="secondary">尚未答复</Typography.Text>}
            </Space>
          ),
        }}
        columns={[
          { title: '事项', dataIndex: 'itemName', width: 160 },
          {
            title: '评价',
            dataIndex: 'comment',
            render: (c: string, r) => (
              <Space orientation="vertical" size={2}>
                <Space size={4} wrap>
                  <Tag color="red">{LEVEL_LABELS[r.level]}</Tag>
                  {r.labels.map((l) => (
                    <Tag key={l}>{l}</Tag>
                  ))}
                </Space>
                <span>{c || '（未填写内容）'}</span>
              </Space>
            ),
          },
          {
            title: '评价人',
            dataIndex: 'applicantName',
            width: 130,
            render: (n: string, r) => (
              <Space orientation="vertical" size={0}>
                {n}
                {r.applicantPhone && <Typography.Text type="secondary">{r.applicantPhone}</Typography.Text>}
              </Space>
            ),
          },
          { title: '评价时间', dataIndex: 'ratedAt', width: 150, render: (d: number) => time(d) },
          {
            title: '答复期限',
            dataIndex: 'deadline',
            width: 170,
            render: (d: number, r) => (
              <Space size={4}>
                {time(d)}
                {r.overdue && <Tag color="red">逾期</Tag>}
              </Space>
            ),
          },
          {
            title: '状态',
            dataIndex: 'status',
            width: 120,
            render: (s: RectifyStatus) => <Tag color={RECTIFY_COLORS[s]}>{RECTIFY_STATUS_LABELS[s]}</Tag>,
          },
          {
            title: '操作',
            key: 'op',
            width: 110,
            render: (_: unknown, r) =>
              r.status === 'open' ? (
                <Button type="link" onClick={() => setAction({ kind: 'reply', row: r })}>
                  答复
                </Button>
              ) : r.status === 'replied' ? (
                <Button type="link" onClick={() => setAction({ kind: 'visit', row: r })}>
                  登记回访
                </Button>
              ) : null,
          },
        ]}
      />
      <ActionModal action={action} onClose={() => setAction(null)} />
    </Card>
  );
}
