import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Modal, Popconfirm, Space, Table, Tabs, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { SearchInput, TextArea, TextInput } from '@/core/ui/text-input';
import { toast } from '@/core/ui/toast';
import {
  copyDashboard,
  deactivateDashboard,
  deleteDashboard,
  listDashboards,
  saveDashboard,
} from '../../dashboard-api';
import {
  DASHBOARD_LIMITS,
  DASHBOARD_STATUS_LABELS,
  type DashboardItem,
  type DashboardStatus,
} from '../../dashboard-contract';
import { time } from '../../components/format';
import { PublishModal } from '../components/publish-modal';
import { VersionsDrawer } from '../components/versions-drawer';

const designPath = (id: number) => `/cms/plugins/bi/dashboardDesign?id=${id}`;

function CreateModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const [form] = Form.useForm<{ name: string; description: string }>();
  const create = useMutation({
    mutationFn: (v: { name: string; description: string }) =>
      saveDashboard({ name: v.name, description: v.description ?? '', theme: 'light', widgets: [] }),
    onSuccess: (r) => {
      toast.success('已创建，开始设计');
      navigate(designPath(r.data.id));
    },
  });
  return (
    <Modal
      title="新建仪表板"
      open={open}
      onCancel={onClose}
      okText="创建并设计"
      confirmLoading={create.isPending}
      onOk={() => void form.validateFields().then((v) => create.mutate(v))}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="name"
          label="名称"
          rules={[{ required: true, whitespace: true, message: '请填写名称' }, { max: DASHBOARD_LIMITS.name }]}
        >
          <TextInput placeholder="如：一卡通消费概览" />
        </Form.Item>
        <Form.Item name="description" label="说明" rules={[{ max: DASHBOARD_LIMITS.description }]}>
          <TextArea rows={3} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * 插件 → BI → 仪表板管理 (/cms/plugins/bi/dashboard): 草稿 / 已发布 / 已停用 lists; create, design,
 * publish (platforms, roles, public), versions with restore, copy, deactivate, delete a draft.
 */
export default function DashboardManagePage() {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [status, setStatus] = useState<DashboardStatus>('draft');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const [publishing, setPublishing] = useState<DashboardItem | null>(null);
  const [versions, setVersions] = useState<DashboardItem | null>(null);
  const q = useQuery({
    queryKey: ['bi', 'dashboards', status, keyword, page],
    queryFn: () => listDashboards({ status, page, pageSize: 10, ...(keyword ? { keyword } : {}) }).then((r) => r.data),
    placeholderData: keepPreviousData,
  });
  const refresh = () => void qc.invalidateQueries({ queryKey: ['bi', 'dashboards'] });
  const done = (text: string) => () => {
    toast.success(text);
    refresh();
  };
  const copy = useMutation({ mutationFn: copyDashboard, onSuccess: done('已复制为新草稿') });
  const remove = useMutation({ mutationFn: deleteDashboard, onSuccess: done('已删除') });
  const deactivate = useMutation({ mutationFn: deactivateDashboard, onSuccess: done('已停用') });
  return (
    <Card
      title="仪表板管理"
      extra={
        <Space>
          <SearchInput
            allowClear
            placeholder="仪表板名称"
            style={{ width: 240 }}
            onSearch={(v) => {
              setKeyword(v.trim());
              setPage(1);
            }}
          />
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
            新建仪表板
          </Button>
        </Space>
      }
    >
      <Tabs
        activeKey={status}
        onChange={(k) => {
          setStatus(k as DashboardStatus);
          setPage(1);
        }}
        items={(['draft', 'published', 'inactive'] as const).map((k) => ({
          key: k,
          label: DASHBOARD_STATUS_LABELS[k],
        }))}
      />
      <Table<DashboardItem>
        rowKey="id"
        loading={q.isPending}
        dataSource={q.data?.list ?? []}
        pagination={{
          current: page,
          pageSize: 10,
          total: q.data?.total ?? 0,
          onChange: setPage,
          showTotal: (n) => `共 ${n} 个`,
        }}
        columns={[
          {
            title: '仪表板',
            render: (_, d) => (
              <>
                <div>{d.name}</div>
                <Typography.Text type="secondary">{d.description || '—'}</Typography.Text>
              </>
            ),
          },
          { title: '组件', dataIndex: 'widgetCount', width: 70 },
          { title: '主题', width: 70, render: (_, d) => (d.theme === 'dark' ? '深色' : '浅色') },
          {
            title: '发布',
            render: (_, d) =>
              d.version === null ? (
                <Typography.Text type="secondary">未发布</Typography.Text>
              ) : (
                <Space orientation="vertical" size={0}>
                  <span>
                    <Tag color="blue">v{d.version}</Tag>
                    {d.audience.isPublic && <Tag color="green">公开</Tag>}
                    {time(d.publishedAt)}
                  </span>
                  <Typography.Text type="secondary">{d.audienceText}</Typography.Text>
                </Space>
              ),
          },
          { title: '更新时间', width: 150, render: (_, d) => time(d.updatedAt) },
          {
            title: '操作',
            width: 330,
            render: (_, d) => (
              <Space size={0} wrap>
                <Button type="link" size="small" onClick={() => navigate(designPath(d.id))}>
                  设计
                </Button>
                <Button type="link" size="small" onClick={() => setPublishing(d)}>
                  {d.status === 'published' ? '重新发布' : '发布'}
                </Button>
                {d.status === 'published' && (
                  <Button type="link" size="small" href={`/web/bi/detail?id=${d.id}`} target="_blank">
                    查看
                  </Button>
                )}
                {d.version !== null && (
                  <Button type="link" size="small" onClick={() => setVersions(d)}>
                    版本
                  </Button>
                )}
                <Button type="link" size="small" onClick={() => copy.mutate(d.id)}>
                  复制
                </Button>
                {d.status === 'published' && (
                  <Popconfirm title="停用后用户将无法查看，确定停用？" onConfirm={() => deactivate.mutate(d.id)}>
                    <Button type="link" size="small" danger>
                      停用
                    </Button>
                  </Popconfirm>
                )}
                {d.status === 'draft' && d.version === null && (
                  <Popconfirm title="删除这个草稿？" onConfirm={() => remove.mutate(d.id)}>
                    <Button type="link" size="small" danger>
                      删除
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
      <CreateModal open={creating} onClose={() => setCreating(false)} />
      <PublishModal target={publishing} onClose={() => setPublishing(null)} />
      <VersionsDrawer target={versions} onClose={() => setVersions(null)} />
    </Card>
  );
}
