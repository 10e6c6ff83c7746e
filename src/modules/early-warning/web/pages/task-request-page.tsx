import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Modal, Space, Table, Tag, Typography } from 'antd';
import { TextArea } from '@/core/ui/text-input';
import { toast } from '@/core/ui/toast';
import { useSession } from '@/core/session/store';
import { instanceLink, taskLink } from '@/shared/approval-links';
import { decideUnfollow, fetchRequests, replyRequest, type RequestRow } from '../../api';
import { REQUEST_STATUS, time } from '../../components/format';
import { KIND_TITLES, type RequestKind } from '../components/request-modal';

const PAGE_SIZE = 15;
const KINDS: Record<string, RequestKind> = { report: 'report', assist: 'assist', unfollow: 'unfollow' };

/**
 * /web/taskCenter/{taskWarning,taskFocusOn}/{report,assist,unfollow}: the reports written, the assist
 * requests sent or received (answered by the department asked), and the 不再关注 approvals (decided by
 * the college leader they went to).
 */
export default function TaskRequestPage() {
  const parts = useLocation().pathname.split('/');
  const kind = KINDS[parts.pop() ?? ''] ?? 'report';
  const base = parts.join('/');
  const source = base.endsWith('taskFocusOn') ? 'focus' : 'warning';
  const userId = useSession((s) => s.userInfo?.id ?? null);
  const qc = useQueryClient();
  const [page, setPage] = useState(1);
  const [acting, setActing] = useState<{ row: RequestRow; approve?: boolean } | null>(null);
  const [text, setText] = useState('');
  const q = { kind, source, page, pageSize: PAGE_SIZE };
  const rows = useQuery({
    queryKey: ['earlyWarning', 'requests', q],
    queryFn: () => fetchRequests(q).then((r) => r.data),
    placeholderData: keepPreviousData,
  });
  const act = useMutation({
    mutationFn: () =>
      kind === 'unfollow'
        ? decideUnfollow({ id: acting!.row.id, approve: !!acting!.approve, comment: text.trim() })
        : replyRequest({ id: acting!.row.id, reply: text.trim() }),
    onSuccess: () => {
      toast.success('已处理');
      void qc.invalidateQueries({ queryKey: ['earlyWarning'] });
      setActing(null);
      setText('');
    },
  });
  const title = `${source === 'focus' ? '重点关注' : '预警任务'} · ${kind === 'unfollow' ? '不再关注审批' : KIND_TITLES[kind]}`;
  return (
    <Card title={title} extra={<Link to={base}>返回{source === 'focus' ? '重点关注' : '预警任务'}</Link>}>
      <Table<RequestRow>
        rowKey="id"
        loading={rows.isFetching}
        dataSource={rows.data?.list}
        locale={{ emptyText: '暂无记录' }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: rows.data?.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
        }}
        expandable={{
          expandedRowRender: (r) =>
            r.reply ? (
              <Typography.Text>
                {r.replierName}：{r.reply}（{time(r.decidedAt)}）
              </Typography.Text>
            ) : (
              <Typography.Text type="secondary">尚未处理</Typography.Text>
            ),
        }}
        columns={[
          { title: '学生', dataIndex: 'studentName', width: 140, render: (n: string, r) => `${n}（${r.studentNo}）` },
          { title: '内容', dataIndex: 'content' },
          { title: '提交人', dataIndex: 'authorName', width: 100 },
          ...(kind === 'assist' ? [{ title: '协助部门', dataIndex: 'departmentName', width: 160 }] : []),
          { title: '提交时间', dataIndex: 'createdAt', width: 150, render: (d: number) => time(d) },
          { title: '状态', dataIndex: 'status', width: 90, render: (s: string) => <Tag>{REQUEST_STATUS[s] ?? s}</Tag> },
          {
            title: '操作',
            key: 'op',
            width: 210,
            render: (_: unknown, r) => {
              if (kind === 'unfollow')
                return (
                  <Space size={0}>
                    {r.status === 'pending' && r.taskId !== null && (
                      <>
                        <Button type="link" size="small" onClick={() => setActing({ row: r, approve: true })}>
                          同意
                        </Button>
                        <Button type="link" size="small" danger onClick={() => setActing({ row: r, approve: false })}>
                          不同意
                        </Button>
                      </>
                    )}
                    {r.instanceId !== null && (
                      <Link to={r.taskId !== null ? taskLink(r.taskId) : instanceLink(r.instanceId)}>审批详情</Link>
                    )}
                  </Space>
                );
              return r.status === 'submitted' && r.authorId !== userId ? (
                <Button type="link" size="small" onClick={() => setActing({ row: r })}>
                  回复
                </Button>
              ) : null;
            },
          },
        ]}
      />
      <Modal
        open={acting !== null}
        title={kind === 'unfollow' ? (acting?.approve ? '同意不再关注' : '不同意不再关注') : '回复'}
        okText="确定"
        cancelText="取消"
        okButtonProps={{ disabled: kind !== 'unfollow' && !text.trim() }}
        confirmLoading={act.isPending}
        onOk={() => act.mutate()}
        onCancel={() => setActing(null)}
        destroyOnHidden
      >
        <Form layout="vertical">
          <Form.Item label={kind === 'unfollow' ? '审批意见' : '回复内容'} required={kind !== 'unfollow'}>
            <TextArea
              aria-label="意见"
              rows={4}
              maxLength={kind === 'unfollow' ? 300 : 500}
              value={text}
              onChange={(e) => setText(e.target.value)}
            />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
