import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Envelope, Page } from '@/shared/envelope';

/**
 * A server-paged list for an antd Table: the query (filters + page) and the Table's loading,
 * rows and pagination. Callers set the page back to 1 when a filter changes.
 */
export function usePagedList<Q extends object, R>(
  key: readonly unknown[],
  fetch: (q: Q & { page: number; pageSize: number }) => Promise<Envelope<Page<R>>>,
  filters: Q,
  pageSize = 20,
) {
  const [page, setPage] = useState(1);
  const q = { ...filters, page, pageSize };
  const list = useQuery({
    queryKey: [...key, q],
    queryFn: () => fetch(q).then((r) => r.data),
    placeholderData: keepPreviousData,
  });
  return {
    list,
    setPage,
    table: {
      loading: list.isFetching,
      dataSource: list.data?.list,
      pagination: { current: page, pageSize, total: list.data?.total ?? 0, onChange: setPage, showSizeChanger: false },
    },
  };
}
