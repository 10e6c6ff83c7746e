import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Button, CapsuleTabs, ErrorBlock, List, NavBar, NoticeBar, Skeleton, Tag } from 'antd-mobile';
import { MobileSearchBar } from '@/core/ui/mobile-text-input';
import '@/core/ui/antd-mobile-setup';
import { useSession } from '@/core/session/store';
import { loginRedirect } from '@/core/routing/login-path';
import { listItems } from '../../api';
import { MODE_LABELS, THEMES, mobileItemPath, type Theme } from '../../contract';
import s from './mobile-hall.module.css';

const PAGE_SIZE = 20;

/**
 * /mobile/eventService 办事大厅 on a phone (open without a token): the catalogue by theme with a
 * search box; a tap opens the phone guide. Visitors see public items and a sign-in prompt.
 */
export default function MobileEventServicePage() {
  const navigate = useNavigate();
  const signedIn = !!useSession((st) => st.token);
  const [keyword, setKeyword] = useState('');
  const [theme, setTheme] = useState<Theme | 'all'>('all');
  const list = useInfiniteQuery({
    queryKey: ['service-hall', 'mobile-list', signedIn, keyword, theme],
    initialPageParam: 1,
    queryFn: ({ pageParam }) =>
      listItems({
        page: pageParam,
        pageSize: PAGE_SIZE,
        keyword: keyword || undefined,
        theme: theme === 'all' ? undefined : theme,
      }).then((r) => r.data),
    getNextPageParam: (last, all) => (all.length * PAGE_SIZE < last.total ? all.length + 1 : undefined),
  });
  const items = list.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <div className={s.page}>
      <NavBar className={s.nav} onBack={() => navigate(signedIn ? '/mobile/home' : '/mobile/mobileLogin')}>
        办事大厅
      </NavBar>
      {!signedIn && (
        <NoticeBar
          content="访客可查看公开事项；登录后可在线办理"
          color="info"
          wrap
          extra={
            <Button
              size="mini"
              color="primary"
              fill="none"
              onClick={() => navigate(loginRedirect('/mobile/eventService'))}
            >
              登录
            </Button>
          }
        />
      )}
      <div className={s.search}>
        <MobileSearchBar
          placeholder="搜索事项，如：请假、在读证明"
          onSearch={(v) => setKeyword(v.trim())}
          onClear={() => setKeyword('')}
        />
      </div>
      <CapsuleTabs activeKey={theme} onChange={(k) => setTheme(k as Theme | 'all')}>
        <CapsuleTabs.Tab title="全部" key="all" />
        {THEMES.map((t) => (
          <CapsuleTabs.Tab title={t} key={t} />
        ))}
      </CapsuleTabs>
      {list.isPending ? (
        <div className={s.body}>
          <Skeleton.Paragraph lineCount={6} animated />
        </div>
      ) : !items.length ? (
        <ErrorBlock status="empty" title="没有符合条件的事项" description="" />
      ) : (
        <>
          <List>
            {items.map((i) => (
              <List.Item
                key={i.id}
                onClick={() => navigate(mobileItemPath(i.id))}
                description={
                  <>
                    <div className={s.meta}>
                      {i.departmentName} · {i.theme}
                    </div>
                    <div className={s.tags}>
                      {i.modes.map((m) => (
                        <Tag
                          key={m}
                          color={m === 'online' ? 'primary' : m === 'booking' ? 'warning' : 'success'}
                          fill="outline"
                        >
                          {MODE_LABELS[m]}
                        </Tag>
                      ))}
                    </div>
                  </>
                }
              >
                {i.name}
              </List.Item>
            ))}
          </List>
          {list.hasNextPage && (
            <div className={s.more}>
              <Button block loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
                加载更多
              </Button>
            </div>
          )}
        </>
      )}
    </div>
  );
}
