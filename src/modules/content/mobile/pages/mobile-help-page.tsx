import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { ErrorBlock, List, NavBar, Skeleton, Tabs } from 'antd-mobile';
import dayjs from 'dayjs';
import '@/core/ui/antd-mobile-setup';
import { getHelpArticle, listHelpArticles, listHelpCategories } from '@/modules/content/api';
import { PhoneListBody, PhoneSearch, usePhoneList } from '@/core/ui/phone-list';
import html from '@/core/ui/rich-text-editor.module.css';
import s from '@/core/ui/phone-page.module.css';

const PAGE_SIZE = 20;
const ALL = 'all';
const positive = (v: string | null) => (v && /^[1-9]\d{0,9}$/.test(v) ? Number(v) : null);

/** One article, read on the phone (its HTML is sanitised by the server when saved). */
function Article({ id, onBack }: { id: number; onBack: () => void }) {
  const article = useQuery({
    queryKey: ['help', 'article', id],
    queryFn: () => getHelpArticle(id).then((r) => r.data),
  });
  return (
    <div className={s.page}>
      <NavBar className={s.nav} onBack={onBack}>
        帮助中心
      </NavBar>
      {article.isPending ? (
        <div className={s.body}>
          <Skeleton.Title animated />
          <Skeleton.Paragraph lineCount={8} animated />
        </div>
      ) : article.isError ? (
        <ErrorBlock status="empty" title="该文章不存在或已下线" description="" />
      ) : (
        <article className={s.article}>
          <h1>{article.data.title}</h1>
          <div className={s.meta}>
            <span>{article.data.categoryName}</span>
            <span>更新于 {dayjs(article.data.updatedAt).format('YYYY-MM-DD HH:mm')}</span>
          </div>
          <div className={html.html} dangerouslySetInnerHTML={{ __html: article.data.content }} />
        </article>
      )}
    </div>
  );
}

/**
 * /mobile/help 帮助中心 on the phone (public, like the desktop /web/help/index): search, the
 * categories as tabs, the published articles (scroll for more); `?id=N` reads one article.
 */
export default function MobileHelpPage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const id = positive(params.get('id'));
  const [keyword, setKeyword] = useState('');
  const [category, setCategory] = useState(ALL);

  const categories = useQuery({
    queryKey: ['help', 'categories'],
    queryFn: () => listHelpCategories().then((r) => r.data),
  });
  const categoryId = category === ALL ? undefined : Number(category);
  const list = usePhoneList(['help', 'list', 'phone', categoryId, keyword], (page) =>
    listHelpArticles({ categoryId, keyword: keyword || undefined, page, pageSize: PAGE_SIZE }).then((r) => r.data),
  );

  if (id !== null) return <Article id={id} onBack={() => setParams({}, { replace: true })} />;

  return (
    <div className={s.page}>
      <NavBar className={s.nav} onBack={() => navigate('/mobile/home')}>
        帮助中心
      </NavBar>
      <PhoneSearch placeholder="输入问题关键词，如：密码" label="搜索帮助文章" maxLength={50} onSearch={setKeyword} />
      <Tabs className={s.tabs} activeKey={category} onChange={setCategory}>
        <Tabs.Tab key={ALL} title="全部" />
        {(categories.data ?? [])
          .filter((c) => c.articleCount > 0)
          .map((c) => (
            <Tabs.Tab key={String(c.id)} title={c.name} />
          ))}
      </Tabs>
      <PhoneListBody
        list={list}
        label="帮助文章"
        empty={keyword ? `没有找到与「${keyword}」相关的文章` : '暂无帮助文章'}
        unit="篇"
      >
        {list.rows.map((a) => (
          <List.Item
            key={a.id}
            className={s.row}
            onClick={() => setParams({ id: String(a.id) })}
            description={
              <span className={s.meta}>
                <span>{a.categoryName}</span>
                <span>{dayjs(a.updatedAt).format('YYYY-MM-DD')}</span>
              </span>
            }
          >
            {a.title}
          </List.Item>
        ))}
      </PhoneListBody>
    </div>
  );
}
