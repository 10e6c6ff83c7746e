import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Modal, Space, Table, Tag } from 'antd';
import { TextInput } from '@/core/ui/text-input';
import { toast } from '@/core/ui/toast';
import { fetchAssigned, fetchFollows, followStudent, type AssignedRow, type FollowRow } from '../../api';
import { LIST_TITLES, STATUS_LABELS, type RuleList, type WarningStatus } from '../../contract';
import { STATUS_COLORS, time } from '../../components/format';
import { WarningDrawer } from '../components/warning-drawer';
import { RequestModal, type RequestKind } from '../components/request-modal';

const PAGE_SIZE = 15;
type Target = { kind: RequestKind; source: 'warning' | 'focus'; refId: number; studentName: string } | null;

function SubPages({ base }: { base: string }) {
  return (
    <Space>
      <Link to={`${base}/report`}>报告</Link>
      <Link to={`${base}/assist`}>协助</Link>
      <Link to={`${base}/unfollow`}>不再关注审批</Link>
    </Space>
  );
}

function actions(
  source: 'warning' | 'focus',
  refId: number,
  studentName: string,
  set: (t: Target) => void,
  open: boolean,
) {
  return (
    <Space size={0} wrap>
      {(['report', 'assist', 'unfollow'] as const).map((k) => (
        <Button
          key={k}
          type="link"
          size="small"
          disabled={!open && k === 'unfollow'}
          onClick={() => set({ kind: k, source, refId, studentName })}
        >
          {k === 'report' ? '报告' : k === 'assist' ? '协助' : '不再关注'}
        </Button>
      ))}
    </Space>
  );
}

/** /web/taskCenter/taskWarning (warnings assigned to me) and /web/taskCenter/taskFocusOn (students I follow). */
export default function TaskListPage() {
  const focus = useLocation().pathname.endsWith('taskFocusOn');
  const qc = useQueryClient();
  const [page, setPage] = useState(1);
  const [target, setTarget] = useState<Target>(null);
  const [detail, setDetail] = useState<number | null>(null);
  const [adding, setAdding] = useState(false);
  const [form, setForm] = useState({ studentNo: '', reason: '' });
  const q = { page, pageSize: PAGE_SIZE };
  const assigned = useQuery({
    queryKey: ['earlyWarning', 'assigned', q],
    queryFn: () => fetchAssigned(q).then((r) => r.data),
    placeholderData: keepPreviousData,
    enabled: !focus,
  });
  const follows = useQuery({
    queryKey: ['earlyWarning', 'follows', q],
    queryFn: () => fetchFollows(q).then((r) => r.data),
    placeholderData: keepPreviousData,
    enabled: focus,
  });
  const add = useMutation({
    mutationFn: () => followStudent({ studentNo: form.studentNo.trim(), reason: form.reason.trim() }),
    onSuccess: () => {
      toast.success('已加入重点关注');
      void qc.invalidateQueries({ queryKey: ['earlyWarning', 'follows'] });
      setAdding(false);
      setForm({ studentNo: '', reason: '' });
    },
  });
  const paging = (total: number | undefined) => ({
    current: page,
    pageSize: PAGE_SIZE,
    total: total ?? 0,
    onChange: setPage,
    showSizeChanger: false,
  });
  return (
    <Card
      title={focus ? '重点关注' : '预警任务'}
      extra={
        <Space>
          <SubPages base={focus ? '/web/taskCenter/taskFocusOn' : '/web/taskCenter/taskWarning'} />
          {focus && (
            <Button type="primary" onClick={() => setAdding(true)}>
              添加关注
            </Button>
          )}
        </Space>
      }
    >
      {focus ? (
        <Table<FollowRow>
          rowKey="id"
          loading={follows.isFetching}
          dataSource={follows.data?.list}
          locale={{ emptyText: '暂无重点关注的学生' }}
          pagination={paging(follows.data?.total)}
          columns={[
            { title: '学号', dataIndex: 'studentNo', width: 130 },
            { title: '姓名', dataIndex: 'studentName', width: 100 },
            { title: '学院', dataIndex: 'collegeName', width: 180 },
            { title: '关注原因', dataIndex: 'reason' },
            { title: '关注时间', dataIndex: 'createdAt', width: 150, render: (d: number) => time(d) },
            {
              title: '状态',
              dataIndex: 'status',
              width: 110,
              render: (s: string) =>
                s === 'ending' ? <Tag color="orange">不再关注审批中</Tag> : <Tag color="blue">关注中</Tag>,
            },
            {
              title: '操作',
              key: 'op',
              width: 220,
              render: (_: unknown, r) => actions('focus', r.id, r.studentName, setTarget, r.status === 'following'),
            },
          ]}
        />
      ) : (
        <Table<AssignedRow>
          rowKey="id"
          loading={assigned.isFetching}
          dataSource={assigned.data?.list}
          locale={{ emptyText: '暂无指派给我的预警' }}
          pagination={paging(assigned.data?.total)}
          columns={[
            { title: '预警', dataIndex: 'list', width: 100, render: (l: RuleList) => LIST_TITLES[l] },
            { title: '学号', dataIndex: 'studentNo', width: 130 },
            { title: '姓名', dataIndex: 'studentName', width: 100 },
            { title: '原因', dataIndex: 'reason' },
            { title: '发现时间', dataIndex: 'detectedAt', width: 150, render: (d: number) => time(d) },
            {
              title: '状态',
              dataIndex: 'status',
              width: 90,
              render: (s: WarningStatus) => <Tag color={STATUS_COLORS[s]}>{STATUS_LABELS[s]}</Tag>,
            },
            {
              title: '操作',
              key: 'op',
              width: 260,
              render: (_: unknown, r) => (
                <Space size={0} wrap>
                  <Button type="link" size="small" onClick={() => setDetail(r.id)}>
                    处理
                  </Button>
                  {actions('warning', r.id, r.studentName, setTarget, r.status === 'open')}
                </Space>
              ),
            },
          ]}
        />
      )}
      <RequestModal target={target} onClose={() => setTarget(null)} />
      <WarningDrawer id={detail} onClose={() => setDetail(null)} />
      <Modal
        open={adding}
        title="添加重点关注"
        okText="保存"
        cancelText="取消"
        confirmLoading={add.isPending}
        okButtonProps={{ disabled: !form.studentNo.trim() || !form.reason.trim() }}
        onOk={() => add.mutate()}
        onCancel={() => setAdding(false)}
        destroyOnHidden
      >
        <Form layout="vertical">
          <Form.Item label="学号" required>
            <TextInput
              aria-label="学号"
              maxLength={20}
              value={form.studentNo}
              onChange={(e) => setForm((f) => ({ ...f, studentNo: e.target.value }))}
            />
          </Form.Item>
          <Form.Item label="关注原因" required>
            <TextInput
              aria-label="关注原因"
              maxLength={200}
              value={form.reason}
              onChange={(e) => setForm((f) => ({ ...f, reason: e.target.value }))}
            />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
