import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Empty, Pagination, Skeleton, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { stripEmoji } from '@/shared/emoji';
import { getHelpArticle, listHelpArticles, listHelpCategories } from '@/modules/content/api';
import html from '@/core/ui/rich-text-editor.module.css';
import s from './help-page.module.css';
import { SearchInput } from '@/core/ui/text-input';

const PAGE_SIZE = 10;

/** /web/help/index 帮助中心 (public): search, categories, the matching articles and a reading pane. State lives in the URL. */
export default function HelpPage() {
  const [params, setParams] = useSearchParams();
  const keyword = params.get('q') ?? '';
  const categoryId = Number(params.get('c')) || undefined;
  const page = Number(params.get('page')) || 1;
  const selected = Number(params.get('id')) || null;
  const [text, setText] = useState(keyword);

  const update = (next: Record<string, string | number | null | undefined>) => {
    const p = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) {
      if (v === null || v === undefined || v === '') p.delete(k);
      else p.set(k, String(v));
    }
    setParams(p, { replace: true });
  };

  const categories = useQuery({
    queryKey: ['help', 'categories'],
    queryFn: () => listHelpCategories().then((r) => r.data),
  });
  const query = { categoryId, keyword: keyword || undefined, page, pageSize: PAGE_SIZE };
  const list = useQuery({
    queryKey: ['help', 'list', query],
    queryFn: () => listHelpArticles(query).then((r) => r.data),
    placeholderData: keepPreviousData,
  });
  const article = useQuery({
    queryKey: ['help', 'article', selected],
    queryFn: () => getHelpArticle(selected!).then((r) => r.data),
    enabled: selected !== null,
  });

  // Open the first match when nothing is chosen, so the reading pane is never idle.
  const first = list.data?.list[0]?.id;
  useEffect(() => {
    if (selected === null && first !== undefined && !list.isPlaceholderData) update({ id: first });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [selected, first, list.isPlaceholderData]);

  return (
    <div className={s.page}>
      <div className={s.hero}>
        <Typography.Title level={2} className={s.heroTitle}>
          帮助中心
        </Typography.Title>
        <SearchInput
          className={s.search}
          size="large"
          allowClear
          enterButton="搜索"
          placeholder="输入问题关键词，如：密码、切换平台"
          value={text}
          maxLength={50}
          aria-label="搜索帮助文章"
          onChange={(e) => setText(stripEmoji(e.target.value))}
          onSearch={(v) => update({ q: v.trim(), page: null, id: null })}
        />
      </div>
      <div className={s.body}>
        <Card>
          <div className={s.categories}>
            <Tag.CheckableTag checked={!categoryId} onChange={() => update({ c: null, page: null, id: null })}>
              全部
            </Tag.CheckableTag>
            {(categories.data ?? [])
              .filter((c) => c.articleCount > 0)
              .map((c) => (
                <Tag.CheckableTag
                  key={c.id}
                  checked={categoryId === c.id}
                  onChange={() => update({ c: c.id, page: null, id: null })}
                >
                  {c.name}（{c.articleCount}）
                </Tag.CheckableTag>
              ))}
          </div>
          {list.isPending ? (
            <Skeleton active />
          ) : list.data?.list.length ? (
            <nav aria-label="帮助文章">
              {list.data.list.map((a) => (
                <button
                  key={a.id}
                  type="button"
                  className={`${s.item} ${selected === a.id ? s.itemActive : ''}`}
                  onClick={() => update({ id: a.id })}
                >
                  <span className={s.itemTitle}>{a.title}</span>
                  <span className={s.itemMeta}>
                    {a.categoryName} · {dayjs(a.updatedAt).format('YYYY-MM-DD')}
                  </span>
                </button>
              ))}
              {list.data.total > PAGE_SIZE && (
                <Pagination
                  className={s.pager}
                  simple
                  current={page}
                  pageSize={PAGE_SIZE}
                  total={list.data.total}
                  onChange={(p) => update({ page: p, id: null })}
                />
              )}
            </nav>
          ) : (
            <Empty description={keyword ? `没有找到与「${keyword}」相关的文章` : '暂无帮助文章'} />
          )}
        </Card>
        <Card className={s.reader}>
          {selected === null ? (
            <Empty description="请选择左侧的文章" />
          ) : article.isPending ? (
            <Skeleton active paragraph={{ rows: 10 }} />
          ) : article.isError ? (
            <Empty description="该文章不存在或已下线" />
          ) : (
            <article>
              <Typography.Title level={3} className={s.readerTitle}>
                {article.data.title}
              </Typography.Title>
              <div className={s.readerMeta}>
                {article.data.categoryName} · 更新于 {dayjs(article.data.updatedAt).format('YYYY-MM-DD HH:mm')}
              </div>
              {/* Safe: help articles are sanitised by the server (src/server/rich-text) when saved, never stored raw. */}
              <div className={html.html} dangerouslySetInnerHTML={{ __html: article.data.content }} />
            </article>
          )}
        </Card>
      </div>
    </div>
  );
}
