import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Menu, Pagination, Segmented, Space, Spin } from 'antd';
import { SearchInput } from '@/core/ui/text-input';
import { fetchApps, fetchCategories } from '../../api';
import type { AppListQuery } from '../../contract';
import { AppCard } from './app-card';
import { useAppActions } from './use-app-actions';
import s from './app-center.module.css';

const PAGE_SIZE = 24;
type Scope = AppListQuery['scope'];

/** /web/lightApps/applicationCenter: the apps this person may open — by category, search, favourites, recently used. */
export default function ApplicationCenterPage() {
  const [scope, setScope] = useState<Scope>('all');
  const [categoryId, setCategoryId] = useState<number | undefined>();
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const actions = useAppActions();
  const cats = useQuery({
    queryKey: ['appCenter', 'categories'],
    queryFn: () => fetchCategories('desktop').then((r) => r.data),
  });
  const q: AppListQuery = {
    page,
    pageSize: PAGE_SIZE,
    scope,
    categoryId,
    keyword: keyword || undefined,
    device: 'desktop',
  };
  const apps = useQuery({
    queryKey: ['appCenter', 'list', q],
    queryFn: () => fetchApps(q).then((r) => r.data),
    placeholderData: (prev) => prev,
  });
  const total = cats.data?.reduce((n, c) => n + c.count, 0) ?? 0;
  return (
    <div className={s.layout}>
      <Card size="small" className={s.side} title="应用分类">
        <Menu
          mode="inline"
          style={{ borderInlineEnd: 'none' }}
          selectedKeys={[String(categoryId ?? 'all')]}
          onClick={(e) => {
            setCategoryId(e.key === 'all' ? undefined : Number(e.key));
            setPage(1);
          }}
          items={[
            { key: 'all', label: `全部应用（${total}）` },
            ...(cats.data ?? []).map((c) => ({ key: String(c.id), label: `${c.name}（${c.count}）` })),
          ]}
        />
      </Card>
      <Card
        className={s.main}
        title={
          <Segmented<Scope>
            value={scope}
            onChange={(v) => {
              setScope(v);
              setPage(1);
            }}
            options={[
              { value: 'all', label: '全部' },
              { value: 'favorite', label: '我的收藏' },
              { value: 'recent', label: '最近使用' },
            ]}
          />
        }
        extra={
          <SearchInput
            allowClear
            placeholder="搜索应用名称、拼音或简介"
            style={{ width: 300 }}
            onSearch={(v) => {
              setKeyword(v.trim());
              setPage(1);
            }}
          />
        }
      >
        <Spin spinning={apps.isFetching}>
          {apps.data?.list.length ? (
            <Space orientation="vertical" style={{ width: '100%' }} size={16}>
              <div className={s.grid}>
                {apps.data.list.map((a) => (
                  <AppCard key={a.id} app={a} {...actions} />
                ))}
              </div>
              <Pagination
                align="end"
                current={page}
                pageSize={PAGE_SIZE}
                total={apps.data.total}
                onChange={setPage}
                showSizeChanger={false}
                showTotal={(t) => `共 ${t} 个应用`}
              />
            </Space>
          ) : (
            <Empty
              description={
                scope === 'favorite' ? '还没有收藏的应用' : scope === 'recent' ? '最近没有使用过应用' : '没有找到应用'
              }
            />
          )}
        </Spin>
      </Card>
    </div>
  );
}
