import { useState, type ReactNode } from 'react';
import { useInfiniteQuery, type QueryKey } from '@tanstack/react-query';
import { ErrorBlock, InfiniteScroll, List, Skeleton } from 'antd-mobile';
import { MobileSearchBar } from './mobile-text-input';
import type { Page } from '@/shared/envelope';
import s from './phone-page.module.css';

/** A server-paged list on the phone: pages appended as it scrolls (`PhoneListMore` asks for the next). */
export function usePhoneList<T>(key: QueryKey, load: (page: number) => Promise<Page<T>>) {
  const query = useInfiniteQuery({
    queryKey: key,
    queryFn: ({ pageParam }) => load(pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
  });
  return { query, rows: query.data?.pages.flatMap((p) => p.list) ?? [], total: query.data?.pages[0]?.total ?? 0 };
}

/** The foot of such a list: loads the next page when scrolled into view, then says how many there are. */
export function PhoneListMore({
  list,
  unit,
}: {
  list: Pick<ReturnType<typeof usePhoneList>, 'query' | 'total'>;
  unit: string;
}) {
  const { query, total } = list;
  return (
    <InfiniteScroll
      hasMore={!!query.hasNextPage}
      loadMore={async () => {
        await query.fetchNextPage();
      }}
    >
      {query.hasNextPage ? '加载中…' : `共 ${total} ${unit}`}
    </InfiniteScroll>
  );
}

/** The search box above a phone list: emoji stripped as typed; `onSearch` gets the trimmed words ('' when cleared). */
export function PhoneSearch({
  placeholder,
  label,
  maxLength = 60,
  onSearch,
}: {
  placeholder: string;
  label: string;
  maxLength?: number;
  onSearch: (keyword: string) => void;
}) {
  const [text, setText] = useState('');
  return (
    <div className={s.search}>
      <MobileSearchBar
        placeholder={placeholder}
        value={text}
        maxLength={maxLength}
        aria-label={label}
        onChange={setText}
        onSearch={(v) => onSearch(v.trim())}
        onClear={() => onSearch('')}
      />
    </div>
  );
}

/**
 * A phone list in its states: a skeleton while loading, an error, `empty` when there is nothing,
 * else the rows (`children`, List.Items) in a List named `label` with PhoneListMore below.
 */
export function PhoneListBody({
  list,
  label,
  empty,
  unit,
  children,
}: {
  list: Pick<ReturnType<typeof usePhoneList>, 'query' | 'total' | 'rows'>;
  label: string;
  empty: string;
  unit: string;
  children: ReactNode;
}) {
  if (list.query.isPending)
    return (
      <div className={s.body}>
        <Skeleton.Paragraph lineCount={6} animated />
      </div>
    );
  if (list.query.isError) return <ErrorBlock status="default" title="加载失败" description="请稍后重试" />;
  if (!list.rows.length) return <ErrorBlock status="empty" title={empty} description="" />;
  return (
    <>
      <List aria-label={label}>{children}</List>
      <PhoneListMore list={list} unit={unit} />
    </>
  );
}
