import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Popconfirm, Table, Tabs, Tag, Typography } from 'antd';
import { toast } from '@/core/ui/toast';
import { fetchLinks, revokeLink } from '../../api';
import { sharePath, type LinkRow } from '../../contract';
import { LINK_STATUS_LABELS, time } from '../../components/labels';
import { LinkCreateModal } from '../components/link-create-modal';

const PAGE_SIZE = 15;
type Scope = 'active' | 'history';

function LinkTable({ scope }: { scope: Scope }) {
  const qc = useQueryClient();
  const [page, setPage] = useState(1);
  const q = { scope, page, pageSize: PAGE_SIZE };
  const links = useQuery({
    queryKey: ['resource-center', 'links', q],
    queryFn: () => fetchLinks(q).then((r) => r.data),
    placeholderData: keepPreviousData,
  });
  const revoke = useMutation({
    mutationFn: revokeLink,
    onSuccess: (r) => {
      toast.success(r.message);
      void qc.invalidateQueries({ queryKey: ['resource-center', 'links'] });
    },
  });
  return (
    <Table<LinkRow>
      rowKey="id"
      size="middle"
      loading={links.isFetching}
      dataSource={links.data?.list}
      pagination={{
        current: page,
        pageSize: PAGE_SIZE,
        total: links.data?.total ?? 0,
        showSizeChanger: false,
        showTotal: (t) => `共 ${t} 条`,
        onChange: setPage,
      }}
      columns={[
        { title: '资源', dataIndex: 'resourceTitle' },
        {
          title: '链接',
          dataIndex: 'token',
          width: 300,
          render: (t: string, r) =>
            r.status === 'active' ? (
              <Typography.Text
                copyable={{ text: `${window.location.origin}${sharePath(t)}` }}
                ellipsis
                style={{ width: 260 }}
              >
                {sharePath(t)}
              </Typography.Text>
            ) : (
              <Typography.Text type="secondary">{sharePath(t)}</Typography.Text>
            ),
        },
        { title: '密码', dataIndex: 'hasPassword', width: 70, render: (p: boolean) => (p ? '有' : '无') },
        {
          title: '访问次数',
          width: 100,
          render: (_: unknown, r) => (r.maxVisits ? `${r.visits} / ${r.maxVisits}` : `${r.visits} / 不限`),
        },
        { title: '有效期至', dataIndex: 'expiresAt', width: 150, render: time },
        {
          title: '状态',
          dataIndex: 'status',
          width: 100,
          render: (s: string) => <Tag color={LINK_STATUS_LABELS[s]!.color}>{LINK_STATUS_LABELS[s]!.text}</Tag>,
        },
        { title: '生成时间', dataIndex: 'createdAt', width: 150, render: time },
        ...(scope === 'active'
          ? [
              {
                title: '操作',
                width: 80,
                render: (_: unknown, r: LinkRow) => (
                  <Popconfirm title="撤销后该链接立即失效，确定撤销？" onConfirm={() => revoke.mutate(r.id)}>
                    <Button type="link" size="small" danger>
                      撤销
                    </Button>
                  </Popconfirm>
                ),
              },
            ]
          : [{ title: '撤销时间', dataIndex: 'revokedAt', width: 150, render: time }]),
      ]}
    />
  );
}

/** /web/webResourceCenter/linkGeneration: my shareable links (有效链接) and their history (expired, used up, revoked). */
export default function LinkGenerationPage() {
  const [creating, setCreating] = useState(false);
  const qc = useQueryClient();
  return (
    <Card
      title="链接生成"
      extra={
        <Button type="primary" onClick={() => setCreating(true)}>
          生成链接
        </Button>
      }
    >
      <Tabs
        items={[
          { key: 'active', label: '有效链接', children: <LinkTable scope="active" /> },
          { key: 'history', label: '历史记录', children: <LinkTable scope="history" /> },
        ]}
      />
      <LinkCreateModal
        open={creating}
        onClose={() => {
          setCreating(false);
          void qc.invalidateQueries({ queryKey: ['resource-center', 'links'] });
        }}
      />
    </Card>
  );
}
