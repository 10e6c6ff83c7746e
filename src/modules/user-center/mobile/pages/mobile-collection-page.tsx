import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { List, SwipeAction, Tabs, Toast } from 'antd-mobile';
import { phoneLink } from '@/shared/approval-links';
import { PhoneListBody, usePhoneList } from '@/core/ui/phone-list';
import { listItems, setFavorite } from '@/modules/service-hall/api';
import { listFavorites, removeFavorite } from '../../api';
import { FAVORITE_KIND_LABELS, FAVORITE_KINDS, type FavoriteKind } from '../../contract';
import { PhoneFrame, phone } from '../components/phone-frame';

type Tab = 'item' | FavoriteKind;
interface Row {
  key: string;
  title: string;
  link: string;
  remove: () => Promise<unknown>;
}

/** /mobile/myCollection: favourites by kind; swipe to remove. */
export default function MobileCollectionPage() {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [tab, setTab] = useState<Tab>('item');
  const list = usePhoneList<Row>(['userCenter', 'favorites', 'phone', tab], async (page) => {
    if (tab === 'item') {
      const r = (await listItems({ favorites: true, page, pageSize: 20 })).data;
      return {
        ...r,
        list: r.list.map((i) => ({
          key: `i${i.id}`,
          title: i.name,
          link: `/mobile/eventServiceDetail?id=${i.id}`,
          remove: () => setFavorite(i.id, false),
        })),
      };
    }
    const r = (await listFavorites({ kind: tab, page, pageSize: 20 })).data;
    return {
      ...r,
      list: r.list.map((f) => ({
        key: String(f.id),
        title: f.title,
        link: phoneLink(f.link),
        remove: () => removeFavorite(tab, f.refKey),
      })),
    };
  });
  const off = useMutation({
    mutationFn: (r: Row) => r.remove(),
    onSuccess: () => {
      Toast.show({ content: '已取消收藏' });
      void qc.invalidateQueries({ queryKey: ['userCenter'] });
    },
  });
  return (
    <PhoneFrame title="我的收藏">
      <Tabs className={phone.tabs} activeKey={tab} onChange={(k) => setTab(k as Tab)}>
        {(['item', ...FAVORITE_KINDS] as Tab[]).map((k) => (
          <Tabs.Tab title={FAVORITE_KIND_LABELS[k]} key={k} />
        ))}
      </Tabs>
      <PhoneListBody list={list} label="收藏" empty="还没有收藏" unit="项">
        {list.rows.map((r) => (
          <SwipeAction
            key={r.key}
            rightActions={[{ key: 'off', text: '取消收藏', color: 'danger', onClick: () => off.mutate(r) }]}
          >
            <List.Item onClick={() => r.link.startsWith('/mobile/') && navigate(r.link)}>{r.title}</List.Item>
          </SwipeAction>
        ))}
      </PhoneListBody>
    </PhoneFrame>
  );
}
