import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Drawer, Form, Modal, Popconfirm, Space, Switch, Table, Tag, Typography } from 'antd';
import { TextArea, TextInput } from '@/core/ui/text-input';
import { toast } from '@/core/ui/toast';
import { accessLog, createApp, disableApp, enableApp, listApps, rotateSecret } from '../../api';
import { OPEN_API_PREFIX, type AccessLogItem, type AppItem, type AppSecret } from '../../contract';
import { time } from '../components/state-tag';

const PAGE_SIZE = 15;

function SecretModal({ secret, onClose }: { secret: AppSecret | null; onClose: () => void }) {
  return (
    <Modal open={secret !== null} title="应用密钥（仅显示这一次）" footer={null} onCancel={onClose} destroyOnHidden>
      {secret && (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Alert type="warning" showIcon title="请立即复制保存 App Secret：关闭后不能再次查看，遗失只能重置。" />
          <Typography.Text>
            App Key：
            <Typography.Text code copyable>
              {secret.appKey}
            </Typography.Text>
          </Typography.Text>
          <Typography.Text>
            App Secret：
            <Typography.Text code copyable data-testid="app-secret">
              {secret.secret}
            </Typography.Text>
          </Typography.Text>
          <Typography.Paragraph type="secondary">
            调用 GET {OPEN_API_PREFIX}/{'{数据集编码}'}?page=1&pageSize=100，请求头
            X-App-Key、X-Timestamp（毫秒）、X-Nonce、 X-Signature = HMAC-SHA256(secret,
            方法\n路径\n时间戳\nNonce\n按键排序的查询串) 的十六进制。
          </Typography.Paragraph>
        </Space>
      )}
    </Modal>
  );
}

function LogDrawer({ app, onClose }: { app: AppItem | null; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const q = { appId: app?.id ?? 0, page, pageSize: 20 };
  const rows = useQuery({
    queryKey: ['data-sharing', 'log', q],
    queryFn: () => accessLog(q).then((r) => r.data),
    enabled: app !== null,
    placeholderData: keepPreviousData,
  });
  return (
    <Drawer open={app !== null} size={760} title={`访问日志：${app?.name ?? ''}`} onClose={onClose} destroyOnHidden>
      <Table<AccessLogItem>
        rowKey="id"
        size="small"
        loading={rows.isFetching}
        dataSource={rows.data?.list}
        locale={{ emptyText: '暂无调用' }}
        pagination={{ current: page, pageSize: 20, total: rows.data?.total ?? 0, onChange: setPage }}
        columns={[
          { title: '时间', dataIndex: 'at', width: 140, render: (d: number) => time(d) },
          { title: '数据集', dataIndex: 'datasetCode' },
          {
            title: '结果',
            dataIndex: 'httpStatus',
            width: 150,
            render: (s: number, r) =>
              s === 200 ? <Tag color="success">成功</Tag> : <Tag color="error">{`拒绝 ${s} ${r.errorCode}`}</Tag>,
          },
          { title: '行数', dataIndex: 'rows', width: 70 },
          { title: 'IP', dataIndex: 'ip', width: 130 },
        ]}
      />
    </Drawer>
  );
}

/** 应用管理 (dataSharing app management): my consumer apps, key and secret (shown once), rotate, disable, access log. */
export default function AppsPage() {
  const qc = useQueryClient();
  const [page, setPage] = useState(1);
  const [all, setAll] = useState(false);
  const [creating, setCreating] = useState(false);
  const [form, setForm] = useState({ name: '', contact: '', description: '' });
  const [secret, setSecret] = useState<AppSecret | null>(null);
  const [logOf, setLogOf] = useState<AppItem | null>(null);
  const q = { page, pageSize: PAGE_SIZE, all };
  const rows = useQuery({
    queryKey: ['data-sharing', 'apps', q],
    queryFn: () => listApps(q).then((r) => r.data),
    placeholderData: keepPreviousData,
  });
  const refresh = () => void qc.invalidateQueries({ queryKey: ['data-sharing', 'apps'] });
  const create = useMutation({
    mutationFn: () =>
      createApp({ name: form.name.trim(), contact: form.contact.trim(), description: form.description }),
    onSuccess: (r) => {
      setCreating(false);
      setForm({ name: '', contact: '', description: '' });
      setSecret(r.data);
      refresh();
    },
  });
  const rotate = useMutation({
    mutationFn: (id: number) => rotateSecret(id),
    onSuccess: (r) => {
      setSecret(r.data);
      refresh();
    },
  });
  const toggle = useMutation({
    mutationFn: (a: AppItem) => (a.status === 'active' ? disableApp(a.id) : enableApp(a.id)),
    onSuccess: (_r, a) => {
      toast.success(a.status === 'active' ? '已停用，应用的调用立即被拒绝' : '已启用');
      refresh();
    },
  });
  return (
    <Card
      title="应用管理"
      extra={
        <Space>
          <Space size={4}>
            <Switch
              size="small"
              checked={all}
              aria-label="全部应用"
              onChange={(v) => {
                setAll(v);
                setPage(1);
              }}
            />
            <span>全部应用（数据管理员）</span>
          </Space>
          <Button type="primary" onClick={() => setCreating(true)}>
            新建应用
          </Button>
        </Space>
      }
    >
      <Table<AppItem>
        rowKey="id"
        loading={rows.isFetching}
        dataSource={rows.data?.list}
        locale={{ emptyText: '还没有应用，新建一个以申请数据' }}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: rows.data?.total ?? 0, onChange: setPage }}
        columns={[
          { title: '应用名称', dataIndex: 'name', width: 150 },
          { title: '部门', dataIndex: 'departmentName', width: 150 },
          { title: '联系人', dataIndex: 'contact', width: 170 },
          { title: 'App Key', dataIndex: 'appKey', render: (k: string) => <Typography.Text code>{k}</Typography.Text> },
          { title: '有效授权', dataIndex: 'grants', width: 90 },
          {
            title: '状态',
            dataIndex: 'status',
            width: 80,
            render: (s: string) => (s === 'active' ? <Tag color="success">启用</Tag> : <Tag>停用</Tag>),
          },
          {
            title: '操作',
            key: 'op',
            width: 230,
            render: (_: unknown, r) => (
              <Space size={0} wrap>
                <Button type="link" size="small" onClick={() => setLogOf(r)}>
                  访问日志
                </Button>
                {r.mine && (
                  <Popconfirm
                    title="重置后旧密钥立即失效，确定重置？"
                    okText="重置"
                    cancelText="取消"
                    onConfirm={() => rotate.mutate(r.id)}
                  >
                    <Button type="link" size="small">
                      重置密钥
                    </Button>
                  </Popconfirm>
                )}
                <Button type="link" size="small" danger={r.status === 'active'} onClick={() => toggle.mutate(r)}>
                  {r.status === 'active' ? '停用' : '启用'}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={creating}
        title="新建应用"
        okText="创建"
        cancelText="取消"
        confirmLoading={create.isPending}
        okButtonProps={{ disabled: !form.name.trim() || !form.contact.trim() }}
        onOk={() => create.mutate()}
        onCancel={() => setCreating(false)}
        destroyOnHidden
      >
        <Form layout="vertical">
          <Form.Item label="应用名称" required>
            <TextInput
              aria-label="应用名称"
              maxLength={60}
              value={form.name}
              onChange={(e) => setForm((f) => ({ ...f, name: e.target.value }))}
            />
          </Form.Item>
          <Form.Item label="联系人" required>
            <TextInput
              aria-label="联系人"
              maxLength={60}
              value={form.contact}
              onChange={(e) => setForm((f) => ({ ...f, contact: e.target.value }))}
            />
          </Form.Item>
          <Form.Item label="说明">
            <TextArea
              aria-label="说明"
              rows={3}
              maxLength={500}
              value={form.description}
              onChange={(e) => setForm((f) => ({ ...f, description: e.target.value }))}
            />
          </Form.Item>
          <Typography.Text type="secondary">应用归属您所在的部门；创建后显示一次 App Secret。</Typography.Text>
        </Form>
      </Modal>
      <SecretModal secret={secret} onClose={() => setSecret(null)} />
      <LogDrawer app={logOf} onClose={() => setLogOf(null)} />
    </Card>
  );
}
