import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { instanceLink } from '@/shared/approval-links';
import {
  App,
  Button,
  Card,
  Descriptions,
  Empty,
  Popconfirm,
  Progress,
  Select,
  Skeleton,
  Space,
  Statistic,
  Table,
} from 'antd';
import dayjs from 'dayjs';
import { releaseDetail, unreadRecipients, withdrawRelease } from '../../api';
import type { ReleaseDetail, UnreadRecipient } from '../../contract';
import { MessageBody } from '../../components/message-body';
import { usePublishPaths } from '../../components/paths';
import { StatusTag } from '../../components/status-tag';
import s from './publish-message.module.css';

const PAGE_SIZE = 10;
type DeptRow = ReleaseDetail['byDepartment'][number];
const pct = (read: number, total: number) => (total ? Math.round((read / total) * 100) : 0);

/** 发布详情 (detail): the message, its read receipts per department and the unread recipients. */
export default function ReleaseDetailPage() {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const paths = usePublishPaths();
  const [params] = useSearchParams();
  const inCms = useLocation().pathname.startsWith('/cms/');
  const id = Number(params.get('id')) || 0;
  const [page, setPage] = useState(1);
  const [dept, setDept] = useState<number | undefined>();
  const d = useQuery({
    queryKey: ['message-publish', 'detail', id],
    queryFn: () => releaseDetail(id).then((r) => r.data),
    enabled: id > 0,
  });
  const unread = useQuery({
    queryKey: ['message-publish', 'unread', id, page, dept],
    queryFn: () => unreadRecipients({ id, page, pageSize: PAGE_SIZE, departmentId: dept }).then((r) => r.data),
    enabled: id > 0 && !!d.data,
  });
  if (!id) return <Empty description="未指定消息" />;
  if (d.isLoading) return <Skeleton active />;
  if (!d.data) return <Empty description="消息不存在" />;
  const r = d.data;
  const canWithdraw = ['approving', 'scheduled', 'sending', 'sent'].includes(r.status);
  return (
    <div className={s.page}>
      <Card
        title={r.title}
        extra={
          <Space>
            <Link to={paths.mine}>返回我的发布</Link>
            {canWithdraw && (
              <Popconfirm
                title="撤回后接收人将看不到这条消息，确定撤回？"
                onConfirm={async () => {
                  await withdrawRelease(r.id);
                  message.success('已撤回');
                  await qc.invalidateQueries({ queryKey: ['message-publish'] });
                }}
              >
                <Button danger>撤回</Button>
              </Popconfirm>
            )}
          </Space>
        }
      >
        <Descriptions column={3} size="small">
          <Descriptions.Item label="状态">
            <StatusTag status={r.status} />
          </Descriptions.Item>
          <Descriptions.Item label="接收范围">{r.audienceText}</Descriptions.Item>
          <Descriptions.Item label={r.sentAt ? '发送时间' : '计划发布'}>
            {dayjs(r.sentAt ?? r.publishAt).format('YYYY-MM-DD HH:mm')}
          </Descriptions.Item>
          {r.withdrawnAt && (
            <Descriptions.Item label="撤回时间">{dayjs(r.withdrawnAt).format('YYYY-MM-DD HH:mm')}</Descriptions.Item>
          )}
          {r.instanceId && (
            <Descriptions.Item label="全校发布审批">
              {/* The approval page is the front end's: an administrator follows it in 流程监控 instead. */}
              {inCms ? '见后台流程监控' : <Link to={instanceLink(r.instanceId)}>查看审批进度</Link>}
            </Descriptions.Item>
          )}
        </Descriptions>
      </Card>
      <Card title="阅读统计">
        <Space size={48} wrap>
          <Statistic title="接收人数" value={r.recipients} />
          <Statistic title="已读" value={r.read} />
          <Statistic title="未读" value={r.recipients - r.read} />
          <Progress type="circle" percent={pct(r.read, r.recipients)} size={88} aria-label="已读比例" />
        </Space>
        <Table<DeptRow>
          style={{ marginTop: 16 }}
          size="small"
          rowKey={(x) => String(x.departmentId)}
          pagination={false}
          dataSource={r.byDepartment}
          locale={{ emptyText: r.status === 'sent' || r.status === 'sending' ? '暂无数据' : '消息尚未发送' }}
          columns={[
            { title: '部门', dataIndex: 'departmentName' },
            { title: '接收', dataIndex: 'total', width: 100 },
            { title: '已读', dataIndex: 'read', width: 100 },
            { title: '未读', key: 'unread', width: 100, render: (_, x) => x.total - x.read },
            {
              title: '已读比例',
              key: 'pct',
              width: 240,
              render: (_, x) => <Progress percent={pct(x.read, x.total)} size="small" aria-label="已读比例" />,
            },
          ]}
        />
      </Card>
      <Card
        title="未读人员"
        extra={
          <Select
            allowClear
            placeholder="全部部门"
            style={{ width: 220 }}
            value={dept}
            onChange={(v?: number) => {
              setDept(v);
              setPage(1);
            }}
            options={r.byDepartment
              .filter((x) => x.departmentId !== null)
              .map((x) => ({ value: x.departmentId!, label: x.departmentName }))}
            aria-label="按部门筛选"
          />
        }
      >
        <Table<UnreadRecipient>
          size="small"
          rowKey="userId"
          loading={unread.isLoading}
          dataSource={unread.data?.list ?? []}
          pagination={{ current: page, pageSize: PAGE_SIZE, total: unread.data?.total ?? 0, onChange: setPage }}
          columns={[
            { title: '姓名', dataIndex: 'realName' },
            { title: '学号/工号', dataIndex: 'userNo' },
            { title: '部门', dataIndex: 'departmentName' },
          ]}
        />
      </Card>
      <Card title="消息内容">
        <MessageBody content={r.content} attachments={r.attachments} />
      </Card>
    </div>
  );
}
