import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Pagination, Segmented, Select, Skeleton, Tag } from 'antd';
import { useSession } from '@/core/session/store';
import { loginRedirect } from '@/core/routing/login-path';
import { fetchFacets, fetchSpecialServices, fetchTopAffairs, listItems, setFavorite } from '../../api';
import {
  AUDIENCE_LABELS,
  MODE_LABELS,
  type Audience,
  type CatalogueQuery,
  type HandlingMode,
  type ItemCard,
  type Theme,
} from '../../contract';
import { ItemCardView } from '../components/item-card';
import { specialBackground } from '../../components/labels';
import s from '../components/hall.module.css';
import { SearchInput } from '@/core/ui/text-input';

const PAGE_SIZE = 24;
type Scope = 'all' | 'favorites' | 'hot';

/**
 * /web/eventService/index 办事大厅 (open without a token): the catalogue of service items the caller
 * may see, by department, theme, audience and handling mode; favourites and most used for a
 * signed-in user; a visitor sees the public items and is asked to sign in to apply.
 */
export default function EventServiceIndexPage() {
  const signedIn = !!useSession((st) => st.token);
  const navigate = useNavigate();
  const client = useQueryClient();
  const [scope, setScope] = useState<Scope>('all');
  const [keyword, setKeyword] = useState('');
  const [departmentId, setDepartmentId] = useState<number>();
  const [theme, setTheme] = useState<Theme>();
  const [audience, setAudience] = useState<Audience>();
  const [mode, setMode] = useState<HandlingMode>();
  const [page, setPage] = useState(1);

  const q: Partial<CatalogueQuery> = {
    page,
    pageSize: PAGE_SIZE,
    keyword: keyword || undefined,
    departmentId,
    theme,
    audience,
    mode,
    favorites: scope === 'favorites' || undefined,
    sort: scope === 'hot' ? 'hot' : undefined,
  };
  const list = useQuery({
    queryKey: ['service-hall', 'list', signedIn, q],
    queryFn: () => listItems(q).then((r) => r.data),
  });
  const facets = useQuery({
    queryKey: ['service-hall', 'facets', signedIn],
    queryFn: () => fetchFacets().then((r) => r.data),
  });
  const top = useQuery({ queryKey: ['service-hall', 'top', signedIn], queryFn: () => fetchTopAffairs({ limit: 8 }) });
  const specials = useQuery({ queryKey: ['service-hall', 'specials'], queryFn: fetchSpecialServices });
  const favorite = useMutation({
    mutationFn: (item: ItemCard) => setFavorite(item.id, !item.favorite),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['service-hall', 'list'] }),
  });

  const reset =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage(1);
    };

  return (
    <div className={s.page}>
      <div className={s.banner}>
        <h2>办事大厅</h2>
        <p>一站查询学校各部门服务事项的办事指南，在线申请、线下办理与预约。</p>
        <SearchInput
          aria-label="搜索服务事项"
          placeholder="输入事项名称，如：请假、在读证明、校园网"
          enterButton="搜索"
          size="large"
          allowClear
          style={{ maxWidth: 560 }}
          onSearch={(v) => reset(setKeyword)(v.trim())}
        />
      </div>

      {!signedIn && (
        <Alert
          className={s.section}
          type="info"
          showIcon
          title="您正在以访客身份浏览，可查看公开事项的办事指南；登录后可在线办理、收藏事项。"
          action={
            <Button type="primary" size="small" onClick={() => navigate(loginRedirect('/web/eventService/index'))}>
              登录
            </Button>
          }
        />
      )}

      {!!specials.data?.length && (
        <Card title="专题服务" size="small" className={s.section}>
          <div className={s.specials}>
            {specials.data.map((sp, i) => (
              <Link
                key={sp.id}
                to={sp.path}
                className={s.special}
                style={{ backgroundImage: specialBackground(sp.bannerUrl, i) }}
              >
                <strong>{sp.name}</strong>
                <span>
                  {sp.summary} · {sp.itemCount} 项
                </span>
              </Link>
            ))}
          </div>
        </Card>
      )}

      {!!top.data?.length && (
        <Card title="热门事项" size="small" className={s.section}>
          <div className={s.strip}>
            {top.data.map((t) => (
              <Link key={t.id} to={t.path}>
                <Tag color="blue" style={{ fontSize: 14, padding: '2px 10px' }}>
                  {t.name}
                </Tag>
              </Link>
            ))}
          </div>
        </Card>
      )}

      <div className={s.layout}>
        <div>
          <Card title="按部门" size="small" className={`${s.filters} ${s.section}`}>
            {facets.isPending ? (
              <Skeleton active />
            ) : (
              <ul className={s.filterList} aria-label="按部门筛选">
                <li>
                  <button type="button" aria-pressed={!departmentId} onClick={() => reset(setDepartmentId)(undefined)}>
                    <span>全部部门</span>
                  </button>
                </li>
                {facets.data?.departments.map((d) => (
                  <li key={d.id}>
                    <button
                      type="button"
                      aria-pressed={departmentId === d.id}
                      onClick={() => reset(setDepartmentId)(d.id)}
                    >
                      <span>{d.name}</span>
                      <span>{d.count}</span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </Card>
          <Card title="按主题" size="small" className={`${s.filters} ${s.section}`}>
            <ul className={s.filterList} aria-label="按主题筛选">
              <li>
                <button type="button" aria-pressed={!theme} onClick={() => reset(setTheme)(undefined)}>
                  <span>全部主题</span>
                </button>
              </li>
              {facets.data?.themes.map((t) => (
                <li key={t.theme}>
                  <button
                    type="button"
                    aria-pressed={theme === t.theme}
                    onClick={() => reset(setTheme)(t.theme as Theme)}
                  >
                    <span>{t.theme}</span>
                    <span>{t.count}</span>
                  </button>
                </li>
              ))}
            </ul>
          </Card>
        </div>

        <Card
          size="small"
          title={
            <Segmented<Scope>
              value={scope}
              onChange={reset(setScope)}
              options={[
                { label: '全部事项', value: 'all' },
                { label: '最常办理', value: 'hot' },
                ...(signedIn ? [{ label: '我的收藏', value: 'favorites' as const }] : []),
              ]}
            />
          }
          extra={
            <div style={{ display: 'flex', gap: 8 }}>
              <Select<Audience>
                aria-label="服务对象"
                allowClear
                placeholder="服务对象"
                style={{ width: 120 }}
                value={audience}
                onChange={reset(setAudience)}
                options={(Object.keys(AUDIENCE_LABELS) as Audience[]).map((a) => ({
                  value: a,
                  label: AUDIENCE_LABELS[a],
                }))}
              />
              <Select<HandlingMode>
                aria-label="办理方式"
                allowClear
                placeholder="办理方式"
                style={{ width: 120 }}
                value={mode}
                onChange={reset(setMode)}
                options={(Object.keys(MODE_LABELS) as HandlingMode[]).map((m) => ({ value: m, label: MODE_LABELS[m] }))}
              />
            </div>
          }
        >
          {list.isPending ? (
            <Skeleton active paragraph={{ rows: 8 }} />
          ) : !list.data?.list.length ? (
            <Empty description={scope === 'favorites' ? '还没有收藏的事项' : '没有符合条件的事项'} />
          ) : (
            <>
              <div className={s.grid} role="list" aria-label="事项列表">
                {list.data.list.map((item) => (
                  <ItemCardView
                    key={item.id}
                    item={item}
                    onFavorite={signedIn ? (i) => favorite.mutate(i) : undefined}
                  />
                ))}
              </div>
              {list.data.total > PAGE_SIZE && (
                <Pagination
                  style={{ marginTop: 16, textAlign: 'right' }}
                  current={page}
                  pageSize={PAGE_SIZE}
                  total={list.data.total}
                  onChange={setPage}
                  showSizeChanger={false}
                  showTotal={(t) => `共 ${t} 项`}
                />
              )}
            </>
          )}
        </Card>
      </div>
    </div>
  );
}
