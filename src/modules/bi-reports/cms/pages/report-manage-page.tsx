import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Modal, Popconfirm, Radio, Select, Space, Table, Tabs, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { SearchInput } from '@/core/ui/text-input';
import { toast } from '@/core/ui/toast';
import {
  copyReport,
  deactivateReport,
  deleteReport,
  getAudienceChoices,
  getReport,
  listReports,
  publishReport,
} from '../../api';
import { REPORT_STATUS_LABELS, type ReportItem, type ReportTab } from '../../contract';
import { ReportEditor } from './report-editor';

const TABS: { key: ReportTab; label: string }[] = [
  { key: 'draft', label: '草稿' },
  { key: 'published', label: '已发布' },
  { key: 'inactive', label: '已停用' },
  { key: 'template', label: '模板' },
];
const STATUS_COLORS = { draft: 'default', published: 'green', inactive: 'orange' } as const;
const time = (ms: number | null) => (ms === null ? '—' : new Date(ms).toLocaleString('zh-CN', { hour12: false }));

function PublishModal({ report, onClose }: { report: ReportItem | null; onClose: () => void }) {
  const qc = useQueryClient();
  const [form] = Form.useForm<{ platformIds: number[]; roleIds: number[] }>();
  const choices = useQuery({
    queryKey: ['bi-reports', 'audience'],
    queryFn: () => getAudienceChoices().then((r) => r.data),
    enabled: !!report,
  });
  const publish = useMutation({
    mutationFn: async () => {
      const v = await form.validateFields();
      return publishReport({ id: report!.id, ...v });
    },
    onSuccess: () => {
      toast.success('已发布');
      void qc.invalidateQueries({ queryKey: ['bi-reports'] });
      onClose();
    },
  });
  return (
    <Modal
      open={!!report}
      title={`发布报表：${report?.name ?? ''}`}
      onCancel={onClose}
      onOk={() => publish.mutate()}
      okText="发布"
      confirmLoading={publish.isPending}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        发布后，所选平台上拥有所选角色之一的用户可在“数据报表”中查看和导出。
      </Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{
          platformIds: report?.platforms.map((p) => p.id) ?? [],
          roleIds: report?.roles.map((r) => r.id) ?? [],
        }}
      >
        <Form.Item name="platformIds" label="平台" rules={[{ required: true, message: '请选择平台' }]}>
          <Select
            mode="multiple"
            loading={choices.isPending}
            options={(choices.data?.platforms ?? []).map((p) => ({ value: p.id, label: p.name }))}
          />
        </Form.Item>
        <Form.Item name="roleIds" label="角色" rules={[{ required: true, message: '请选择角色' }]}>
          <Select
            mode="multiple"
            showSearch={{ optionFilterProp: 'label' }}
            loading={choices.isPending}
            options={(choices.data?.roles ?? []).map((r) => ({ value: r.id, label: r.name }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function NewReportModal({
  open,
  onClose,
  onBlank,
  onCopied,
}: {
  open: boolean;
  onClose: () => void;
  onBlank: () => void;
  onCopied: (id: number) => void;
}) {
  const [mode, setMode] = useState<'blank' | 'template'>('template');
  const [template, setTemplate] = useState<number>();
  const templates = useQuery({
    queryKey: ['bi-reports', 'list', 'template', 'all'],
    queryFn: () => listReports({ tab: 'template', page: 1, pageSize: 200 }).then((r) => r.data.list),
    enabled: open,
  });
  const copy = useMutation({
    mutationFn: () => copyReport({ id: template!, name: templates.data?.find((t) => t.id === template)?.name }),
    onSuccess: (r) => onCopied(r.data.id),
  });
  return (
    <Modal
      open={open}
      title="新建报表"
      onCancel={onClose}
      okText="下一步"
      okButtonProps={{ disabled: mode === 'template' && !template }}
      confirmLoading={copy.isPending}
      onOk={() => (mode === 'blank' ? onBlank() : copy.mutate())}
      destroyOnHidden
    >
      <Radio.Group
        value={mode}
        onChange={(e) => setMode(e.target.value as 'blank' | 'template')}
        options={[
          { value: 'template', label: '从模板新建' },
          { value: 'blank', label: '空白报表' },
        ]}
        style={{ marginBottom: 16 }}
      />
      {mode === 'template' && (
        <Select
          aria-label="选择模板"
          style={{ width: '100%' }}
          placeholder="选择模板"
          loading={templates.isPending}
          value={template}
          onChange={setTemplate}
          options={(templates.data ?? []).map((t) => ({ value: t.id, label: t.name }))}
        />
      )}
    </Modal>
  );
}

/**
 * 插件 → BI → 报表管理 (/cms/plugins/bi/report): reports by state (草稿 / 已发布 / 已停用) and the
 * templates; create blank or from a template, edit with a live preview, publish to platforms and
 * roles, copy, deactivate, delete a draft.
 */
export default function ReportManagePage() {
  const qc = useQueryClient();
  const [tab, setTab] = useState<ReportTab>('draft');
  const [keyword, setKeyword] = useState('');
  const [paging, setPaging] = useState({ page: 1, pageSize: 20 });
  const [editing, setEditing] = useState<{ report: ReportItem | null } | null>(null);
  const [publishing, setPublishing] = useState<ReportItem | null>(null);
  const [creating, setCreating] = useState(false);
  const list = useQuery({
    queryKey: ['bi-reports', 'list', tab, keyword, paging],
    queryFn: () => listReports({ tab, keyword: keyword || undefined, ...paging }).then((r) => r.data),
    placeholderData: keepPreviousData,
  });
  const done = (msg: string) => () => {
    toast.success(msg);
    void qc.invalidateQueries({ queryKey: ['bi-reports'] });
  };
  const copy = useMutation({ mutationFn: (id: number) => copyReport({ id }), onSuccess: done('已复制到草稿') });
  const remove = useMutation({ mutationFn: deleteReport, onSuccess: done('已删除') });
  const deactivate = useMutation({ mutationFn: deactivateReport, onSuccess: done('已停用') });
  /** A new draft (a copy or from a template) opens in the editor at once. */
  const openCopy = (id: number) =>
    void getReport(id).then((r) => {
      setTab('draft');
      setEditing({ report: r.data });
    });

  return (
    <Card
      title="报表管理"
      extra={
        <Space>
          <SearchInput
            aria-label="搜索报表"
            placeholder="报表名称"
            allowClear
            style={{ width: 220 }}
            onSearch={(v) => (setKeyword(v.trim()), setPaging((p) => ({ ...p, page: 1 })))}
          />
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
            新建报表
          </Button>
        </Space>
      }
    >
      <Tabs
        activeKey={tab}
        onChange={(k) => (setTab(k as ReportTab), setPaging((p) => ({ ...p, page: 1 })))}
        items={TABS.map((t) => ({ key: t.key, label: t.label }))}
      />
      <Table<ReportItem>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        pagination={{
          current: paging.page,
          pageSize: paging.pageSize,
          total: list.data?.total ?? 0,
          showTotal: (t) => `共 ${t} 个`,
          onChange: (page, pageSize) => setPaging({ page, pageSize }),
        }}
        columns={[
          {
            title: '报表名称',
            dataIndex: 'name',
            render: (_, r) => (
              <Space orientation="vertical" size={0}>
                <Typography.Text strong>{r.name}</Typography.Text>
                <Typography.Text type="secondary" ellipsis style={{ maxWidth: 420 }}>
                  {r.description || '—'}
                </Typography.Text>
              </Space>
            ),
          },
          { title: '数据表', dataIndex: 'tableCode', width: 140 },
          {
            title: '结构',
            width: 200,
            render: (_, r) =>
              `${r.design.groups.length} 级分组 · ${r.design.columns.length} 列 · ${r.design.params.length} 个参数`,
          },
          {
            title: '状态与范围',
            width: 300,
            render: (_, r) => (
              <Space wrap size={4}>
                {r.isTemplate ? (
                  <Tag color="purple">模板</Tag>
                ) : (
                  <Tag color={STATUS_COLORS[r.status]}>{REPORT_STATUS_LABELS[r.status]}</Tag>
                )}
                {r.platforms.map((p) => (
                  <Tag key={`p${p.id}`}>{p.name}</Tag>
                ))}
                {r.roles.map((x) => (
                  <Tag key={`r${x.id}`} color="blue">
                    {x.name}
                  </Tag>
                ))}
              </Space>
            ),
          },
          { title: '更新时间', width: 170, render: (_, r) => time(r.updatedAt) },
          {
            title: '操作',
            width: 260,
            render: (_, r) => (
              <Space size={0} wrap>
                {r.status !== 'published' && (
                  <Button type="link" size="small" onClick={() => setEditing({ report: r })}>
                    编辑
                  </Button>
                )}
                {r.isTemplate ? (
                  <Button
                    type="link"
                    size="small"
                    onClick={() => copy.mutate(r.id, { onSuccess: (x) => openCopy(x.data.id) })}
                  >
                    从模板新建
                  </Button>
                ) : r.status === 'published' ? (
                  <Popconfirm title="停用后用户将看不到该报表，确定停用？" onConfirm={() => deactivate.mutate(r.id)}>
                    <Button type="link" size="small" danger>
                      停用
                    </Button>
                  </Popconfirm>
                ) : (
                  <Button type="link" size="small" onClick={() => setPublishing(r)}>
                    发布
                  </Button>
                )}
                {!r.isTemplate && (
                  <Button type="link" size="small" onClick={() => copy.mutate(r.id)}>
                    复制
                  </Button>
                )}
                {r.status === 'draft' && (
                  <Popconfirm title="确定删除？" onConfirm={() => remove.mutate(r.id)}>
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
      <ReportEditor
        open={!!editing}
        report={editing?.report ?? null}
        onClose={() => setEditing(null)}
        onSaved={() => setEditing(null)}
      />
      <PublishModal report={publishing} onClose={() => setPublishing(null)} />
      <NewReportModal
        open={creating}
        onClose={() => setCreating(false)}
        onBlank={() => (setCreating(false), setEditing({ report: null }))}
        onCopied={(id) => (setCreating(false), openCopy(id))}
      />
    </Card>
  );
}
