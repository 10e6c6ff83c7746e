import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Pagination, Skeleton, Tabs, Tag } from 'antd';
import { FireOutlined, HistoryOutlined } from '@ant-design/icons';
import { stripEmoji } from '@/shared/emoji';
import { useSession } from '@/core/session/store';
import { SearchInput } from '@/core/ui/text-input';
import { clearRecentWords, hotWords, recentWords, search } from '@/modules/portal-search/api';
import { QUERY_MAX, SEARCH_KIND_LABELS, type SearchKindName } from '@/modules/portal-search/contract';
import { Marked, wordRanges } from '../../components/marked';
import s from './search-page.module.css';

const PAGE_SIZE = 10;
const KIND_COLORS: Record<SearchKindName, string> = {
  item: 'blue',
  special: 'purple',
  notice: 'orange',
  news: 'gold',
  help: 'cyan',
  question: 'green',
  form: 'geekblue',
};

/**
 * /web/search?q=&kind=&page= 搜索结果 (public): one box across service items, special services,
 * notices, news, help articles, assistant questions and forms — only what the caller may see,
 * ranked and highlighted by the server; tabs by kind with their counts; hot and recent words.
 */
export default function SearchPage() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const kind = (params.get('kind') as SearchKindName | null) ?? undefined;
  const page = Number(params.get('page')) || 1;
  const [text, setText] = useState(q);
  const signedIn = useSession((st) => !!st.token);
  const localRecent = useSession((st) => st.recentSearches);
  const qc = useQueryClient();
  useEffect(() => setText(q), [q]);

  const update = (next: Record<string, string | number | null | undefined>) => {
    const p = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) {
      if (v === null || v === undefined || v === '') p.delete(k);
      else p.set(k, String(v));
    }
    setParams(p);
  };
  const run = (v: string) => {
    const w = v.trim().slice(0, QUERY_MAX);
    if (w) useSession.getState().addRecentSearch(w);
    update({ q: w, kind: null, page: null });
  };

  const query = { q, kind: kind && kind in SEARCH_KIND_LABELS ? kind : undefined, page, pageSize: PAGE_SIZE };
  const result = useQuery({
    queryKey: ['search', query],
    queryFn: () => search(query).then((r) => r.data),
    enabled: q.trim() !== '',
    placeholderData: keepPreviousData,
  });
  useEffect(() => {
    if (result.isSuccess && signedIn) void qc.invalidateQueries({ queryKey: ['search', 'recent'] });
  }, [result.isSuccess, result.data, signedIn, qc]);
  const hot = useQuery({ queryKey: ['search', 'hot'], queryFn: () => hotWords(10).then((r) => r.data) });
  const recent = useQuery({
    queryKey: ['search', 'recent'],
    queryFn: () => recentWords().then((r) => r.data),
    enabled: signedIn,
  });
  const clear = useMutation({
    mutationFn: () => clearRecentWords(),
    onSuccess: () => qc.setQueryData(['search', 'recent'], []),
  });
  const recentList = signedIn ? (recent.data ?? []) : localRecent;

  const total = result.data?.counts.reduce((n, c) => n + c.count, 0) ?? 0;
  const tabs = [
    { key: 'all', label: `全部${result.data ? `（${total}）` : ''}` },
    ...(result.data?.counts ?? [])
      .filter((c) => c.count > 0 || c.kind === kind)
      .map((c) => ({ key: c.kind, label: `${SEARCH_KIND_LABELS[c.kind]}（${c.count}）` })),
  ];

  return (
    <div className={s.page}>
      <div className={s.bar}>
        <SearchInput
          className={s.input}
          size="large"
          allowClear
          enterButton="搜索"
          placeholder="搜索办事事项、通知公告、常见问题、表单……支持拼音首字母"
          value={text}
          maxLength={QUERY_MAX}
          aria-label="搜索"
          onChange={(e) => setText(stripEmoji(e.target.value))}
          onSearch={run}
        />
        {(hot.data?.length ?? 0) > 0 && (
          <div className={s.words}>
            热搜：
            {hot.data!.slice(0, 6).map((h) => (
              <Tag key={h.word} className={s.word} onClick={() => run(h.word)}>
                {h.word}
              </Tag>
            ))}
          </div>
        )}
      </div>
      <div className={s.body}>
        <Card>
          {!q.trim() ? (
            <Empty description="输入关键词开始搜索" />
          ) : (
            <>
              <Tabs
                activeKey={query.kind ?? 'all'}
                onChange={(k) => update({ kind: k === 'all' ? null : k, page: null })}
                items={tabs}
              />
              {result.isPending ? (
                <Skeleton active paragraph={{ rows: 8 }} />
              ) : !result.data?.list.length ? (
                <Empty description={`没有找到与「${q}」相关的内容，换个关键词试试`} />
              ) : (
                <div role="list" aria-label="搜索结果">
                  {result.data.list.map((h) => (
                    <div key={`${h.kind}:${h.refId}`} className={s.hit} role="listitem">
                      <div>
                        <Tag color={KIND_COLORS[h.kind]}>{SEARCH_KIND_LABELS[h.kind]}</Tag>
                        <Link to={h.path} className={s.hitTitle}>
                          <Marked text={h.title} ranges={h.highlight} />
                        </Link>
                      </div>
                      {h.snippet && (
                        <div className={s.snippet}>
                          <Marked text={h.snippet} ranges={wordRanges(h.snippet, q)} />
                        </div>
                      )}
                    </div>
                  ))}
                  {result.data.total > PAGE_SIZE && (
                    <Pagination
                      className={s.pager}
                      current={page}
                      pageSize={PAGE_SIZE}
                      total={result.data.total}
                      showSizeChanger={false}
                      showTotal={(t) => `共 ${t} 条`}
                      onChange={(p) => update({ page: p })}
                    />
                  )}
                </div>
              )}
            </>
          )}
        </Card>
        <div>
          <Card
            size="small"
            title={
              <>
                <FireOutlined /> 热门搜索
              </>
            }
          >
            {hot.data?.length ? (
              <ol className={s.hotList}>
                {hot.data.map((h, i) => (
                  <li key={h.word} onClick={() => run(h.word)}>
                    <span className={`${s.rank} ${i < 3 ? s.rankTop : ''}`}>{i + 1}</span>
                    {h.word}
                  </li>
                ))}
              </ol>
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无热门搜索" />
            )}
          </Card>
          <Card
            size="small"
            style={{ marginTop: 16 }}
            title={
              <>
                <HistoryOutlined /> 最近搜索
              </>
            }
            extra={
              signedIn && recentList.length > 0 ? (
                <Button type="link" size="small" loading={clear.isPending} onClick={() => clear.mutate()}>
                  清空
                </Button>
              ) : null
            }
          >
            {recentList.length ? (
              <div className={s.words} style={{ justifyContent: 'flex-start' }}>
                {recentList.map((w) => (
                  <Tag key={w} className={s.word} onClick={() => run(w)}>
                    {w}
                  </Tag>
                ))}
              </div>
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无搜索记录" />
            )}
          </Card>
        </div>
      </div>
    </div>
  );
}
