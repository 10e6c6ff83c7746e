import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Popconfirm, Space, Table, Tabs, Tag } from 'antd';
import dayjs from 'dayjs';
import { stripEmoji } from '@/shared/emoji';
import { deleteDraft, listDrafts, listFillableForms, listMySubmissions } from '@/modules/forms/api';
import type { DraftInfo, FillableForm, MySubmission } from '@/modules/forms/contract';
import { FormFillView } from '../components/form-fill/form-fill-view';
import s from './fill-pages.module.css';
import { SearchInput } from '@/core/ui/text-input';

const PAGE_SIZE = 10;
const TABS = ['fillable', 'drafts', 'mine'] as const;
type Tab = (typeof TABS)[number];
const time = (ms: number) => dayjs(ms).format('YYYY-MM-DD HH:mm');

/** 未开始 (with its opening time) or 已截止: such a form is listed but cannot be opened for filling. */
function WindowTag({ form }: { form: FillableForm }) {
  if (form.state === 'notOpen')
    return <Tag color="blue">{form.opensAt !== null ? `未开始 · ${time(form.opensAt)} 开始` : '未开始'}</Tag>;
  if (form.state === 'closed') return <Tag>已截止</Tag>;
  return null;
}

function FillableTab() {
  const [text, setText] = useState('');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const q = { page, pageSize: PAGE_SIZE, keyword: keyword || undefined };
  const list = useQuery({
    queryKey: ['forms', 'fillable', q],
    queryFn: () => listFillableForms(q).then((r) => r.data),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <div className={s.toolbar}>
        <SearchInput
          className={s.search}
          allowClear
          placeholder="搜索表单名称"
          aria-label="搜索表单"
          value={text}
          maxLength={60}
          onChange={(e) => setText(stripEmoji(e.target.value))}
          onSearch={(v) => {
            setKeyword(v.trim());
            setPage(1);
          }}
        />
      </div>
      <Table<FillableForm>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.list}
        locale={{ emptyText: keyword ? `没有找到与「${keyword}」相关的表单` : '暂无可填写的表单' }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: list.data?.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
        }}
        columns={[
          {
            title: '表单名称',
            dataIndex: 'name',
            render: (name: string, r) =>
              r.state === 'open' ? (
                <Link to={`/web/taskCenter/taskFormWrite?formId=${r.id}`}>{name}</Link>
              ) : (
                <Space size={8} wrap>
                  <span>{name}</span>
                  <WindowTag form={r} />
                </Space>
              ),
          },
          { title: '分类', dataIndex: 'category', width: 140, render: (c: string) => (c ? <Tag>{c}</Tag> : '—') },
          { title: '说明', dataIndex: 'description', ellipsis: true },
          { title: '版本', dataIndex: 'version', width: 80, render: (v: number) => `第 ${v} 版` },
          {
            title: '操作',
            key: 'op',
            width: 100,
            render: (_, r) =>
              r.state === 'open' ? (
                <Link to={`/web/taskCenter/taskFormWrite?formId=${r.id}`}>填写</Link>
              ) : (
                <span className={s.muted}>{r.state === 'notOpen' ? '未开始' : '已截止'}</span>
              ),
          },
        ]}
      />
    </>
  );
}

function DraftsTab() {
  const [page, setPage] = useState(1);
  const q = { page, pageSize: PAGE_SIZE };
  const client = useQueryClient();
  const { message } = App.useApp();
  const list = useQuery({
    queryKey: ['forms', 'drafts', q],
    queryFn: () => listDrafts(q).then((r) => r.data),
    placeholderData: keepPreviousData,
  });
  const remove = useMutation({
    mutationFn: (id: number) => deleteDraft(id),
    onSuccess: () => {
      message.success('草稿已删除');
      void client.invalidateQueries({ queryKey: ['forms', 'drafts'] });
    },
  });
  return (
    <Table<DraftInfo>
      rowKey="id"
      loading={list.isFetching}
      dataSource={list.data?.list}
      locale={{ emptyText: '暂无草稿' }}
      pagination={{
        current: page,
        pageSize: PAGE_SIZE,
        total: list.data?.total ?? 0,
        onChange: setPage,
        showSizeChanger: false,
      }}
      columns={[
        { title: '表单名称', dataIndex: 'formName' },
        { title: '版本', dataIndex: 'version', width: 80, render: (v: number) => `第 ${v} 版` },
        { title: '保存时间', dataIndex: 'savedAt', width: 180, render: time },
        {
          title: '操作',
          key: 'op',
          width: 160,
          render: (_, r) => (
            <Space>
              <Link to={`/web/taskCenter/taskFormEdit?draftId=${r.id}`}>继续填写</Link>
              <Popconfirm
                title="删除这份草稿？"
                okText="删除"
                okButtonProps={{ danger: true }}
                cancelText="取消"
                onConfirm={() => remove.mutateAsync(r.id)}
              >
                <Button type="link" danger size="small">
                  删除
                </Button>
              </Popconfirm>
            </Space>
          ),
        },
      ]}
    />
  );
}

function MineTab() {
  const [page, setPage] = useState(1);
  const q = { page, pageSize: PAGE_SIZE };
  const list = useQuery({
    queryKey: ['forms', 'mine', q],
    queryFn: () => listMySubmissions(q).then((r) => r.data),
    placeholderData: keepPreviousData,
  });
  return (
    <Table<MySubmission>
      rowKey="id"
      loading={list.isFetching}
      dataSource={list.data?.list}
      locale={{ emptyText: '暂无提交记录' }}
      pagination={{
        current: page,
        pageSize: PAGE_SIZE,
        total: list.data?.total ?? 0,
        onChange: setPage,
        showSizeChanger: false,
      }}
      columns={[
        { title: '表单名称', dataIndex: 'formName' },
        { title: '版本', dataIndex: 'version', width: 80, render: (v: number) => `第 ${v} 版` },
        { title: '提交时间', dataIndex: 'submittedAt', width: 180, render: time },
        {
          // Where the submission stands: its approval (审批中 at a node, 已通过 …), or just stored.
          title: '状态',
          key: 'status',
          width: 220,
          render: (_, r) => <Tag color={r.status?.tone ?? 'default'}>{r.status?.text ?? '已提交'}</Tag>,
        },
        {
          title: '操作',
          key: 'op',
          width: 160,
          render: (_, r) => (
            <Space size="middle">
              <Link to={`/web/taskCenter/taskFormPreview?id=${r.id}`}>查看</Link>
              {r.status?.link && <Link to={r.status.link}>审批进度</Link>}
            </Space>
          ),
        },
      ]}
    />
  );
}

/**
 * /web/taskCenter/taskFormWrite: without formId the user's forms — 可填写的表单, 我的草稿, 我的提交;
 * with ?formId=N the fill page itself.
 */
export default function TaskFormWritePage() {
  const [params, setParams] = useSearchParams();
  const formId = Number(params.get('formId'));
  const tabParam = params.get('tab') as Tab | null;
  const tab: Tab = tabParam && TABS.includes(tabParam) ? tabParam : 'fillable';

  if (Number.isInteger(formId) && formId > 0) {
    return (
      <div className={s.page}>
        <FormFillView key={formId} formId={formId} />
      </div>
    );
  }
  return (
    <div className={s.page}>
      <Card title="填写表单">
        <Tabs
          activeKey={tab}
          onChange={(k) => setParams({ tab: k }, { replace: true })}
          destroyOnHidden
          items={[
            { key: 'fillable', label: '可填写的表单', children: <FillableTab /> },
            { key: 'drafts', label: '我的草稿', children: <DraftsTab /> },
            { key: 'mine', label: '我的提交', children: <MineTab /> },
          ]}
        />
      </Card>
    </div>
  );
}
