import { useState } from 'react';
import { App, Button, Card, Popconfirm, Select, Space, Table, Tabs, Tag, Tooltip } from 'antd';
import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { TextInput } from '@/core/ui/text-input';
import { deleteNotice, listNoticesForAdmin, publishNotice, withdrawNotice } from '@/modules/content/api';
import type { NoticeAdminRow, NoticeKind, NoticeStatus } from '@/modules/content/contract';
import { KIND_TEXT, NoticeEditorDrawer } from '../components/notice-editor-drawer';
import s from './content-pages.module.css';

const STATUS: Record<NoticeStatus, { text: string; color: string }> = {
  draft: { text: '草稿', color: 'default' },
  published: { text: '已发布', color: 'success' },
  withdrawn: { text: '已撤回', color: 'warning' },
};

const time = (ms: number | null) => (ms ? dayjs(ms).format('YYYY-MM-DD HH:mm') : '—');

/** /cms/content/notice 通知新闻: notices and news by tab, filtered and paged on the server; edit in a drawer. */
export default function NoticePage() {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [kind, setKind] = useState<NoticeKind>('notice');
  const [status, setStatus] = useState<NoticeStatus | undefined>();
  const [keywordInput, setKeywordInput] = useState('');
  const [keyword, setKeyword] = useState('');
  const [paging, setPaging] = useState({ page: 1, pageSize: 10 });
  const [editing, setEditing] = useState<{ id: number | null } | null>(null);

  const query = { kind, status, keyword: keyword || undefined, ...paging };
  const list = useQuery({
    queryKey: ['content', 'notices', query],
    queryFn: () => listNoticesForAdmin(query).then((r) => r.data),
    placeholderData: keepPreviousData,
  });
  const refresh = () => qc.invalidateQueries({ queryKey: ['content', 'notices'] });

  const act = useMutation({
    mutationFn: ({ action, id }: { action: 'publish' | 'withdraw' | 'delete'; id: number }) =>
      (action === 'publish' ? publishNotice(id) : action === 'withdraw' ? withdrawNotice(id) : deleteNotice(id)).then(
        () => action,
      ),
    onSuccess: async (action) => {
      message.success(action === 'publish' ? '发布成功' : action === 'withdraw' ? '已撤回' : '删除成功');
      await refresh();
    },
  });

  const search = () => {
    setKeyword(keywordInput.trim());
    setPaging((p) => ({ ...p, page: 1 }));
  };

  return (
    <Card className={s.card}>
      <Tabs
        activeKey={kind}
        onChange={(k) => {
          setKind(k as NoticeKind);
          setPaging((p) => ({ ...p, page: 1 }));
        }}
        items={(['notice', 'news'] as const).map((k) => ({ key: k, label: KIND_TEXT[k] }))}
      />
      <div className={s.filters}>
        <Space wrap>
          <Select
            allowClear
            aria-label="状态"
            placeholder="全部状态"
            className={s.statusSelect}
            value={status}
            onChange={(v?: NoticeStatus) => {
              setStatus(v);
              setPaging((p) => ({ ...p, page: 1 }));
            }}
            options={(Object.keys(STATUS) as NoticeStatus[]).map((k) => ({ value: k, label: STATUS[k].text }))}
          />
          <TextInput
            allowClear
            placeholder="按标题搜索"
            className={s.keyword}
            value={keywordInput}
            onChange={(e) => setKeywordInput(e.target.value)}
            onPressEnter={search}
            maxLength={50}
          />
          <Button type="primary" onClick={search}>
            查询
          </Button>
          <Tooltip title="刷新">
            <Button icon={<ReloadOutlined />} aria-label="刷新" onClick={() => void refresh()} />
          </Tooltip>
        </Space>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ id: null })}>
          新建{KIND_TEXT[kind]}
        </Button>
      </div>
      <Table<NoticeAdminRow>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        locale={{ emptyText: `暂无${KIND_TEXT[kind]}` }}
        pagination={{
          current: paging.page,
          pageSize: paging.pageSize,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (t) => `共 ${t} 条`,
        }}
        onChange={(p) => setPaging({ page: p.current ?? 1, pageSize: p.pageSize ?? 10 })}
        columns={[
          {
            title: '标题',
            dataIndex: 'title',
            ellipsis: true,
            render: (v: string, r) => (
              <Button type="link" className={s.titleLink} onClick={() => setEditing({ id: r.id })}>
                {v}
              </Button>
            ),
          },
          {
            title: '状态',
            dataIndex: 'status',
            width: 100,
            render: (v: NoticeStatus) => <Tag color={STATUS[v].color}>{STATUS[v].text}</Tag>,
          },
          { title: '发布范围', dataIndex: 'platformName', width: 160, render: (v: string | null) => v ?? '全部平台' },
          {
            title: '发布时间',
            dataIndex: 'publishedAt',
            width: 160,
            render: (v: number | null, r) => (r.status === 'draft' ? '—' : time(v)),
          },
          { title: '最后修改', dataIndex: 'updatedAt', width: 160, render: time },
          { title: '创建人', dataIndex: 'createdByName', width: 120, render: (v: string | null) => v ?? '—' },
          {
            title: '操作',
            key: 'actions',
            width: 200,
            render: (_, r) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => setEditing({ id: r.id })}>
                  编辑
                </Button>
                {r.status === 'published' ? (
                  <Popconfirm
                    title={`撤回《${r.title}》？`}
                    description="撤回后访客将看不到该内容"
                    okText="撤回"
                    cancelText="取消"
                    onConfirm={() => act.mutateAsync({ action: 'withdraw', id: r.id })}
                  >
                    <Button type="link" size="small">
                      撤回
                    </Button>
                  </Popconfirm>
                ) : (
                  <Popconfirm
                    title={`发布《${r.title}》？`}
                    description="发布后所有访客都能看到该内容"
                    okText="发布"
                    cancelText="取消"
                    onConfirm={() => act.mutateAsync({ action: 'publish', id: r.id })}
                  >
                    <Button type="link" size="small">
                      发布
                    </Button>
                  </Popconfirm>
                )}
                {r.status !== 'published' && (
                  <Popconfirm
                    title={`删除《${r.title}》？`}
                    description="删除后无法恢复"
                    okText="删除"
                    okButtonProps={{ danger: true }}
                    cancelText="取消"
                    onConfirm={() => act.mutateAsync({ action: 'delete', id: r.id })}
                  >
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
      <NoticeEditorDrawer
        open={editing !== null}
        kind={kind}
        id={editing?.id ?? null}
        onClose={() => setEditing(null)}
        onSaved={(close = true) => {
          void refresh();
          if (close) setEditing(null);
        }}
      />
    </Card>
  );
}
