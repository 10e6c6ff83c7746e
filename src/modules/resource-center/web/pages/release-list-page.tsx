import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Popconfirm, Segmented, Space, Table, Tag } from 'antd';
import { SearchInput } from '@/core/ui/text-input';
import { toast } from '@/core/ui/toast';
import { deleteResource, fetchMine, releaseResource, withdrawResource } from '../../api';
import { KIND_LABELS, STATUS_LABELS, VISIBILITY_LABELS, type ResourceView } from '../../contract';
import { time } from '../../components/labels';
import { LinkCreateModal } from '../components/link-create-modal';

const PAGE_SIZE = 15;
type Status = 'all' | 'draft' | 'released';

/** /web/webResourceCenter/releaseList: my resources, drafts and released; edit, release, withdraw, share, delete. */
export default function ReleaseListPage() {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [status, setStatus] = useState<Status>('all');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [sharing, setSharing] = useState<number | null>(null);
  const q = { page, pageSize: PAGE_SIZE, ...(status !== 'all' ? { status } : {}), ...(keyword ? { keyword } : {}) };
  const mine = useQuery({
    queryKey: ['resource-center', 'mine', q],
    queryFn: () => fetchMine(q).then((r) => r.data),
    placeholderData: keepPreviousData,
  });
  const act = useMutation({
    mutationFn: ({ action, id }: { action: 'release' | 'withdraw' | 'delete'; id: number }) =>
      ({ release: releaseResource, withdraw: withdrawResource, delete: deleteResource })[action](id),
    onSuccess: (r) => {
      toast.success(r.message);
      void qc.invalidateQueries({ queryKey: ['resource-center'] });
    },
  });
  return (
    <Card
      title="我的发布"
      extra={
        <Button type="primary" onClick={() => navigate('/web/webResourceCenter/release')}>
          发布资源
        </Button>
      }
    >
      <Space wrap style={{ marginBottom: 16 }}>
        <Segmented<Status>
          value={status}
          onChange={(v) => {
            setStatus(v);
            setPage(1);
          }}
          options={[
            { value: 'all', label: '全部' },
            { value: 'released', label: '已发布' },
            { value: 'draft', label: '草稿' },
          ]}
        />
        <SearchInput
          aria-label="搜索我的资源"
          placeholder="名称、简介或标签"
          allowClear
          maxLength={60}
          style={{ width: 260 }}
          onSearch={(v: string) => {
            setKeyword(v.trim());
            setPage(1);
          }}
        />
      </Space>
      <Table<ResourceView>
        rowKey="id"
        size="middle"
        loading={mine.isFetching}
        dataSource={mine.data?.list}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: mine.data?.total ?? 0,
          showSizeChanger: false,
          showTotal: (t) => `共 ${t} 项`,
          onChange: setPage,
        }}
        columns={[
          { title: '资源名称', dataIndex: 'title' },
          { title: '类型', dataIndex: 'kind', width: 70, render: (k: ResourceView['kind']) => KIND_LABELS[k] },
          {
            title: '状态',
            dataIndex: 'status',
            width: 80,
            render: (s: string) => <Tag color={s === 'released' ? 'green' : 'default'}>{STATUS_LABELS[s]}</Tag>,
          },
          {
            title: '可见范围',
            dataIndex: 'visibility',
            width: 100,
            render: (v: ResourceView['visibility']) => VISIBILITY_LABELS[v],
          },
          { title: '部门', dataIndex: 'departmentName', width: 160 },
          { title: '访问', dataIndex: 'viewCount', width: 70 },
          { title: '创建时间', dataIndex: 'createdAt', width: 150, render: time },
          {
            title: '操作',
            width: 300,
            render: (_: unknown, r) => (
              <Space size={4} wrap>
                <Button type="link" size="small" onClick={() => navigate(`/web/webResourceCenter/release?id=${r.id}`)}>
                  编辑
                </Button>
                {r.status === 'draft' ? (
                  <Button type="link" size="small" onClick={() => act.mutate({ action: 'release', id: r.id })}>
                    发布
                  </Button>
                ) : (
                  <>
                    <Button type="link" size="small" onClick={() => setSharing(r.id)}>
                      分享链接
                    </Button>
                    <Popconfirm
                      title="撤回后资源大厅不再显示，已有分享链接失效，确定撤回？"
                      onConfirm={() => act.mutate({ action: 'withdraw', id: r.id })}
                    >
                      <Button type="link" size="small">
                        撤回
                      </Button>
                    </Popconfirm>
                    <Link to={`/web/webResourceCenter/record?resourceId=${r.id}`}>访问记录</Link>
                  </>
                )}
                <Popconfirm
                  title="删除后不可恢复，确定删除？"
                  onConfirm={() => act.mutate({ action: 'delete', id: r.id })}
                >
                  <Button type="link" size="small" danger>
                    删除
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <LinkCreateModal
        open={sharing !== null}
        resourceId={sharing ?? undefined}
        onClose={() => {
          setSharing(null);
          void qc.invalidateQueries({ queryKey: ['resource-center', 'links'] });
        }}
      />
    </Card>
  );
}
