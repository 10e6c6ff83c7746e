import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CapsuleTabs, List, NavBar, Rate, Tabs, Toast } from 'antd-mobile';
import '@/core/ui/antd-mobile-setup';
import p from '@/core/ui/phone-page.module.css';
import { PhoneListBody, PhoneSearch, usePhoneList } from '@/core/ui/phone-list';
import { phoneLink } from '@/shared/approval-links';
import { fetchApps, fetchCategories, setFavorite } from '../../api';
import { launchApp } from '../../components/app-launch';
import type { AppListQuery, AppView } from '../../contract';
import s from './mobile-app-center.module.css';

type Scope = AppListQuery['scope'];

/** /mobile/applicationCenter: the apps this person may open on a phone — search, categories, favourites, recently used. */
export default function MobileAppCenterPage() {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [scope, setScope] = useState<Scope>('all');
  const [categoryId, setCategoryId] = useState<number | undefined>();
  const [keyword, setKeyword] = useState('');
  const cats = useQuery({
    queryKey: ['appCenter', 'categories', 'phone'],
    queryFn: () => fetchCategories('phone').then((r) => r.data),
  });
  const list = usePhoneList<AppView>(['appCenter', 'phone', scope, categoryId, keyword], (page) =>
    fetchApps({ page, pageSize: 20, scope, categoryId, keyword: keyword || undefined, device: 'phone' }).then(
      (r) => r.data,
    ),
  );
  const fav = useMutation({
    mutationFn: (a: AppView) => setFavorite(a.id, !a.favorite),
    onSuccess: (r) => {
      Toast.show({ content: r.message });
      void qc.invalidateQueries({ queryKey: ['appCenter'] });
    },
  });
  const open = (a: AppView) =>
    void launchApp(a, 'phone', (path) => navigate(phoneLink(path))).then(
      () => void qc.invalidateQueries({ queryKey: ['appCenter'] }),
      () => undefined,
    );
  return (
    <div className={p.page}>
      <NavBar className={p.nav} onBack={() => navigate('/mobile/home')}>
        应用中心
      </NavBar>
      <PhoneSearch placeholder="搜索应用名称或拼音" label="搜索应用" maxLength={40} onSearch={setKeyword} />
      <Tabs className={p.tabs} activeKey={scope} onChange={(k) => setScope(k as Scope)}>
        <Tabs.Tab title="全部" key="all" />
        <Tabs.Tab title="我的收藏" key="favorite" />
        <Tabs.Tab title="最近使用" key="recent" />
      </Tabs>
      {scope === 'all' && (
        <div className={s.cats}>
          <CapsuleTabs
            activeKey={String(categoryId ?? 'all')}
            onChange={(k) => setCategoryId(k === 'all' ? undefined : Number(k))}
          >
            <CapsuleTabs.Tab title="全部" key="all" />
            {(cats.data ?? []).map((c) => (
              <CapsuleTabs.Tab title={c.name} key={String(c.id)} />
            ))}
          </CapsuleTabs>
        </div>
      )}
      <PhoneListBody
        list={list}
        label="应用列表"
        unit="个应用"
        empty={scope === 'favorite' ? '还没有收藏的应用' : scope === 'recent' ? '最近没有使用过应用' : '没有找到应用'}
      >
        {list.rows.map((a) => (
          <List.Item
            key={a.id}
            className={p.row}
            prefix={
              <span className={s.badge} style={{ background: a.color }}>
                {[...a.name][0]}
              </span>
            }
            description={
              <>
                <div>{a.description}</div>
                <Rate readOnly allowHalf value={a.rating} style={{ '--star-size': '12px' }} />
              </>
            }
            extra={
              <button
                type="button"
                className={s.star}
                aria-label={a.favorite ? `取消收藏${a.name}` : `收藏${a.name}`}
                onClick={(e) => {
                  e.stopPropagation();
                  fav.mutate(a);
                }}
              >
                {a.favorite ? '★' : '☆'}
              </button>
            }
            onClick={() => open(a)}
          >
            {a.name}
          </List.Item>
        ))}
      </PhoneListBody>
    </div>
  );
}
