import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router-dom';
import { App, Button, Card, Popconfirm, Progress, Select, Space, Table } from 'antd';
import dayjs from 'dayjs';
import { SearchInput } from '@/core/ui/text-input';
import { myReleases, withdrawRelease } from '../../api';
import { RELEASE_STATUSES, RELEASE_STATUS_LABELS, type ReleaseItem, type ReleaseStatus } from '../../contract';
import { usePublishPaths } from '../../components/paths';
import { StatusTag } from '../../components/status-tag';
import s from './publish-message.module.css';

const PAGE_SIZE = 20;
const WITHDRAWABLE: ReleaseStatus[] = ['approving', 'scheduled', 'sending', 'sent'];

/** 我的发布 (MyRelease; cms: cmsMyRelease): the caller's releases with their status and read receipts; withdraw. */
export default function MyReleasePage() {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const paths = usePublishPaths();
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<ReleaseStatus | undefined>();
  const [keyword, setKeyword] = useState('');
  const q = useQuery({
    queryKey: ['message-publish', 'mine', page, status, keyword],
    queryFn: () => myReleases({ page, pageSize: PAGE_SIZE, status, keyword: keyword || undefined }).then((r) => r.data),
  });
  return (
    <div className={s.page}>
      <Card
        title="我的发布"
        extra={
          <Space wrap>
            <Select
              allowClear
              placeholder="全部状态"
              style={{ width: 140 }}
              value={status}
              onChange={(v?: ReleaseStatus) => {
                setStatus(v);
                setPage(1);
              }}
              options={RELEASE_STATUSES.map((x) => ({ value: x, label: RELEASE_STATUS_LABELS[x] }))}
              aria-label="状态"
            />
            <SearchInput
              allowClear
              placeholder="搜索标题"
              style={{ width: 220 }}
              onSearch={(v) => {
                setKeyword(v.trim());
                setPage(1);
              }}
            />
            <Button type="primary" onClick={() => navigate(paths.publish)}>
              发布消息
            </Button>
          </Space>
        }
      >
        <Table<ReleaseItem>
          rowKey="id"
          loading={q.isLoading}
          dataSource={q.data?.list ?? []}
          pagination={{ current: page, pageSize: PAGE_SIZE, total: q.data?.total ?? 0, onChange: setPage }}
          columns={[
            { title: '标题', dataIndex: 'title', render: (t: string, r) => <Link to={paths.detail(r.id)}>{t}</Link> },
            { title: '接收范围', dataIndex: 'audienceText', width: 260 },
            { title: '状态', dataIndex: 'status', width: 110, render: (x: ReleaseStatus) => <StatusTag status={x} /> },
            {
              title: '发布时间',
              dataIndex: 'publishAt',
              width: 150,
              render: (t: number, r) => dayjs(r.sentAt ?? t).format('YYYY-MM-DD HH:mm'),
            },
            {
              title: '已读 / 接收',
              key: 'read',
              width: 220,
              render: (_, r) =>
                r.recipients ? (
                  <Space>
                    <Progress
                      percent={Math.round((r.read / r.recipients) * 100)}
                      size="small"
                      style={{ width: 100 }}
                      aria-label="已读比例"
                    />
                    <span>
                      {r.read} / {r.recipients}
                    </span>
                  </Space>
                ) : (
                  '—'
                ),
            },
            {
              title: '操作',
              key: 'actions',
              width: 150,
              render: (_, r) => (
                <Space>
                  <Link to={paths.detail(r.id)}>详情</Link>
                  {WITHDRAWABLE.includes(r.status) && (
                    <Popconfirm
                      title="撤回后接收人将看不到这条消息，确定撤回？"
                      onConfirm={async () => {
                        await withdrawRelease(r.id);
                        message.success('已撤回');
                        await qc.invalidateQueries({ queryKey: ['message-publish'] });
                      }}
                    >
                      <Button type="link" size="small" danger>
                        撤回
                      </Button>
                    </Popconfirm>
                  )}
                </Space>
              ),
            },
          ]}
        />
      </Card>
    </div>
  );
}
