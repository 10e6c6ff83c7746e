import { useNavigate, useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { CapsuleTabs, ErrorBlock, List, NavBar, Skeleton, Tag } from 'antd-mobile';
import '@/core/ui/antd-mobile-setup';
import frame from '@/core/ui/phone-page.module.css';
import { useSession } from '@/core/session/store';
import { MobileSearchBar } from '@/core/ui/mobile-text-input';
import { hotWords, search } from '@/modules/portal-search/api';
import { QUERY_MAX, SEARCH_KIND_LABELS, type SearchKindName } from '@/modules/portal-search/contract';
import { Marked, wordRanges } from '../../components/marked';
import s from './mobile-search.module.css';

/** A result's desktop path as the phone page that shows it, where there is one. */
export function phonePath(path: string): string {
  if (path.startsWith('/web/intelligentAssistant/index'))
    return path.replace('/web/intelligentAssistant/index', '/mobile/intelligentAssistant');
  if (path.startsWith('/web/eventService/online') || path.startsWith('/web/eventService/offline'))
    return path.replace(/^\/web\/eventService\/(online|offline)/, '/mobile/eventServiceDetail');
  return path;
}

/** /mobile/search?q=&kind=: the portal search on a phone (first 30 hits of a kind). */
export default function MobileSearchPage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const kind = (params.get('kind') as SearchKindName | null) ?? 'all';
  const recent = useSession((st) => st.recentSearches);
  const set = (next: { q?: string; kind?: string }) => {
    const p = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) {
      if (!v || v === 'all') p.delete(k);
      else p.set(k, v);
    }
    setParams(p, { replace: true });
  };
  const run = (v: string) => {
    const w = v.trim().slice(0, QUERY_MAX);
    if (w) useSession.getState().addRecentSearch(w);
    set({ q: w, kind: 'all' });
  };
  const query = { q, kind: kind === 'all' ? undefined : kind, page: 1, pageSize: 30 };
  const result = useQuery({
    queryKey: ['search', 'mobile', query],
    queryFn: () => search(query).then((r) => r.data),
    enabled: q.trim() !== '',
  });
  const hot = useQuery({ queryKey: ['search', 'hot'], queryFn: () => hotWords(10).then((r) => r.data) });

  return (
    <div className={frame.page}>
      <NavBar className={frame.nav} onBack={() => navigate('/mobile/home')}>
        搜索
      </NavBar>
      <div className={s.box}>
        <MobileSearchBar
          placeholder="搜索事项、通知、问题，支持拼音首字母"
          defaultValue={q}
          maxLength={QUERY_MAX}
          onSearch={run}
        />
      </div>
      {!q.trim() ? (
        <>
          {recent.length > 0 && (
            <>
              <div className={s.label}>最近搜索</div>
              <div className={s.words}>
                {recent.map((w) => (
                  <Tag key={w} fill="outline" onClick={() => run(w)}>
                    {w}
                  </Tag>
                ))}
              </div>
            </>
          )}
          <div className={s.label}>热门搜索</div>
          <div className={s.words}>
            {(hot.data ?? []).map((h) => (
              <Tag key={h.word} color="warning" fill="outline" onClick={() => run(h.word)}>
                {h.word}
              </Tag>
            ))}
          </div>
        </>
      ) : (
        <>
          <CapsuleTabs activeKey={kind} onChange={(k) => set({ kind: k })}>
            <CapsuleTabs.Tab key="all" title="全部" />
            {(result.data?.counts ?? [])
              .filter((c) => c.count > 0 || c.kind === kind)
              .map((c) => (
                <CapsuleTabs.Tab key={c.kind} title={`${SEARCH_KIND_LABELS[c.kind]} ${c.count}`} />
              ))}
          </CapsuleTabs>
          {result.isPending ? (
            <div className={s.box}>
              <Skeleton.Paragraph lineCount={6} animated />
            </div>
          ) : !result.data?.list.length ? (
            <ErrorBlock status="empty" title="没有找到相关内容" description="换个关键词试试" />
          ) : (
            <List>
              {result.data.list.map((h) => (
                <List.Item
                  key={`${h.kind}:${h.refId}`}
                  onClick={() => navigate(phonePath(h.path))}
                  prefix={<Tag color="primary">{SEARCH_KIND_LABELS[h.kind]}</Tag>}
                  description={
                    <span className={s.desc}>
                      <Marked text={h.snippet} ranges={wordRanges(h.snippet, q)} />
                    </span>
                  }
                >
                  <span className={s.title}>
                    <Marked text={h.title} ranges={h.highlight} />
                  </span>
                </List.Item>
              ))}
            </List>
          )}
        </>
      )}
    </div>
  );
}
