import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getUserList } from '@/modules/organization/api';
import type { UserListBody } from '@/modules/organization/contract';

type Filter = Omit<Partial<UserListBody>, 'page' | 'pageSize' | 'keyword'>;

/** One server-side page of people for a filter, with keyword and paging state. */
export function useUserPage(filter: Filter, enabled = true, pageSize0 = 10) {
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(pageSize0);
  const filterKey = JSON.stringify(filter);
  // Another filter starts again at page one.
  useEffect(() => setPage(1), [filterKey]);
  const body = { ...filter, ...(keyword.trim() ? { keyword: keyword.trim() } : {}), page, pageSize };
  const q = useQuery({
    queryKey: ['organization', 'users', body],
    queryFn: () => getUserList(body).then((r) => r.data),
    placeholderData: keepPreviousData,
    enabled,
  });
  return {
    q,
    keyword,
    search: (k: string) => {
      setKeyword(k);
      setPage(1);
    },
    pagination: {
      current: page,
      pageSize,
      total: q.data?.total ?? 0,
      showSizeChanger: true,
      showTotal: (t: number) => `共 ${t} 人`,
    },
    onPage: (p: { current?: number; pageSize?: number }) => {
      setPage(p.pageSize !== pageSize ? 1 : (p.current ?? 1));
      setPageSize(p.pageSize ?? pageSize);
    },
  };
}
