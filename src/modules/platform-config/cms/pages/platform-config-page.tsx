import { useState } from 'react';
import { App, Button, Card, Popconfirm, Space, Switch, Table, Tag, Tooltip, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { deletePlatform, listPlatforms, setPlatformStatus } from '@/modules/platform-config/api';
import type { PlatformSummary } from '@/modules/platform-config/contract';
import { PlatformDetailDrawer, type DetailTab } from '../components/platform-detail-drawer';
import { PlatformFormDrawer } from '../components/platform-form-drawer';

/** /cms/systemSetting/platformConfig: the platforms, their members, roles and menus. */
export default function PlatformConfigPage() {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const q = useQuery({
    queryKey: ['platform-config', 'platforms'],
    queryFn: () => listPlatforms().then((r) => r.data),
  });
  const [editing, setEditing] = useState<PlatformSummary | null | undefined>(undefined);
  const [detail, setDetail] = useState<{ id: number; tab: DetailTab } | null>(null);
  const detailPlatform = detail ? (q.data?.find((p) => p.id === detail.id) ?? null) : null;

  const refresh = () => qc.invalidateQueries({ queryKey: ['platform-config', 'platforms'] });
  const status = useMutation({
    mutationFn: (v: { id: number; status: 'active' | 'disabled' }) => setPlatformStatus(v),
    onSuccess: async (_r, v) => {
      message.success(v.status === 'active' ? '平台已启用' : '平台已停用，用户将立即看不到它');
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => deletePlatform(id),
    onSuccess: async () => {
      message.success('平台已删除');
      await refresh();
    },
  });

  return (
    <Card
      title="平台配置"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
          新建平台
        </Button>
      }
    >
      <Table<PlatformSummary>
        rowKey="id"
        loading={q.isPending}
        dataSource={q.data ?? []}
        pagination={false}
        columns={[
          { title: '排序', dataIndex: 'sort', width: 70 },
          {
            title: '平台',
            key: 'name',
            render: (_, p) => (
              <Space>
                {p.icon ? <img src={p.icon} alt="" width={32} height={32} style={{ objectFit: 'contain' }} /> : null}
                <Typography.Text strong>{p.name}</Typography.Text>
                {p.kind === 'one-form' && <Tag color="purple">一表通</Tag>}
              </Space>
            ),
          },
          {
            title: '首页地址',
            dataIndex: 'indexUrl',
            render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
          },
          {
            title: '直属成员',
            dataIndex: 'userCount',
            width: 100,
            render: (n: number, p) => <a onClick={() => setDetail({ id: p.id, tab: 'members' })}>{n} 人</a>,
          },
          {
            title: '角色',
            dataIndex: 'roleCount',
            width: 90,
            render: (n: number, p) => <a onClick={() => setDetail({ id: p.id, tab: 'roles' })}>{n} 个</a>,
          },
          {
            title: '状态',
            dataIndex: 'status',
            width: 110,
            render: (s: string, p) => {
              const sw = (
                <Switch
                  checked={s === 'active'}
                  checkedChildren="启用"
                  unCheckedChildren="停用"
                  loading={status.isPending && status.variables?.id === p.id}
                />
              );
              return s === 'active' ? (
                <Popconfirm
                  title="停用平台"
                  description={`停用后用户将立即看不到“${p.name}”，确定停用吗？`}
                  okText="停用"
                  cancelText="取消"
                  okButtonProps={{ danger: true }}
                  onConfirm={() => status.mutateAsync({ id: p.id, status: 'disabled' })}
                >
                  {sw}
                </Popconfirm>
              ) : (
                <span onClick={() => status.mutate({ id: p.id, status: 'active' })}>{sw}</span>
              );
            },
          },
          {
            title: '操作',
            key: 'op',
            width: 280,
            render: (_, p) => (
              <Space size={4} wrap>
                <Button type="link" size="small" onClick={() => setEditing(p)}>
                  编辑
                </Button>
                <Button type="link" size="small" onClick={() => setDetail({ id: p.id, tab: 'members' })}>
                  成员
                </Button>
                <Button type="link" size="small" onClick={() => setDetail({ id: p.id, tab: 'roles' })}>
                  角色
                </Button>
                <Button type="link" size="small" onClick={() => setDetail({ id: p.id, tab: 'menu' })}>
                  菜单
                </Button>
                {p.status === 'disabled' ? (
                  <Popconfirm
                    title="删除平台"
                    description={`确定删除“${p.name}”吗？它的菜单与权限将一并删除。`}
                    okText="删除"
                    cancelText="取消"
                    okButtonProps={{ danger: true }}
                    onConfirm={() => remove.mutateAsync(p.id)}
                  >
                    <Button type="link" size="small" danger>
                      删除
                    </Button>
                  </Popconfirm>
                ) : (
                  <Tooltip title="请先停用平台再删除">
                    <Button type="link" size="small" danger disabled>
                      删除
                    </Button>
                  </Tooltip>
                )}
              </Space>
            ),
          },
        ]}
      />
      <PlatformFormDrawer
        open={editing !== undefined}
        platform={editing ?? null}
        onClose={() => setEditing(undefined)}
      />
      <PlatformDetailDrawer
        platform={detailPlatform}
        tab={detail?.tab ?? 'members'}
        onTab={(tab) => setDetail((d) => (d ? { ...d, tab } : d))}
        onClose={() => setDetail(null)}
      />
    </Card>
  );
}
