import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Modal, Segmented, Space, Table, Typography } from 'antd';
import { TextArea } from '@/core/ui/text-input';
import { toast } from '@/core/ui/toast';
import { instanceLink, taskLink } from '@/shared/approval-links';
import { decideApplication, listTasks, revokeGrant } from '../../api';
import type { ApplicationItem, ApplyState } from '../../contract';
import { StateTag, time } from '../components/state-tag';

const PAGE_SIZE = 15;

/**
 * taskDataShare (数据共享申请) and taskDataShareSupplement (补充字段申请) in the approval centre:
 * a data administrator sees every application of the kind (others: those waiting for them),
 * 同意 / 驳回 their own pending task (the same workflow task the generic 待办 opens), and may
 * revoke an approved grant.
 */
export default function TaskPage() {
  const supplement = useLocation().pathname.endsWith('taskDataShareSupplement');
  const kind = supplement ? 'supplement' : 'apply';
  const qc = useQueryClient();
  const [page, setPage] = useState(1);
  const [pending, setPending] = useState(true);
  const [acting, setActing] = useState<{ row: ApplicationItem; approve: boolean } | null>(null);
  const [comment, setComment] = useState('');
  const q = { kind, pending, page, pageSize: PAGE_SIZE } as const;
  const rows = useQuery({
    queryKey: ['data-sharing', 'tasks', q],
    queryFn: () => listTasks(q).then((r) => r.data),
    placeholderData: keepPreviousData,
  });
  const refresh = () => void qc.invalidateQueries({ queryKey: ['data-sharing'] });
  const decide = useMutation({
    mutationFn: () => decideApplication({ id: acting!.row.id, approve: acting!.approve, comment: comment.trim() }),
    onSuccess: () => {
      toast.success(acting!.approve ? '已同意，授权立即生效' : '已驳回');
      setActing(null);
      setComment('');
      refresh();
    },
  });
  const revoke = useMutation({
    mutationFn: (grantId: number) => revokeGrant(grantId),
    onSuccess: () => {
      toast.success('已撤销授权');
      refresh();
    },
  });
  return (
    <Card
      title={supplement ? '补充字段审批' : '数据共享审批'}
      extra={
        <Segmented
          value={pending ? 'pending' : 'all'}
          onChange={(v) => {
            setPending(v === 'pending');
            setPage(1);
          }}
          options={[
            { value: 'pending', label: '待审批' },
            { value: 'all', label: '全部' },
          ]}
        />
      }
    >
      <Table<ApplicationItem>
        rowKey="id"
        loading={rows.isFetching}
        dataSource={rows.data?.list}
        locale={{ emptyText: '暂无申请' }}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: rows.data?.total ?? 0, onChange: setPage }}
        expandable={{
          expandedRowRender: (r) => (
            <Space orientation="vertical">
              <Typography.Text>用途：{r.purpose}</Typography.Text>
              {r.grantFields.length > 0 && <Typography.Text>已授权字段：{r.grantFields.join('、')}</Typography.Text>}
              {r.reply && <Typography.Text type="secondary">审批意见：{r.reply}</Typography.Text>}
            </Space>
          ),
        }}
        columns={[
          { title: '申请人', dataIndex: 'applicantName', width: 90 },
          { title: '部门', dataIndex: 'departmentName', width: 140 },
          { title: '应用', dataIndex: 'appName', width: 130 },
          { title: '数据集', dataIndex: 'datasetName', width: 130 },
          {
            title: supplement ? '补充字段' : '申请字段',
            dataIndex: 'fields',
            render: (f: ApplicationItem['fields']) => f.map((x) => x.label).join('、'),
          },
          { title: '期限', key: 'p', width: 190, render: (_: unknown, r) => `${r.periodStart} 至 ${r.periodEnd}` },
          { title: '提交时间', dataIndex: 'createdAt', width: 140, render: (d: number) => time(d) },
          { title: '状态', dataIndex: 'state', width: 90, render: (s: ApplyState) => <StateTag state={s} /> },
          {
            title: '操作',
            key: 'op',
            width: 220,
            render: (_: unknown, r) => (
              <Space size={0} wrap>
                {r.taskId !== null && (
                  <>
                    <Button type="link" size="small" onClick={() => setActing({ row: r, approve: true })}>
                      同意
                    </Button>
                    <Button type="link" size="small" danger onClick={() => setActing({ row: r, approve: false })}>
                      驳回
                    </Button>
                  </>
                )}
                {!supplement && r.state === 'approved' && r.grantId !== null && (
                  <Button type="link" size="small" danger onClick={() => revoke.mutate(r.grantId!)}>
                    撤销授权
                  </Button>
                )}
                {r.instanceId !== null && (
                  <Link to={r.taskId !== null ? taskLink(r.taskId) : instanceLink(r.instanceId)}>审批详情</Link>
                )}
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={acting !== null}
        title={acting?.approve ? '同意申请' : '驳回申请'}
        okText="确定"
        cancelText="取消"
        confirmLoading={decide.isPending}
        okButtonProps={{ disabled: !acting?.approve && !comment.trim() }}
        onOk={() => decide.mutate()}
        onCancel={() => setActing(null)}
        destroyOnHidden
      >
        <Form layout="vertical">
          <Form.Item label="审批意见" required={!acting?.approve}>
            <TextArea
              aria-label="审批意见"
              rows={3}
              maxLength={300}
              value={comment}
              onChange={(e) => setComment(e.target.value)}
            />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
