import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Avatar, Button, Card, Popconfirm, Select, Space, Table, Tabs, Tag } from 'antd';
import { SearchInput } from '@/core/ui/text-input';
import { toast } from '@/core/ui/toast';
import { deleteApp, fetchAdminApps, fetchPortalOptions } from '../../api';
import { APP_KIND_LABELS, DEVICE_LABELS, type AdminAppView, type AppSaveBody } from '../../contract';
import { AppFormModal } from './app-form-modal';
import { CategoryTab } from './category-tab';

const names = (ids: number[], all: { id: number; name: string }[] | undefined, none: string) =>
  ids.length ? ids.map((id) => all?.find((x) => x.id === id)?.name ?? id).join('、') : none;

/** /cms/plugins/applicationPortal: the app directory — apps, categories, who sees what, the portal's order. */
export default function ApplicationPortalPage() {
  const qc = useQueryClient();
  const [page, setPage] = useState(1);
  const [keyword, setKeyword] = useState('');
  const [categoryId, setCategoryId] = useState<number | undefined>();
  const [draft, setDraft] = useState<AppSaveBody | null>(null);
  const options = useQuery({
    queryKey: ['appPortal', 'options'],
    queryFn: () => fetchPortalOptions().then((r) => r.data),
  });
  const list = useQuery({
    queryKey: ['appPortal', 'list', page, keyword, categoryId],
    queryFn: () =>
      fetchAdminApps({ page, pageSize: 20, keyword: keyword || undefined, categoryId }).then((r) => r.data),
  });
  const refresh = () => void qc.invalidateQueries({ queryKey: ['appPortal'] });
  const remove = useMutation({
    mutationFn: (id: number) => deleteApp(id),
    onSuccess: () => {
      toast.success('应用已删除');
      refresh();
    },
  });
  const o = options.data;
  const fresh = (): AppSaveBody => ({
    categoryId: categoryId ?? o?.categories[0]?.id ?? 0,
    name: '',
    description: '',
    color: '#1677ff',
    kind: 'external',
    url: 'https://',
    sso: false,
    devices: 'all',
    enabled: true,
    navPinned: true,
    sort: 100,
    roleIds: [],
    platformIds: [],
  });
  const edit = (a: AdminAppView): AppSaveBody => ({
    id: a.id,
    categoryId: a.categoryId,
    name: a.name,
    description: a.description,
    color: a.color,
    kind: a.kind,
    url: a.url,
    sso: a.sso,
    devices: a.devices,
    enabled: a.enabled,
    navPinned: a.navPinned,
    sort: a.sort,
    roleIds: a.roleIds,
    platformIds: a.platformIds,
  });
  return (
    <Card title="应用门户">
      <Tabs
        items={[
          {
            key: 'apps',
            label: '应用管理',
            children: (
              <>
                <Space style={{ marginBottom: 12 }} wrap>
                  <Select
                    allowClear
                    aria-label="应用分类"
                    placeholder="全部分类"
                    style={{ width: 180 }}
                    value={categoryId}
                    onChange={(v) => {
                      setCategoryId(v);
                      setPage(1);
                    }}
                    options={o?.categories.map((c) => ({ value: c.id, label: c.name }))}
                  />
                  <SearchInput
                    allowClear
                    aria-label="搜索应用"
                    placeholder="应用名称或拼音"
                    style={{ width: 260 }}
                    onSearch={(v) => {
                      setKeyword(v.trim());
                      setPage(1);
                    }}
                  />
                  <Button type="primary" disabled={!o?.categories.length} onClick={() => setDraft(fresh())}>
                    新增应用
                  </Button>
                </Space>
                <Table<AdminAppView>
                  rowKey="id"
                  loading={list.isFetching}
                  dataSource={list.data?.list}
                  pagination={{
                    current: page,
                    pageSize: 20,
                    total: list.data?.total,
                    onChange: setPage,
                    showSizeChanger: false,
                  }}
                  columns={[
                    {
                      title: '应用',
                      render: (_, a) => (
                        <Space>
                          <Avatar shape="square" style={{ background: a.color }}>
                            {[...a.name][0]}
                          </Avatar>
                          {a.name}
                        </Space>
                      ),
                    },
                    { title: '分类', dataIndex: 'categoryName', width: 120 },
                    {
                      title: '类型',
                      width: 140,
                      render: (_, a) => (
                        <>
                          {APP_KIND_LABELS[a.kind]}
                          {a.sso && <Tag color="green">统一认证</Tag>}
                        </>
                      ),
                    },
                    { title: '地址', dataIndex: 'url', ellipsis: true },
                    { title: '终端', width: 110, render: (_, a) => DEVICE_LABELS[a.devices] },
                    {
                      title: '可见角色',
                      width: 160,
                      ellipsis: true,
                      render: (_, a) => names(a.roleIds, o?.roles, '所有角色'),
                    },
                    {
                      title: '可见平台',
                      width: 160,
                      ellipsis: true,
                      render: (_, a) => names(a.platformIds, o?.platforms, '所有平台'),
                    },
                    { title: '排序', dataIndex: 'sort', width: 70 },
                    {
                      title: '评分',
                      width: 90,
                      render: (_, a) => (a.ratingCount ? `${a.rating}（${a.ratingCount}）` : '—'),
                    },
                    { title: '使用', dataIndex: 'useCount', width: 70 },
                    {
                      title: '状态',
                      width: 80,
                      render: (_, a) => (a.enabled ? <Tag color="success">启用</Tag> : <Tag>停用</Tag>),
                    },
                    {
                      title: '操作',
                      width: 130,
                      render: (_, a) => (
                        <Space>
                          <Button type="link" size="small" onClick={() => setDraft(edit(a))}>
                            编辑
                          </Button>
                          <Popconfirm
                            title="删除后用户的收藏和评分一并删除，确定？"
                            onConfirm={() => remove.mutate(a.id)}
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
              </>
            ),
          },
          {
            key: 'categories',
            label: '分类管理',
            children: <CategoryTab categories={o?.categories ?? []} loading={options.isFetching} />,
          },
        ]}
      />
      <AppFormModal
        draft={draft}
        options={o}
        onClose={() => setDraft(null)}
        onSaved={() => {
          setDraft(null);
          refresh();
        }}
      />
    </Card>
  );
}
