import { useState } from 'react';
import { TextButton } from '@/core/ui/text-button';
import { App, Badge, Button, Card, Empty, Popconfirm, Select, Space, Table, Tag, Tooltip } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { TextInput } from '@/core/ui/text-input';
import {
  deleteHelpArticle,
  deleteHelpCategory,
  listHelpArticlesForAdmin,
  listHelpCategoriesForAdmin,
} from '@/modules/content/api';
import type { HelpArticleRow, HelpCategory, HelpStatus } from '@/modules/content/contract';
import { HelpArticleDrawer } from '../components/help-article-drawer';
import { HelpCategoryModal } from '../components/help-category-modal';
import s from './content-pages.module.css';

const STATUS: Record<HelpStatus, { text: string; color: string }> = {
  draft: { text: '草稿', color: 'default' },
  published: { text: '已发布', color: 'success' },
};

/** /cms/systemSetting/helpCenter 帮助中心: categories on the left, their articles on the right, edited in a drawer. */
export default function HelpCenterPage() {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [categoryId, setCategoryId] = useState<number | null>(null);
  const [status, setStatus] = useState<HelpStatus | undefined>();
  const [keywordInput, setKeywordInput] = useState('');
  const [keyword, setKeyword] = useState('');
  const [paging, setPaging] = useState({ page: 1, pageSize: 10 });
  const [categoryForm, setCategoryForm] = useState<{ category: HelpCategory | null } | null>(null);
  const [article, setArticle] = useState<{ id: number | null } | null>(null);

  const categories = useQuery({
    queryKey: ['content', 'helpCategories'],
    queryFn: () => listHelpCategoriesForAdmin().then((r) => r.data),
  });
  const query = { categoryId: categoryId ?? undefined, status, keyword: keyword || undefined, ...paging };
  const articles = useQuery({
    queryKey: ['content', 'helpArticles', query],
    queryFn: () => listHelpArticlesForAdmin(query).then((r) => r.data),
    placeholderData: keepPreviousData,
  });
  const refresh = async () => {
    await qc.invalidateQueries({ queryKey: ['content', 'helpCategories'] });
    await qc.invalidateQueries({ queryKey: ['content', 'helpArticles'] });
  };

  const removeCategory = useMutation({
    mutationFn: (id: number) => deleteHelpCategory(id).then(() => id),
    onSuccess: async (id) => {
      message.success('分类已删除');
      if (categoryId === id) setCategoryId(null);
      await refresh();
    },
  });
  const removeArticle = useMutation({
    mutationFn: (id: number) => deleteHelpArticle(id),
    onSuccess: async () => {
      message.success('文章已删除');
      await refresh();
    },
  });

  const pick = (id: number | null) => {
    setCategoryId(id);
    setPaging((p) => ({ ...p, page: 1 }));
  };
  const search = () => {
    setKeyword(keywordInput.trim());
    setPaging((p) => ({ ...p, page: 1 }));
  };
  const total = (categories.data ?? []).reduce((n, c) => n + c.articleCount, 0);

  return (
    <div className={s.help}>
      <Card
        title="文章分类"
        loading={categories.isPending}
        extra={
          <Button type="link" icon={<PlusOutlined />} onClick={() => setCategoryForm({ category: null })}>
            新增
          </Button>
        }
      >
        <button
          type="button"
          className={`${s.categoryItem} ${categoryId === null ? s.categoryActive : ''}`}
          onClick={() => pick(null)}
        >
          <span className={s.categoryName}>全部文章</span>
          <Badge count={total} showZero color="#666" />
        </button>
        {(categories.data ?? []).map((c) => (
          <div
            key={c.id}
            className={`${s.categoryItem} ${categoryId === c.id ? s.categoryActive : ''}`}
            onClick={() => pick(c.id)}
          >
            <TextButton pressed={categoryId === c.id} onClick={() => pick(c.id)}>
              {c.name}
            </TextButton>
            <Space size={0} onClick={(e) => e.stopPropagation()}>
              <Badge count={c.articleCount} showZero color="#666" />
              <Tooltip title="编辑分类">
                <Button
                  type="text"
                  size="small"
                  icon={<EditOutlined />}
                  aria-label={`编辑分类 ${c.name}`}
                  onClick={() => setCategoryForm({ category: c })}
                />
              </Tooltip>
              <Popconfirm
                title={`删除分类「${c.name}」？`}
                description={c.articleCount > 0 ? '该分类下还有文章，请先移走或删除文章' : '删除后无法恢复'}
                okText="删除"
                okButtonProps={{ danger: true, disabled: c.articleCount > 0 }}
                cancelText="取消"
                onConfirm={() => removeCategory.mutateAsync(c.id)}
              >
                <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={`删除分类 ${c.name}`} />
              </Popconfirm>
            </Space>
          </div>
        ))}
        {categories.data?.length === 0 && (
          <Empty description="暂无分类，请先新增" image={Empty.PRESENTED_IMAGE_SIMPLE} />
        )}
      </Card>

      <Card title={categories.data?.find((c) => c.id === categoryId)?.name ?? '全部文章'}>
        <div className={s.filters}>
          <Space wrap>
            <Select
              allowClear
              aria-label="状态"
              placeholder="全部状态"
              className={s.statusSelect}
              value={status}
              onChange={(v?: HelpStatus) => {
                setStatus(v);
                setPaging((p) => ({ ...p, page: 1 }));
              }}
              options={(Object.keys(STATUS) as HelpStatus[]).map((k) => ({ value: k, label: STATUS[k].text }))}
            />
            <TextInput
              allowClear
              aria-label="搜索文章"
              placeholder="标题、关键词或正文"
              className={s.keyword}
              value={keywordInput}
              onChange={(e) => setKeywordInput(e.target.value)}
              onPressEnter={search}
              maxLength={50}
            />
            <Button type="primary" onClick={search}>
              查询
            </Button>
          </Space>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            disabled={!categories.data?.length}
            onClick={() => setArticle({ id: null })}
          >
            新建文章
          </Button>
        </div>
        <Table<HelpArticleRow>
          rowKey="id"
          loading={articles.isFetching}
          dataSource={articles.data?.list ?? []}
          locale={{ emptyText: '暂无文章' }}
          pagination={{
            current: paging.page,
            pageSize: paging.pageSize,
            total: articles.data?.total ?? 0,
            showSizeChanger: true,
            showTotal: (t) => `共 ${t} 篇`,
          }}
          onChange={(p) => setPaging({ page: p.current ?? 1, pageSize: p.pageSize ?? 10 })}
          columns={[
            {
              title: '标题',
              dataIndex: 'title',
              ellipsis: true,
              render: (v: string, r) => (
                <Button type="link" className={s.titleLink} onClick={() => setArticle({ id: r.id })}>
                  {v}
                </Button>
              ),
            },
            { title: '分类', dataIndex: 'categoryName', width: 140 },
            { title: '关键词', dataIndex: 'keywords', ellipsis: true, width: 220 },
            {
              title: '状态',
              dataIndex: 'status',
              width: 90,
              render: (v: HelpStatus) => <Tag color={STATUS[v].color}>{STATUS[v].text}</Tag>,
            },
            { title: '排序', dataIndex: 'sort', width: 70 },
            {
              title: '最后修改',
              dataIndex: 'updatedAt',
              width: 160,
              render: (v: number) => dayjs(v).format('YYYY-MM-DD HH:mm'),
            },
            {
              title: '操作',
              key: 'actions',
              width: 130,
              render: (_, r) => (
                <Space size={0}>
                  <Button type="link" size="small" onClick={() => setArticle({ id: r.id })}>
                    编辑
                  </Button>
                  <Popconfirm
                    title={`删除《${r.title}》？`}
                    description="删除后无法恢复"
                    okText="删除"
                    okButtonProps={{ danger: true }}
                    cancelText="取消"
                    onConfirm={() => removeArticle.mutateAsync(r.id)}
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
      </Card>

      <HelpCategoryModal
        open={categoryForm !== null}
        category={categoryForm?.category ?? null}
        onClose={() => setCategoryForm(null)}
        onSaved={() => {
          setCategoryForm(null);
          void refresh();
        }}
      />
      <HelpArticleDrawer
        open={article !== null}
        id={article?.id ?? null}
        categories={categories.data ?? []}
        defaultCategoryId={categoryId}
        onClose={() => setArticle(null)}
        onSaved={() => {
          setArticle(null);
          void refresh();
        }}
      />
    </div>
  );
}
