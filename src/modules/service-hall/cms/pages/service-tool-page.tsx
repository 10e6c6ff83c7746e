import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, InputNumber, Popconfirm, Select, Space, Table, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { adminListItems, copyItem, fetchRuleOptions, orderItems, publishItem, withdrawItem } from '../../api';
import {
  STATUS_LABELS,
  THEMES,
  itemPath,
  type AdminItemQuery,
  type AdminItemRow,
  type ItemStatus,
  type Theme,
} from '../../contract';
import { ModeTags } from '../../components/labels';
import { ItemEditorDrawer } from '../components/item-editor-drawer';
import { SearchInput } from '@/core/ui/text-input';

const STATUS_COLORS: Record<ItemStatus, string> = { draft: 'default', published: 'success', withdrawn: 'warning' };

/**
 * /cms/serviceTool/index 服务事项: every item with filters; create, edit, publish, withdraw, copy,
 * order (sort numbers saved in one go), and a link to each item's permission settings.
 */
export default function ServiceToolPage() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [q, setQ] = useState<AdminItemQuery>({ page: 1, pageSize: 20 });
  const [editing, setEditing] = useState<{ id: number | null } | null>(null);
  const [sorts, setSorts] = useState<Map<number, number>>(new Map());
  const list = useQuery({
    queryKey: ['service-hall', 'admin-list', q],
    queryFn: () => adminListItems(q).then((r) => r.data),
  });
  const options = useQuery({
    queryKey: ['service-hall', 'rule-options'],
    queryFn: () => fetchRuleOptions().then((r) => r.data),
  });
  const refresh = () => void client.invalidateQueries({ queryKey: ['service-hall'] });
  const act = async (fn: () => Promise<unknown>, ok: string) => {
    try {
      await fn();
      message.success(ok);
      refresh();
    } catch {
      // toasted by the request layer
    }
  };

  return (
    <Card
      title="服务事项"
      extra={
        <Space>
          {sorts.size > 0 && (
            <Button
              onClick={() =>
                void act(async () => {
                  await orderItems({ items: [...sorts].map(([id, sort]) => ({ id, sort })) });
                  setSorts(new Map());
                }, '排序已保存')
              }
            >
              保存排序（{sorts.size}）
            </Button>
          )}
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ id: null })}>
            新建事项
          </Button>
        </Space>
      }
    >
      <Space wrap style={{ marginBottom: 16 }}>
        <SearchInput
          aria-label="事项名称"
          placeholder="事项名称"
          allowClear
          style={{ width: 220 }}
          onSearch={(v) => setQ({ ...q, page: 1, keyword: v.trim() || undefined })}
        />
        <Select<ItemStatus>
          aria-label="状态"
          allowClear
          placeholder="状态"
          style={{ width: 120 }}
          onChange={(status) => setQ({ ...q, page: 1, status })}
          options={(Object.keys(STATUS_LABELS) as ItemStatus[]).map((s) => ({ value: s, label: STATUS_LABELS[s] }))}
        />
        <Select<number>
          aria-label="受理部门"
          allowClear
          showSearch
          optionFilterProp="label"
          placeholder="受理部门"
          style={{ width: 200 }}
          onChange={(departmentId) => setQ({ ...q, page: 1, departmentId })}
          options={options.data?.departments.map((d) => ({ value: d.id, label: d.name }))}
        />
        <Select<Theme>
          aria-label="主题"
          allowClear
          placeholder="主题"
          style={{ width: 140 }}
          onChange={(theme) => setQ({ ...q, page: 1, theme })}
          options={THEMES.map((t) => ({ value: t, label: t }))}
        />
      </Space>
      <Table<AdminItemRow>
        rowKey="id"
        size="middle"
        loading={list.isPending}
        dataSource={list.data?.list ?? []}
        pagination={{
          current: q.page,
          pageSize: q.pageSize,
          total: list.data?.total ?? 0,
          showTotal: (t) => `共 ${t} 项`,
          onChange: (page, pageSize) => setQ({ ...q, page, pageSize }),
        }}
        columns={[
          {
            title: '排序',
            dataIndex: 'sort',
            width: 100,
            render: (v: number, r) => (
              <InputNumber
                aria-label={`${r.name} 排序`}
                size="small"
                min={0}
                max={1_000_000}
                value={sorts.get(r.id) ?? v}
                onChange={(n) => setSorts(new Map(sorts).set(r.id, Number(n ?? 0)))}
                style={{ width: 80 }}
              />
            ),
          },
          {
            title: '事项名称',
            dataIndex: 'name',
            render: (v: string, r) => <a onClick={() => setEditing({ id: r.id })}>{v}</a>,
          },
          { title: '受理部门', dataIndex: 'departmentName', width: 160 },
          { title: '主题', dataIndex: 'theme', width: 100 },
          {
            title: '办理方式',
            dataIndex: 'modes',
            width: 220,
            render: (m: AdminItemRow['modes']) => <ModeTags modes={m} />,
          },
          {
            title: '绑定',
            width: 100,
            render: (_: unknown, r) => (r.formId ? <Tag color="blue">{r.processId ? '表单+流程' : '表单'}</Tag> : '—'),
          },
          {
            title: '状态',
            dataIndex: 'status',
            width: 90,
            render: (s: ItemStatus) => <Tag color={STATUS_COLORS[s]}>{STATUS_LABELS[s]}</Tag>,
          },
          { title: '办理人次', dataIndex: 'useCount', width: 90 },
          {
            title: '更新时间',
            dataIndex: 'updatedAt',
            width: 150,
            render: (v: number) => dayjs(v).format('YYYY-MM-DD HH:mm'),
          },
          {
            title: '操作',
            width: 280,
            render: (_: unknown, r) => (
              <Space size={4} wrap>
                <Button size="small" type="link" onClick={() => setEditing({ id: r.id })}>
                  编辑
                </Button>
                {r.status === 'published' ? (
                  <Popconfirm
                    title="撤回后用户将无法查看和办理该事项，确定撤回？"
                    onConfirm={() => act(() => withdrawItem(r.id), '已撤回')}
                  >
                    <Button size="small" type="link" danger>
                      撤回
                    </Button>
                  </Popconfirm>
                ) : (
                  <Button size="small" type="link" onClick={() => void act(() => publishItem(r.id), '发布成功')}>
                    发布
                  </Button>
                )}
                <Button size="small" type="link" onClick={() => void act(() => copyItem(r.id), '已复制为草稿')}>
                  复制
                </Button>
                <Button size="small" type="link" onClick={() => navigate(`/cms/serviceTool/itemPermission?id=${r.id}`)}>
                  权限
                </Button>
                <Button size="small" type="link" onClick={() => window.open(itemPath(r.id), '_blank')}>
                  预览
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <ItemEditorDrawer
        itemId={editing?.id ?? null}
        open={editing !== null}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          refresh();
        }}
      />
    </Card>
  );
}
