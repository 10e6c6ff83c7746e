import { lazy, Suspense, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { App, AutoComplete, Button, Card, Form, Modal, Popconfirm, Select, Skeleton, Space, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { SearchInput, TextInput } from '@/core/ui/text-input';
import type { RichTextEditorProps } from '@/core/ui/rich-text-editor';
import { deleteTemplate, listTemplates, saveTemplate, templateCategories } from '../../api';
import { LIMITS, type TemplateBody, type TemplateItem } from '../../contract';
import { usePublishPaths } from '../../components/paths';
import s from './publish-message.module.css';

const RichTextEditor = lazy(() => import('@/core/ui/rich-text-editor'));
function LazyEditor(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}

const PAGE_SIZE = 10;

/** 消息模板库 (TemplateLibrary; cms: cmsTemplateLibrary): shared templates with {{变量}}; authors edit their own. */
export default function TemplateLibraryPage() {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const paths = usePublishPaths();
  const [page, setPage] = useState(1);
  const [keyword, setKeyword] = useState('');
  const [category, setCategory] = useState<string | undefined>();
  const [editing, setEditing] = useState<TemplateItem | 'new' | null>(null);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<TemplateBody>();

  const q = useQuery({
    queryKey: ['message-publish', 'templates', page, keyword, category],
    queryFn: () =>
      listTemplates({ page, pageSize: PAGE_SIZE, keyword: keyword || undefined, category }).then((r) => r.data),
  });
  const categories = useQuery({
    queryKey: ['message-publish', 'categories'],
    queryFn: () => templateCategories().then((r) => r.data),
  });
  const refresh = () => qc.invalidateQueries({ queryKey: ['message-publish'] });

  const open = (t: TemplateItem | 'new') => {
    setEditing(t);
    form.setFieldsValue(
      t === 'new'
        ? { name: '', category: '', title: '', content: '' }
        : { name: t.name, category: t.category, title: t.title, content: t.content },
    );
  };
  const save = async (v: TemplateBody) => {
    setSaving(true);
    try {
      await saveTemplate(editing && editing !== 'new' ? { ...v, id: editing.id } : v);
      message.success('模板已保存');
      setEditing(null);
      await refresh();
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className={s.page}>
      <Card
        title="消息模板库"
        extra={
          <Space wrap>
            <Select
              allowClear
              placeholder="全部分类"
              style={{ width: 160 }}
              value={category}
              onChange={(v?: string) => {
                setCategory(v);
                setPage(1);
              }}
              options={(categories.data ?? []).map((c) => ({ value: c, label: c }))}
              aria-label="分类"
            />
            <SearchInput
              allowClear
              placeholder="搜索模板名称或标题"
              style={{ width: 240 }}
              onSearch={(v) => {
                setKeyword(v.trim());
                setPage(1);
              }}
            />
            <Button type="primary" onClick={() => open('new')}>
              新建模板
            </Button>
          </Space>
        }
      >
        <Table<TemplateItem>
          rowKey="id"
          loading={q.isLoading}
          dataSource={q.data?.list ?? []}
          pagination={{ current: page, pageSize: PAGE_SIZE, total: q.data?.total ?? 0, onChange: setPage }}
          columns={[
            { title: '模板名称', dataIndex: 'name' },
            { title: '分类', dataIndex: 'category', render: (c: string) => <Tag>{c}</Tag>, width: 120 },
            { title: '消息标题', dataIndex: 'title' },
            {
              title: '变量',
              dataIndex: 'variables',
              render: (v: string[]) => (v.length ? v.map((x) => <Tag key={x}>{x}</Tag>) : '—'),
            },
            { title: '创建人', dataIndex: 'createdByName', width: 110 },
            {
              title: '更新时间',
              dataIndex: 'updatedAt',
              width: 150,
              render: (t: number) => dayjs(t).format('YYYY-MM-DD HH:mm'),
            },
            {
              title: '操作',
              key: 'actions',
              width: 200,
              render: (_, t) => (
                <Space>
                  <Button type="link" size="small" onClick={() => navigate(`${paths.publish}?templateId=${t.id}`)}>
                    使用
                  </Button>
                  {t.mine && (
                    <>
                      <Button type="link" size="small" onClick={() => open(t)}>
                        编辑
                      </Button>
                      <Popconfirm
                        title="删除该模板？"
                        onConfirm={async () => {
                          await deleteTemplate(t.id);
                          message.success('已删除');
                          await refresh();
                        }}
                      >
                        <Button type="link" size="small" danger>
                          删除
                        </Button>
                      </Popconfirm>
                    </>
                  )}
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <Modal
        title={editing === 'new' ? '新建模板' : '编辑模板'}
        open={editing !== null}
        onCancel={() => setEditing(null)}
        onOk={() => form.submit()}
        confirmLoading={saving}
        width={860}
        destroyOnHidden
      >
        <Form<TemplateBody> form={form} layout="vertical" onFinish={save}>
          <Form.Item
            label="模板名称"
            name="name"
            rules={[{ required: true, whitespace: true, message: '请输入模板名称' }]}
          >
            <TextInput maxLength={LIMITS.templateName} />
          </Form.Item>
          <Form.Item label="分类" name="category" rules={[{ required: true, whitespace: true, message: '请输入分类' }]}>
            <AutoComplete
              options={(categories.data ?? []).map((c) => ({ value: c }))}
              placeholder="如：教学通知"
              maxLength={LIMITS.category}
            />
          </Form.Item>
          <Form.Item
            label="消息标题"
            name="title"
            extra="用 {{变量}} 标出每次发布时填写的内容，如 {{日期}}"
            rules={[{ required: true, whitespace: true, message: '请输入消息标题' }]}
          >
            <TextInput maxLength={LIMITS.title} />
          </Form.Item>
          <Form.Item label="消息内容" name="content" rules={[{ required: true, message: '请输入消息内容' }]}>
            <LazyEditor minHeight={200} />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
